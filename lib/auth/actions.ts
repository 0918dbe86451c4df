"use server";

import { AuthError, CredentialsSignin } from "next-auth";
import { headers } from "next/headers";
import { redirect, unstable_rethrow } from "next/navigation";
import type { z } from "zod";
import type { ActionResult } from "@/lib/actions/run";
import { googleSignInEnabled, signIn, signOut } from "@/lib/auth";
import { EmailTakenError, RateLimitedError, registerClient } from "@/lib/auth/accounts";
import { consentColumns } from "@/lib/legal/consent";
import { resendEmailVerification } from "@/lib/auth/email-verification";
import { currentUser } from "@/lib/auth/guards";
import { GOOGLE_REFUSAL_CODES, GOOGLE_SIGN_IN_MESSAGES } from "@/lib/auth/google-messages";
import { InvalidResetTokenError, resetPassword, startPasswordReset } from "@/lib/auth/password-reset";
import { afterSignIn, dashboardFor, safeReturnPath } from "@/lib/auth/redirects";
import { forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema } from "@/lib/auth/schema";
import { challengeUser, passwordStep } from "@/lib/auth/two-factor";
import { TWO_FACTOR_MESSAGES, twoFactorLoginSchema } from "@/lib/auth/two-factor-schema";
import { db } from "@/lib/db";
import { clientIp } from "@/lib/client-address";
import {
  AUTH_MESSAGES,
  type FieldErrors,
  type ForgotPasswordState,
  type LoginState,
  type RegisterField,
  type RegisterState,
  type ResetPasswordState,
  type TwoFactorLoginState,
} from "@/lib/auth/form-state";

// The sign-in server actions: the screens' forms (login, register, forgot and reset password),
// Google sign-in, sign-out and the unverified address's «Reenviar enlace». Thin: parse, call
// lib/auth, shape the answer.
//
// The screens' forms call them with JavaScript (and then navigate and toast themselves, flagged
// by "js" = "1") or post to them natively without it (then success redirects).

/**
 * A text field of the form; anything else (missing, a file, or no form at all in a hand-made
 * request) is "". Long values are cut.
 */
function text(formData: FormData, name: string, max = 10_000): string {
  const value = formData instanceof FormData ? formData.get(name) : null;
  return typeof value === "string" ? value.slice(0, max) : "";
}

async function requestIp() {
  return clientIp(await headers());
}

/** The first message per field of a zod error. */
function fieldErrors<Field extends string>(error: z.ZodError): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "") as Field;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

function signInFailureMessage(error: unknown) {
  return error instanceof CredentialsSignin && error.code === "rate_limited" ? AUTH_MESSAGES.tooManyAttempts : AUTH_MESSAGES.invalidCredentials;
}

export async function loginAction(_previous: LoginState, formData: FormData): Promise<LoginState> {
  const email = text(formData, "email", 400);
  const callbackUrl = text(formData, "callbackUrl", 2000);
  const failed = (message: string): LoginState => ({ status: "error", message, email, at: Date.now() });

  const parsed = loginSchema.safeParse({ email, password: text(formData, "password", 400) });
  if (!parsed.success) return failed(AUTH_MESSAGES.invalidCredentials);

  // An account with a second factor: the password is checked here and a right one leads to the
  // code step; it never opens a session by itself.
  try {
    const step = await passwordStep(parsed.data.email, parsed.data.password, await requestIp());
    if (step.kind === "wrong_password") return failed(AUTH_MESSAGES.invalidCredentials);
    if (step.kind === "challenge") return { status: "two_factor", challenge: step.challenge, expiresAt: step.expiresAt.getTime(), email, at: Date.now() };
  } catch (error) {
    if (error instanceof RateLimitedError) return failed(AUTH_MESSAGES.tooManyAttempts);
    console.error("[login] Error inesperado al iniciar sesión", error);
    return failed(AUTH_MESSAGES.invalidCredentials);
  }

  try {
    await signIn("credentials", { email: parsed.data.email, password: parsed.data.password, redirect: false });
  } catch (error) {
    unstable_rethrow(error);
    if (!(error instanceof AuthError)) console.error("[login] Error inesperado al iniciar sesión", error);
    return failed(signInFailureMessage(error));
  }

  const user = await db.user.findUnique({ where: { email: parsed.data.email }, select: { name: true, role: true } });
  const redirectTo = afterSignIn(user?.role ?? "client", callbackUrl);
  if (text(formData, "js") === "1") return { status: "success", redirectTo, name: user?.name ?? "" };
  redirect(redirectTo);
}

/** What the second step says for each refusal of the Credentials provider. */
function twoFactorFailure(error: unknown): { message: string; expired: boolean } {
  const code = error instanceof CredentialsSignin ? error.code : "";
  if (code === "rate_limited") return { message: AUTH_MESSAGES.tooManyAttempts, expired: false };
  if (code === "challenge_expired") return { message: TWO_FACTOR_MESSAGES.expired, expired: true };
  return { message: TWO_FACTOR_MESSAGES.wrongCode, expired: false };
}

/**
 * «Verificación en dos pasos», the sign-in screen's second step: the challenge the password
 * gave and a code from the app (or a recovery code) open the session through the Credentials
 * provider. Like loginAction, with JavaScript it answers where to go; without, it redirects.
 */
