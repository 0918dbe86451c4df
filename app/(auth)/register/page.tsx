import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { currentUser } from "@/lib/auth/guards";
import { dashboardFor } from "@/lib/auth/redirects";
import { RegisterForm } from "@/components/auth/register-form";

export const metadata: Metadata = {
  title: "Crear una cuenta",
  description: "Crea tu cuenta de cliente en Lumen Consultoría TI.",
};

export default async function RegisterPage() {
  const user = await currentUser();
  if (user) redirect(dashboardFor(user.role));

  return (
    <AuthCard
      title="Crear una cuenta"
      icon="user"
      description="Regístrate para seguir tus servicios, facturas y tickets de soporte en un solo lugar."
      footer={
        <>
          ¿Ya tienes una cuenta?{" "}
          <Link href="/login" className="rounded font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline">
            Iniciar Sesión
          </Link>
        </>
      }
    >
      <RegisterForm />
    </AuthCard>
  );
}
