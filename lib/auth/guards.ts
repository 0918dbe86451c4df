import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { auth } from "./index";
import { dashboardFor, loginUrl } from "./redirects";

// Second line behind proxy.ts: every signed-in layout, page and server action checks again.

/** The path proxy.ts saw, so a layout can send a visitor to /login and back. */
async function requestedPath(fallback: string) {
  return (await headers()).get("x-return-to") || fallback;
}

export async function currentUser() {
  const session = await auth();
  return session?.user?.id ? session.user : null;
}

/** The /client area: any signed-in user except admins, who go to their own dashboard. */
export async function requireClientAreaUser() {
  const user = await currentUser();
  if (!user) redirect(loginUrl(await requestedPath("/client/dashboard")));
  if (user.role === "admin") redirect(dashboardFor("admin"));
  return user;
}

/** The /admin area: admins only; other signed-in users go to their own dashboard. */
export async function requireAdmin() {
  const user = await currentUser();
  if (!user) redirect(loginUrl(await requestedPath("/admin/dashboard")));
  if (user.role !== "admin") redirect(dashboardFor(user.role));
  return user;
}

/** For server actions: the signed-in user or an error the form can show. */
export async function requireSignedInForAction() {
  const user = await currentUser();
  if (!user) throw new Error("Tu sesión expiró. Inicia sesión de nuevo.");
  return user;
}
