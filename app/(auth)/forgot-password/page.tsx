import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";

export const metadata: Metadata = {
  title: "Recuperar contraseña",
  description: "Recibe un enlace para restablecer la contraseña de tu cuenta.",
};

export default function ForgotPasswordPage() {
  return (
    <AuthCard
      title="¿Olvidaste tu contraseña?"
      icon="mail"
      description="Ingresa el correo de tu cuenta y te enviaremos un enlace para elegir una nueva contraseña."
      footer={
        <Link href="/login" className="rounded font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline">
          Volver a Iniciar Sesión
        </Link>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
