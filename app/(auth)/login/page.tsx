import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { GoogleButton } from "@/components/auth/google-button";
import { googleSignInEnabled } from "@/lib/auth";
import { currentUser } from "@/lib/auth/guards";
import { GOOGLE_REFUSAL_CODES, GOOGLE_SIGN_IN_MESSAGES } from "@/lib/auth/google-messages";
import { afterSignIn, safeReturnPath } from "@/lib/auth/redirects";
import { AUTH_MESSAGES } from "@/lib/auth/form-state";
import { TWO_FACTOR_MESSAGES } from "@/lib/auth/two-factor-schema";
import { searchParamValues, type PageSearchParams } from "@/lib/list/query-params";
import { LoginForm } from "@/components/auth/login-form";

export const metadata: Metadata = {
  title: "Iniciar Sesión",
  description: "Accede a tu panel de cliente o de administración de Lumen Consultoría TI.",
};

/** Auth.js sends errors back here as ?error=…(&code=…). */
function errorFromAuthJs(error: string | undefined, code: string | undefined) {
  if (!error) return undefined;
  if (error === "CredentialsSignin") {
    if (code === "rate_limited") return AUTH_MESSAGES.tooManyAttempts;
    // Auth.js's own form post with a password alone, for an account with a second factor.
    if (code === "two_factor_required") return AUTH_MESSAGES.twoFactorRequired;
    if (code === "challenge_expired") return TWO_FACTOR_MESSAGES.expired;
    if (code === "invalid_code") return TWO_FACTOR_MESSAGES.wrongCode;
    return AUTH_MESSAGES.invalidCredentials;
  }
  if (error === GOOGLE_REFUSAL_CODES.two_factor) return GOOGLE_SIGN_IN_MESSAGES.twoFactor;
  if (error === GOOGLE_REFUSAL_CODES.google_email_unverified) return GOOGLE_SIGN_IN_MESSAGES.googleEmailUnverified;
  if (error === GOOGLE_REFUSAL_CODES.account_unverified) return GOOGLE_SIGN_IN_MESSAGES.accountUnverified;
  if (error === GOOGLE_REFUSAL_CODES.unavailable) return GOOGLE_SIGN_IN_MESSAGES.unavailable;
  return AUTH_MESSAGES.googleFailed;
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const params = searchParamValues(await searchParams);
  const callbackUrl = safeReturnPath(params.callbackUrl) ?? "";

  // Already signed in: straight to where they were going.
  const user = await currentUser();
  if (user) redirect(afterSignIn(user.role, callbackUrl));

  return (
    <AuthCard title="Iniciar Sesión" description="Accede a tu panel para ver tus servicios, facturas y tickets de soporte.">
      <LoginForm
        callbackUrl={callbackUrl}
        google={googleSignInEnabled() ? <GoogleButton callbackUrl={callbackUrl || undefined} /> : null}
        signedOut={params.sesion === "cerrada"}
        initialError={errorFromAuthJs(params.error, params.code)}
      />
    </AuthCard>
  );
}
