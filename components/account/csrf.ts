// The CSRF header of cookie-authenticated API writes, for every client component that calls the
// REST API itself (the notification bell, the media upload): the XSRF-TOKEN cookie is echoed in
// X-XSRF-TOKEN. Without the cookie, GET /sanctum/csrf-cookie sets it first; a 419 means it
// expired, so a fresh one is fetched and the request sent once more.

export const CSRF_COOKIE_NAME = "XSRF-TOKEN";
export const CSRF_HEADER_NAME = "X-XSRF-TOKEN";

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join("="));
    } catch {
      return null;
    }
  }
  return null;
}

/** Asks the server for a fresh token (it sets the cookie) and returns it ("" if none came). */
export async function refreshCsrfToken(): Promise<string> {
  await fetch("/sanctum/csrf-cookie", { credentials: "same-origin", cache: "no-store" });
  return readCookie(CSRF_COOKIE_NAME) ?? "";
}

/** The token the page already has, or a fresh one. */
export async function csrfToken(): Promise<string> {
  return readCookie(CSRF_COOKIE_NAME) ?? (await refreshCsrfToken());
}

/**
 * Runs `send` with the token; on a 419 (token expired or unknown) fetches a fresh token and
 * sends once more. `send` builds the whole request, so it works for fetch and XMLHttpRequest alike.
 */
export async function withCsrfToken<T extends { status: number }>(send: (token: string) => Promise<T>): Promise<T> {
  const answer = await send(await csrfToken());
  if (answer.status !== 419) return answer;
  return send(await refreshCsrfToken());
}
