import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { dashboardFor, loginUrl } from "./redirects";
import { readSessionToken } from "./session-token";
import { endSession, findActiveSession, type ActiveSession } from "./sessions";

// Second line behind proxy.ts: every signed-in layout, page and server action checks again,
// against the server-side session (proxy.ts only decodes the cookie).

/** The path proxy.ts saw, so a layout can send a visitor to /login and back. */
async function requestedPath(fallback: string) {
  return (await headers()).get("x-return-to") || fallback;
}

/**
 * The open session of this request and its user as the database has it now, or null. Once per
 * request however many layouts, pages and actions ask (React cache()). Actions that end the
 * user's other sessions pass its sessionId to endUserSessions as exceptSessionId.
 */
export const currentSession = cache(async (): Promise<ActiveSession | null> => {
  const token = await readSessionToken({ headers: await headers() });
  const session = token ? await findActiveSession(token.sid, token.sub) : null;
  if (session && (token?.role === "admin" ? "admin" : "client") !== session.user.role) {
    // The role changed since sign-in. proxy.ts routes by the role inside the cookie, which is
    // never re-issued, so it and these guards would send the user back and forth between the
    // areas: end this session instead, and the user signs in again with the new role.
    await endSession(token?.sid);
    return null;
  }
  return session;
});

export async function currentUser() {
  return (await currentSession())?.user ?? null;
}

/** The /client area: any signed-in user except admins, who go to their own dashboard. */
export async function requireClientAreaUser() {
  const user = await currentUser();
  if (!user) redirect(loginUrl(await requestedPath("/client/dashboard")));
  if (user.role === "admin") redirect(dashboardFor("admin"));
  return user;
}

/** Where an admin sets up the second factor ("Seguridad" of the profile). */
export const TWO_FACTOR_ENROLMENT_PATH = "/admin/profile";

/**
 * The /admin area: admins only; other signed-in users go to their own dashboard. When the
 * settings require a second factor of admins, an admin without one sees only the enrolment
 * screen (TWO_FACTOR_ENROLMENT_PATH): every other admin page sends them there. Every admin page
 * calls this (the layout too), so a client-side navigation, which re-renders only the page, is
 * checked as well.
 */
export async function requireAdmin() {
  const session = await currentSession();
  const path = await requestedPath("/admin/dashboard");
  if (!session) redirect(loginUrl(path));
  const { user } = session;
  if (user.role !== "admin") redirect(dashboardFor(user.role));
  if (path.split(/[?#]/)[0] !== TWO_FACTOR_ENROLMENT_PATH && session.mustEnrolTwoFactor) {
    redirect(`${TWO_FACTOR_ENROLMENT_PATH}?segundo-factor=requerido#seguridad`);
  }
  return user;
}

/** For server actions: the signed-in user or an error the form can show. */
export async function requireSignedInForAction() {
  const user = await currentUser();
  if (!user) throw new Error("Tu sesión expiró. Inicia sesión de nuevo.");
  return user;
}