export async function twoFactorLoginAction(_previous: TwoFactorLoginState, formData: FormData): Promise<TwoFactorLoginState> {
  const callbackUrl = text(formData, "callbackUrl", 2000);
  const failed = (message: string, expired = false): TwoFactorLoginState => ({ status: "error", message, expired, at: Date.now() });
  const parsed = twoFactorLoginSchema.safeParse({ challenge: text(formData, "challenge", 400), code: text(formData, "code", 400) });
  if (!parsed.success) {
    const errors = fieldErrors<"challenge" | "code">(parsed.error);
    return errors.challenge ? failed(TWO_FACTOR_MESSAGES.expired, true) : failed(errors.code ?? TWO_FACTOR_MESSAGES.wrongCode);
  }
  // Who is signing in (for where they land): read before the challenge is used up.
  const user = await challengeUser(parsed.data.challenge);
  if (!user) return failed(TWO_FACTOR_MESSAGES.expired, true);

  try {
    await signIn("credentials", { challenge: parsed.data.challenge, code: parsed.data.code, redirect: false });
  } catch (error) {
    unstable_rethrow(error);
    if (!(error instanceof AuthError)) console.error("[login] Error inesperado en la verificación en dos pasos", error);
    const failure = twoFactorFailure(error);
    return failed(failure.message, failure.expired);
  }

  const redirectTo = afterSignIn(user.role, callbackUrl);
  if (text(formData, "js") === "1") return { status: "success", redirectTo, name: user.name };
  redirect(redirectTo);
}

export async function registerAction(_previous: RegisterState, formData: FormData): Promise<RegisterState> {
  const input = {
    name: text(formData, "name", 400),
    email: text(formData, "email", 400),
    password: text(formData, "password", 400),
    password_confirmation: text(formData, "password_confirmation", 400),
    // The screen's box is posted only when ticked: unticked is a refusal, never "not asked".
    privacy_accepted: formData instanceof FormData && formData.has("privacy_accepted"),
  };
  const failed = (errors: FieldErrors<RegisterField>, message?: string): RegisterState => ({
    status: "error",
    message,
    errors,
    values: { name: input.name, email: input.email },
    at: Date.now(),
  });

  const parsed = registerSchema.safeParse(input);
  if (!parsed.success) return failed(fieldErrors<RegisterField>(parsed.error));

  try {
    await registerClient(parsed.data, await requestIp(), consentColumns(parsed.data.privacy_accepted));
  } catch (error) {
    if (error instanceof EmailTakenError) return failed({ email: error.message }, error.message);
    if (error instanceof RateLimitedError) return failed({}, AUTH_MESSAGES.tooManyAttempts);
    console.error("[register] No se pudo crear la cuenta", error);
    return failed({}, AUTH_MESSAGES.registerFailed); // internals are never shown
  }

  // The account exists: sign the new client in. Should that fail, they can still log in.
  try {
    await signIn("credentials", { email: parsed.data.email, password: parsed.data.password, redirect: false });
  } catch (error) {
    unstable_rethrow(error);
    console.error("[register] Cuenta creada, pero no se pudo iniciar la sesión", error);
    return { status: "success", redirectTo: "/login" };
  }
  return { status: "success", redirectTo: dashboardFor("client") };
}

export async function forgotPasswordAction(_previous: ForgotPasswordState, formData: FormData): Promise<ForgotPasswordState> {
  const email = text(formData, "email", 400);
  const parsed = forgotPasswordSchema.safeParse({ email });
  if (!parsed.success) return { status: "error", errors: fieldErrors<"email">(parsed.error), email, at: Date.now() };

  // The answer never tells whether the e-mail exists, nor whether this IP was rate limited;
  // the lookup and the e-mail happen after it is sent, so it takes the same time either way.
  try {
    await startPasswordReset(parsed.data.email, await requestIp());
  } catch (error) {
    if (!(error instanceof RateLimitedError)) console.error("[forgot-password] No se pudo procesar la solicitud", error);
  }
  return { status: "sent", at: Date.now() };
}

export async function resetPasswordAction(_previous: ResetPasswordState, formData: FormData): Promise<ResetPasswordState> {
  const parsed = resetPasswordSchema.safeParse({
    token: text(formData, "token", 400),
    password: text(formData, "password", 400),
    password_confirmation: text(formData, "password_confirmation", 400),
  });
  if (!parsed.success) {
    const errors = fieldErrors<"token" | "password" | "password_confirmation">(parsed.error);
    if (errors.token) return { status: "invalid" };
    return { status: "error", errors: { password: errors.password, password_confirmation: errors.password_confirmation }, at: Date.now() };
  }

  try {
    await resetPassword(parsed.data.token, parsed.data.password);
  } catch (error) {
    if (error instanceof InvalidResetTokenError) return { status: "invalid" };
    console.error("[reset-password] No se pudo actualizar la contraseña", error);
    return { status: "error", message: AUTH_MESSAGES.resetFailed, errors: {}, at: Date.now() };
  }
  return { status: "done" };
}

// ── Session, Google, verification ────────────────────────────────────────────

/** Where the login screen shows the "Sesión cerrada" toast (once). */
const SIGNED_OUT_PATH = "/login?sesion=cerrada";

/** Logout from any area: the session cookie goes, then the login screen (which says "Sesión cerrada"). */
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
