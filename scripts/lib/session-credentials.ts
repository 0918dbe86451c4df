// Credentials minted as the server's sign-in and login would mint them, straight into the app's
// database, for the scripts that call the production build as a signed-in user (test:abuse,
// test:front): an API token (`Authorization: Bearer <id>|<secret>`) and a session cookie with
// its XSRF token.
import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import { encode } from "next-auth/jwt";
import type pg from "pg";

/** The session cookie's name on a production server (https: the __Secure- prefix). */
export const SESSION_COOKIE = "__Secure-authjs.session-token";

export type SeededUser = { id: string; name: string; email: string; role: string };

/** A query on the app's database: its rows. */
export type Query = <T extends pg.QueryResultRow>(sql: string, params?: unknown[]) => Promise<T[]>;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

const SEEDED_USER_COLUMNS = "id, name, email, role::text AS role";

export async function seededUser(query: Query, email: string): Promise<SeededUser> {
  const [user] = await query<SeededUser>(`SELECT ${SEEDED_USER_COLUMNS} FROM users WHERE email = $1`, [email]);
  if (!user) throw new Error(`Falta el usuario sembrado ${email}`);
  return user;
}

/** A new API token of `user` named `name`: the Authorization header's value. */
export async function mintApiToken(query: Query, user: SeededUser, name: string): Promise<string> {
  const secret = randomBytes(30).toString("base64url");
  const [row] = await query<{ id: number }>("INSERT INTO api_tokens (user_id, name, token_hash) VALUES ($1, $2, $3) RETURNING id", [user.id, name, sha256(secret)]);
  return `Bearer ${row.id}|${secret}`;
}

/** A new session of `user` (eight days): its cookie (`name=value`) and the XSRF token that goes with it. */
export async function mintSession(query: Query, user: SeededUser, authSecret: string): Promise<{ cookie: string; csrf: string }> {
  const sid = randomBytes(32).toString("base64url");
  await query("INSERT INTO sessions (id, session_token, user_id, expires, updated_at) VALUES ($1, $2, $3, now() + interval '8 days', now())", [randomUUID(), sha256(sid), user.id]);
  const jwt = await encode({ secret: authSecret, salt: SESSION_COOKIE, maxAge: 3600, token: { sub: user.id, sid, name: user.name, email: user.email, role: user.role } });
  const csrf = createHmac("sha256", authSecret).update(`csrf:${sid}`).digest("base64url");
  return { cookie: `${SESSION_COOKIE}=${jwt}`, csrf };
}
