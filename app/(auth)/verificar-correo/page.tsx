import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { FormAlert } from "@/components/auth/form-alert";
import { verifyEmailToken, type VerifyOutcome } from "@/lib/auth/email-verification";
import { currentUser } from "@/lib/auth/guards";
import { dashboardFor } from "@/lib/auth/redirects";
import { searchParamValues, type PageSearchParams } from "@/lib/list/query-params";

export const metadata: Metadata = {
  title: "Verificar correo",
  description: "Confirma tu dirección de correo electrónico.",
  // The link's token must not travel to other sites in a Referer header.
  referrer: "no-referrer",
};

const OUTCOMES: Record<VerifyOutcome["status"], { tone: "success" | "error"; text: string }> = {
  verified: { tone: "success", text: "¡Listo! Tu correo quedó verificado." },
  used: { tone: "error", text: "Este enlace ya se usó. Si tu correo aún figura como no verificado, pide un enlace nuevo desde tu panel." },
  expired: { tone: "error", text: "Este enlace venció (dura 24 horas). Pide uno nuevo con «Reenviar enlace» desde tu panel." },
  stale: { tone: "error", text: "Este enlace era para una dirección que ya no es la de tu cuenta. Usa el enlace enviado a tu correo actual." },
  invalid: { tone: "error", text: "El enlace no es válido o fue reemplazado por uno más reciente. Pide uno nuevo desde tu panel." },
};

/** Following the link e-mailed at registration or after an e-mail change: the outcome, in Spanish. */
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const { token } = searchParamValues(await searchParams);
  const outcome = await verifyEmailToken(token);
  const { tone, text } = OUTCOMES[outcome.status];
  const user = await currentUser();

  return (
    <AuthCard
      title="Verificar correo"
      icon="mail"
      description={outcome.status === "verified" ? `La dirección ${outcome.email} está confirmada.` : undefined}
      footer={
        <Link
          href={user ? dashboardFor(user.role) : "/login"}
          className="rounded font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline"
        >
          {user ? "Ir a mi panel" : "Ir a Iniciar Sesión"}
        </Link>
      }
    >
      <FormAlert tone={tone} message={text} />
    </AuthCard>
  );
}
