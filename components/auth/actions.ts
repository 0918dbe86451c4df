"use server";

import { redirect } from "next/navigation";
import { signIn, signOut } from "@/lib/auth";
import { safeReturnPath } from "@/lib/auth/redirects";

/** Where the login screen shows the "Sesión cerrada" toast (once). */
const SIGNED_OUT_PATH = "/login?sesion=cerrada";

/** Logout from any area (spec §8 "Sesión cerrada"): the session cookie goes, then the login screen. */
export async function signOutAction(): Promise<void> {
  await signOut({ redirect: false });
  redirect(SIGNED_OUT_PATH);
}

/**
 * Google sign-in: off to Google, then back to the kept location when it is a same-site path,
 * else to /dashboard, which proxy.ts turns into the user's own dashboard (the role is only
 * known after sign-in).
 */
export async function googleSignInAction(formData: FormData): Promise<void> {
  const callbackUrl = formData.get("callbackUrl");
  await signIn("google", { redirectTo: safeReturnPath(typeof callbackUrl === "string" ? callbackUrl : null) ?? "/dashboard" });
}
