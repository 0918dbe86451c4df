// The callers of `npm run test:abuse`: the seeded client and admin, each with an API token and a
// session cookie (plus the XSRF pair an unsafe cookie request carries), and the shared run state
// every section reads.
import { mintApiToken, mintSession, seededUser, type SeededUser } from "../session-credentials";
import type { AbuseClient } from "./client";
import type { Ids, Route } from "./routes";

export type Caller = "anonymous" | "client" | "admin";
export type Kind = "bearer" | "cookie";
/** The headers of a safe request, and of an unsafe one (the cookie with its XSRF pair). */
export type Credential = { headers: Record<string, string>; csrfHeaders: Record<string, string> };
export type Users = Record<"client" | "admin", SeededUser>;
export type Creds = Record<"client" | "admin", Record<Kind, Credential>>;

/** What the sections share: the app, the seeded callers, their credentials, the routes and ids. */
export interface AbuseRun {
  client: AbuseClient;
  authSecret: string;
  users: Users;
  creds: Creds;
  ids: Ids;
  routes: Route[];
}

export async function bearerFor(client: AbuseClient, user: SeededUser): Promise<Credential> {
  const headers = { authorization: await mintApiToken(client.query, user, "abuse") };
  return { headers, csrfHeaders: headers };
}

export async function cookieFor(client: AbuseClient, authSecret: string, user: SeededUser): Promise<Credential> {
  const { cookie, csrf } = await mintSession(client.query, user, authSecret);
  return { headers: { cookie }, csrfHeaders: { cookie: `${cookie}; XSRF-TOKEN=${csrf}`, "x-xsrf-token": csrf } };
}

/** The seeded client and admin with a token and a session each. */
export async function signedInCallers(client: AbuseClient, authSecret: string): Promise<{ users: Users; creds: Creds }> {
  const users = Object.fromEntries(
    await Promise.all(
      (["client", "admin"] as const).map(async (role) => {
        const email = role === "admin" ? "admin@lumenti.pe" : "cliente@lumenti.pe";
        return [role, await seededUser(client.query, email)];
      }),
    ),
  ) as Users;
  const creds: Creds = {
    client: { bearer: await bearerFor(client, users.client), cookie: await cookieFor(client, authSecret, users.client) },
    admin: { bearer: await bearerFor(client, users.admin), cookie: await cookieFor(client, authSecret, users.admin) },
  };
  return { users, creds };
}
