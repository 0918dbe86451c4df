import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { isPasswordResetTokenUsable } from "@/lib/auth/password-reset";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";

export const metadata: Metadata = {
  title: "Restablecer contraseña",
  description: "Elige una nueva contraseña para tu cuenta.",
  // The link's token must not travel to other sites in a Referer header.
  referrer: "no-referrer",
};

export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const usable = await isPasswordResetTokenUsable(token);

  return (
    <AuthCard
      title="Restablecer contraseña"
      icon="key"
      description={usable ? "Elige una nueva contraseña para tu cuenta. Este enlace solo puede usarse una vez." : undefined}
      footer={
        <Link href="/login" className="rounded font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline">
          Volver a Iniciar Sesión
        </Link>
      }
    >
      <ResetPasswordForm token={token} usable={usable} />
    </AuthCard>
  );
}
