// Where people land. Pure: proxy.ts, layouts, actions and screens share it.

export type Role = "client" | "admin";

export function dashboardFor(role: Role | null | undefined) {
  return role === "admin" ? "/admin/dashboard" : "/client/dashboard";
}

/**
 * A same-site path to return to after sign-in, or null. Anything that could leave the
 * site (absolute URLs, "//host", "/\host", schemes) or loop back to the auth screens is refused.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  if (/[\u0000-\u001f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, "http://localhost");
  } catch {
    return null;
  }
  if (url.origin !== "http://localhost") return null;
  if (/^\/(login|register|forgot-password|reset-password)(\/|$)/.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where to go after sign-in: the kept location when it suits the role, else the role's dashboard. */
export function afterSignIn(role: Role, returnTo: string | null | undefined) {
  const path = safeReturnPath(returnTo);
  if (!path) return dashboardFor(role);
  const area = path.startsWith("/admin") ? "admin" : path.startsWith("/client") ? "client" : null;
  if ((area === "admin" && role !== "admin") || (area === "client" && role === "admin")) return dashboardFor(role);
  return path;
}

export function loginUrl(returnTo: string) {
  return `/login?callbackUrl=${encodeURIComponent(returnTo)}`;
}
