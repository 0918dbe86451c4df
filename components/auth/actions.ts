"use server";

import { redirect, unstable_rethrow } from "next/navigation";
import type { ActionResult } from "@/lib/actions/run";
import { signIn, signOut, googleSignInEnabled } from "@/lib/auth";
import { resendEmailVerification } from "@/lib/auth/email-verification";
import { currentUser } from "@/lib/auth/guards";
import { GOOGLE_REFUSAL_CODES, GOOGLE_SIGN_IN_MESSAGES } from "@/lib/auth/google-messages";
import { safeReturnPath } from "@/lib/auth/redirects";

/** Where the login screen shows the "Sesión cerrada" toast (once). */
const SIGNED_OUT_PATH = "/login?sesion=cerrada";

/** Logout from any area (spec §8 "Sesión cerrada"): the session cookie goes, then the login screen. */
export async function signOutAction(): Promise<void> {
  await signOut({ redirect: false });
  redirect(SIGNED_OUT_PATH);
}

/** What the Google action answers when it does not leave for Google (never an exception). */
export type GoogleSignInRefusal = { ok: false; status: 400 | 404; message: string };

/**
 * Google sign-in: off to Google, then back to the kept location when it is a same-site path,
 * else to /dashboard, which proxy.ts turns into the user's own dashboard (the role is only
 * known after sign-in). Anything but a form (400), or Google sign-in not configured (404), is
 * answered with a refusal and signIn is never called. Should the provider be unreachable, the
 * login screen says so.
 */
export async function googleSignInAction(formData: FormData): Promise<GoogleSignInRefusal | undefined> {
  const refused = await refuseGoogleSignIn(formData);
  if (refused) return refused;
  const callbackUrl = formData.get("callbackUrl");
  try {
    await signIn("google", { redirectTo: safeReturnPath(typeof callbackUrl === "string" ? callbackUrl : null) ?? "/dashboard" });
  } catch (error) {
    unstable_rethrow(error); // the redirect to Google
    console.error("[google] No se pudo iniciar el inicio de sesión con Google", error);
    redirect(`/login?error=${GOOGLE_REFUSAL_CODES.unavailable}`);
  }
  return undefined;
}

async function refuseGoogleSignIn(formData: unknown): Promise<GoogleSignInRefusal | null> {
  if (!(formData instanceof FormData)) return { ok: false, status: 400, message: GOOGLE_SIGN_IN_MESSAGES.invalidRequest };
  if (!googleSignInEnabled()) return { ok: false, status: 404, message: GOOGLE_SIGN_IN_MESSAGES.unavailable };
  return null;
}

const RESEND_MESSAGES = {
  sent: "Te enviamos un nuevo enlace de verificación.",
  alreadyVerified: "Tu correo ya está verificado.",
  rateLimited: "Ya te enviamos varios enlaces. Revisa tu bandeja (y la carpeta de spam) o inténtalo en unos minutos.",
  signedOut: "Tu sesión expiró. Inicia sesión de nuevo.",
} as const;

/**
 * «Reenviar enlace» of the unverified-address banner: a fresh link to the signed-in user's
 * current address (rate limited). Takes no arguments; whatever is passed is ignored.
 */
export async function resendVerificationAction(): Promise<ActionResult<{ message: string }>> {
  const user = await currentUser();
  if (!user) return { ok: false, status: 401, message: RESEND_MESSAGES.signedOut };
  const outcome = await resendEmailVerification(user.id);
  if (outcome.status === "rate_limited") return { ok: false, status: 429, message: RESEND_MESSAGES.rateLimited };
  return { ok: true, data: { message: outcome.status === "sent" ? RESEND_MESSAGES.sent : RESEND_MESSAGES.alreadyVerified } };
}
