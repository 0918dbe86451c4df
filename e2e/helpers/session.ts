import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { BrowserContext } from "@playwright/test";
import { encode } from "next-auth/jwt";
import pg from "pg";
import { RENDER_SETTLE_MS } from "../../lib/render-settle";
import { REFRESH_JOB } from "../../lib/sitemap/refresh-job";

// Signed-in e2e tests without going through the login form: do what the server's sign-in
// does (lib/auth/sessions.ts createSession: a row in `sessions` holding the SHA-256 of a random
// session id) and mint the Auth.js session cookie it would set (a JWT carrying that id as
// `sid`, encrypted with AUTH_SECRET, salt = the cookie's name) for a user read from the
// server's database (E2E_DATABASE_URL, see playwright.config.ts).
// Against a server started with a different AUTH_SECRET, export that secret before the run.

/** Auth.js names the cookie "__Secure-…" in production (npm start) and plainly in development. */
export const SESSION_COOKIES = ["authjs.session-token", "__Secure-authjs.session-token"] as const;

export type SessionUser = { id: string; name: string; email: string; role: "admin" | "client" };

/**
 * Waits until a write's second expiry has run (lib/render-settle.ts), so that the next spec starts from
 * public pages that show it, even one whose render was under way when the write landed.
 */
export async function waitForWriteToSettle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, RENDER_SETTLE_MS + 500));
}

/**
 * Waits (90 s at most) until the sitemap panel's background crawl is not running on the server:
 * it requests every public page, and a page render it began before a test's write and ends after
 * it is the answer a request right after the write would share (lib/render-settle.ts).
 * Tests that expect a write on the first request after it start from a server no visitor keeps busy.
 */
export async function waitForSiteCrawlIdle(): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const held = await withDb(async (db) => {
      const { rows } = await db.query<{ held: boolean }>("select claimed_until > clock_timestamp() as held from job_claims where job = $1", [REFRESH_JOB]);
      return rows[0]?.held ?? false;
    });
    if (!held) return;
    if (Date.now() > deadline) throw new Error("the sitemap crawl still runs after 90 s");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

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

/** Opens a server-side session for the user, as sign-in does; returns its id (the JWT's `sid`). */
/** A throw-away user straight in the database, so signing out or changing it never touches a shared account. */
export async function createThrowawayUser(role: "admin" | "client"): Promise<SessionUser> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const user: SessionUser = {
    id: `e2euser${stamp}`,
    name: role === "admin" ? `Marisol Admin ${stamp}` : `Julio Cliente ${stamp}`,
    email: `e2e.${role}.${stamp}@ejemplo.pe`,
    role,
  };
  await withDb((db) =>
    // Verified, as the demo accounts are: the screens under test show no verification banner.
    db.query("insert into users (id, name, email, role, email_verified, updated_at) values ($1, $2, $3, $4::user_role, now(), now())", [
      user.id,
      user.name,
      user.email,
      role,
    ]),
  );
  return user;
}

export async function deleteThrowawayUser(user: SessionUser) {
  await withDb((db) => db.query("delete from users where id = $1", [user.id]));
}

/** Deletes a throw-away client unless it has invoices: those are kept, as the product keeps them (fiscal records). */
export async function deleteThrowawayClient(user: SessionUser) {
  await withDb((db) => db.query("delete from users u where u.id = $1 and not exists (select 1 from invoices i where i.user_id = u.id)", [user.id]));
}

export async function createSessionRow(user: SessionUser, ttlSeconds = 8 * 24 * 60 * 60): Promise<string> {
  const sid = randomBytes(32).toString("base64url");
  const hash = createHash("sha256").update(sid).digest("hex");
  await withDb((db) =>
    db.query("insert into sessions (id, session_token, user_id, expires, updated_at) values ($1, $2, $3, now() + make_interval(secs => $4), now())", [
      randomUUID(),
      hash,
      user.id,
      ttlSeconds,
    ]),
  );
  return sid;
}

/**
 * The cookie value the server would give this user, under the given cookie name (the JWT's
 * salt), for the session `sid` (a new one when not given).
 */
export async function mintSessionToken(user: SessionUser, cookieName: string = SESSION_COOKIES[0], sid?: string): Promise<string> {
  const secret = process.env.AUTH_SECRET;
  if (!secret) throw new Error("AUTH_SECRET is not set (playwright.config.ts sets it)");
  return encode({
    secret,
    salt: cookieName,
    maxAge: 60 * 60,
    token: { sub: user.id, sid: sid ?? (await createSessionRow(user)), name: user.name, email: user.email, role: user.role },
  });
}

/**
 * Signs the browser context in as the given user (by e-mail, or a user row): one server-side
 * session, under both cookie names, so it works against a development and a production server alike
 * (browsers accept Secure cookies on http://localhost).
 */
export async function signInAs(context: BrowserContext, baseURL: string, who: string | SessionUser): Promise<SessionUser> {
  const user = typeof who === "string" ? await findUserByEmail(who) : who;
  const { hostname } = new URL(baseURL);
  const sid = await createSessionRow(user);
  await context.addCookies(
    await Promise.all(
      SESSION_COOKIES.map(async (name) => ({
        name,
        value: await mintSessionToken(user, name, sid),
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
