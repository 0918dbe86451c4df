import { smtpConfigured } from "@/lib/mail";

/**
 * Told to every admin on every screen while outgoing e-mail is not configured (no SMTP_URL):
 * replies and notices are then stored and logged as not sent, never e-mailed. Read per request,
 * so it goes away with the restart that sets SMTP_URL.
 */
export function OutboundMailBanner() {
  if (smtpConfigured()) return null;
  return (
    <div role="status" data-testid="outbound-mail-banner" className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:px-6 lg:px-8">
      <p className="mx-auto max-w-6xl">
        <strong className="font-semibold">El correo saliente no está configurado: las respuestas no se envían</strong>. Quedan guardadas como «No
        enviado»; configura SMTP_URL en el servidor y usa «Reenviar».
      </p>
    </div>
  );
}
