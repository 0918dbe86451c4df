// Helpers for integration tests of authenticated route handlers: test users, bearer tokens,
// Auth.js session cookies (minted exactly as Auth.js's sign-in would: a server-side session
// row and a JWT carrying its id), a small request runner, and the checks of the REST
// authentication contract.
import { randomBytes } from "node:crypto";
import { encode } from "next-auth/jwt";
import { expect } from "vitest";
import { PEER_HEADER, trustPeerHeader } from "@/lib/client-address";
import { createApiToken } from "@/lib/auth/api-tokens";
import { hashPassword } from "@/lib/auth/password";
import { createSession } from "@/lib/auth/sessions";
import { db } from "@/lib/db";

/** The Auth.js session cookie outside production (its name is also the JWT salt). */
export const SESSION_COOKIE = "authjs.session-token";

export const BASE_URL = "http://localhost";

export type TestUser = { id: string; name: string; email: string; role: "client" | "admin"; password: string | null };

/** A unique tag for e-mails and names, so parallel test files never collide. */
export const uniqueTag = () => randomBytes(6).toString("hex");

// Route handlers are called directly here, so the tests stand in for the preload that reports
// each request's TCP peer (scripts/client-ip-preload.mjs): `ip` is that peer.
trustPeerHeader();

/** A fresh private address per call, so tests never share a rate-limit bucket. */
export function fakeIp(): string {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${c}`;
}

/**
 * Creates a user straight in the database. With `password`, it gets a real bcrypt hash
 * (cost 12, so about a quarter of a second); without, it has no password (like a Google-only account).
 */
export async function createTestUser(
  options: { role?: "client" | "admin"; password?: string; name?: string; email?: string } = {},
): Promise<TestUser> {
  const tag = uniqueTag();
  const user = await db.user.create({
    data: {
      name: options.name ?? `Usuario de prueba ${tag}`,
      email: (options.email ?? `prueba.${tag}@example.pe`).toLowerCase(),
      role: options.role ?? "client",
      passwordHash: options.password ? await hashPassword(options.password) : null,
    },
    select: { id: true, name: true, email: true, role: true },
  });
  return { ...user, password: options.password ?? null };
}

/** A bearer token for the user, as POST /api/v1/auth/login would issue. */
export const tokenFor = (user: { id: string }) => createApiToken(user.id);

/** The Cookie header value of an Auth.js session JWT carrying `sid` (no row is created). */
export async function sessionCookieWithSid(
  user: { id: string; name: string; email: string; role: string },
  sid: string,
  secret = process.env.AUTH_SECRET!,
): Promise<string> {
  const value = await encode({
    token: { sub: user.id, sid, name: user.name, email: user.email, role: user.role },
    secret,
    salt: SESSION_COOKIE,
  });
  return `${SESSION_COOKIE}=${value}`;
}

/** The Cookie header value of a new, open Auth.js session for the user (its row included). */
export async function sessionCookieFor(
  user: { id: string; name: string; email: string; role: string },
  secret = process.env.AUTH_SECRET!,
): Promise<string> {
  return sessionCookieWithSid(user, await createSession(user.id), secret);
}

export type Json = Record<string, unknown>;

type Handler<P> = (request: Request, context: { params: Promise<P> }) => Promise<Response> | Response;

export type CallOptions<P> = {
  method?: string;
  /** A value is sent as JSON; a string is sent as it is (to test malformed bodies). */
  body?: unknown;
  headers?: Record<string, string>;
  bearer?: string;
  cookie?: string;
  params?: P;
  ip?: string;
};

/** Calls a route handler directly with a Request for `path`, and reads its JSON answer (if any). */
export async function call<P = Record<string, never>>(handler: Handler<P>, path: string, options: CallOptions<P> = {}) {
  const headers: Record<string, string> = { [PEER_HEADER]: options.ip ?? fakeIp(), ...options.headers };
  if (options.bearer !== undefined) headers.authorization = `Bearer ${options.bearer}`;
  if (options.cookie) headers.cookie = options.cookie;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const request = new Request(`${BASE_URL}${path}`, { method: options.method ?? (body === undefined ? "GET" : "POST"), headers, body });
  const response = await handler(request, { params: Promise.resolve((options.params ?? {}) as P) });
  const text = await response.text();
  let json: Json = {};
  if (text) {
    try {
      json = JSON.parse(text) as Json;
    } catch {
      json = { _raw: text };
    }
  }
  return { response, status: response.status, body: json, text };
}

// ── The REST authentication contract (tests/api-auth-*.test.ts) ─────────────────────────────

/** The seeded demo client. */
export const SEEDED_CLIENT = { email: "cliente@lumenti.pe", password: "Cliente#2026" };

/** The contract's user as the database has it. */
export async function expectedUser(email: string) {
  const row = await db.user.findUniqueOrThrow({ where: { email } });
  return { id: row.id, name: row.name, email: row.email, role: row.role, created_at: row.createdAt.toISOString() };
}

/** A refusal in the contract's shape: a 4xx with a message, and field errors as arrays if any. */
export function expectErrorShape(status: number, body: Json) {
  expect(status).toBeGreaterThanOrEqual(400);
  expect(status).toBeLessThan(500);
  expect(typeof body.message).toBe("string");
  expect((body.message as string).length).toBeGreaterThan(0);
  if (body.errors !== undefined) {
    for (const messages of Object.values(body.errors as Record<string, unknown>)) {
      expect(Array.isArray(messages)).toBe(true);
    }
  }
}
