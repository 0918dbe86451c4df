import { currentSession } from "@/lib/auth/guards";
import { ResendVerificationButton } from "./resend-verification-button";

/**
 * A quiet line at the top of the signed-in areas while the user's address is not verified:
 * the account works meanwhile, but Google sign-in cannot be linked to it until it is. Read from
 * the request's session lookup, which the area's guard has already made.
 */
export async function EmailVerificationBanner() {
  const session = await currentSession();
  if (!session || session.emailVerified) return null;
  return (
    <section aria-label="Verificación de correo" className="border-b border-brand-100 bg-brand-50">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5 text-sm text-ink-800 sm:px-6 lg:px-8">
        <p className="min-w-0 flex-1">
          Tu correo <span className="font-semibold break-all">{session.user.email}</span> aún no está verificado. Abre el enlace que te enviamos para confirmarlo.
        </p>
        <ResendVerificationButton />
      </div>
    </section>
  );
}
