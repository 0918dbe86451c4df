"use server";

import { redirect, unstable_rethrow } from "next/navigation";
import { signIn, signOut, googleSignInEnabled } from "@/lib/auth";
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
