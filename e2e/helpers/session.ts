import type { BrowserContext } from "@playwright/test";
import { encode } from "next-auth/jwt";
import pg from "pg";

// Signed-in e2e tests without going through the login form: mint the Auth.js session cookie
// the server would set (a JWT encrypted with AUTH_SECRET, salt = the cookie's name) for a
// user read from the server's database (E2E_DATABASE_URL, see playwright.config.ts).
// Against a server started with a different AUTH_SECRET, export that secret before the run.

/** Auth.js names the cookie "__Secure-…" in production (npm start) and plainly in development. */
export const SESSION_COOKIES = ["authjs.session-token", "__Secure-authjs.session-token"] as const;

export type SessionUser = { id: string; name: string; email: string; role: "admin" | "client" };

/** A short-lived pg client on the server's database; always closed. */
export async function withDb<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const connectionString = process.env.E2E_DATABASE_URL;
  if (!connectionString) throw new Error("E2E_DATABASE_URL is not set (playwright.config.ts sets it)");
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function findUserByEmail(email: string): Promise<SessionUser> {
  const { rows } = await withDb((db) =>
    db.query<SessionUser>("select id, name, email, role::text as role from users where email = $1", [email.toLowerCase()]),
  );
  if (!rows[0]) throw new Error(`No user ${email} in the e2e database`);
  return rows[0];
}

/** The cookie value the server would give this user, under the given cookie name (the JWT's salt). */
export async function mintSessionToken(user: SessionUser, cookieName: string = SESSION_COOKIES[0]): Promise<string> {
  const secret = process.env.AUTH_SECRET;
  if (!secret) throw new Error("AUTH_SECRET is not set (playwright.config.ts sets it)");
  return encode({
    secret,
    salt: cookieName,
    maxAge: 60 * 60,
    token: { sub: user.id, name: user.name, email: user.email, role: user.role, roleCheckedAt: Date.now() },
  });
}

/**
 * Signs the browser context in as the given user (by e-mail, or a user row). Both cookie
 * names are set, so it works against a development and a production server alike
 * (browsers accept Secure cookies on http://localhost).
 */
export async function signInAs(context: BrowserContext, baseURL: string, who: string | SessionUser): Promise<SessionUser> {
  const user = typeof who === "string" ? await findUserByEmail(who) : who;
  const { hostname } = new URL(baseURL);
  await context.addCookies(
    await Promise.all(
      SESSION_COOKIES.map(async (name) => ({
        name,
        value: await mintSessionToken(user, name),
        domain: hostname,
        path: "/",
        httpOnly: true,
        secure: name.startsWith("__Secure-"),
        sameSite: "Lax" as const,
      })),
    ),
  );
  return user;
}

export const SEEDED_ADMIN = { email: "admin@lumenti.pe", password: "Admin#2026" } as const;
export const SEEDED_CLIENT = { email: "cliente@lumenti.pe", password: "Cliente#2026" } as const;
