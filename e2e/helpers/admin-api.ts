import { createHash, randomBytes } from "node:crypto";
import { expect, type APIRequestContext } from "@playwright/test";
import { withDb, type SessionUser } from "./session";

// The admin REST API as e2e tests drive it: a bearer token stored straight in the server's
// database and a small client for the catalogue's write routes.

export type Json = Record<string, unknown>;
export type Item = { id: number; slug: string; name: string };

/** A bearer token for the admin, stored as the server stores one ("<id>|<secret>", SHA-256 of the secret). */
export async function bearerFor(user: SessionUser): Promise<string> {
  const secret = randomBytes(30).toString("base64url");
  const hash = createHash("sha256").update(secret).digest("hex");
  const { rows } = await withDb((db) =>
    db.query<{ id: number }>("insert into api_tokens (user_id, name, token_hash, expires_at) values ($1, 'e2e', $2, now() + interval '1 hour') returning id", [
      user.id,
      hash,
    ]),
  );
  return `${rows[0].id}|${secret}`;
}

export class AdminApi {
  constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}
  private headers() {
    return { authorization: `Bearer ${this.token}` };
  }
  async send(method: "POST" | "PUT" | "DELETE", path: string, data?: Json) {
    const response = await this.request.fetch(path, { method, headers: this.headers(), data });
    return { status: response.status(), body: (await response.json()) as Json };
  }
  /** POST; fields refused with 422 are left out (required ones replaced) and the rest is sent again. */
  async createAccepting(kind: "products" | "services", body: Json): Promise<Item & Json> {
    let answer = await this.send("POST", `/api/v1/admin/${kind}`, body);
    const sent = { ...body };
    if (answer.status === 422) {
      const refused = Object.keys((answer.body.errors as Json) ?? {}).map((key) => key.split(".")[0]);
      for (const field of refused) {
        if (field === "name") sent.name = `XSS ${Date.now()}`;
        else if (field === "description") sent.description = "Descripción de prueba.";
        else delete sent[field];
      }
      console.log(`[xss] ${kind}: fields refused with 422 (left out): ${refused.join(", ") || "-"}`);
      answer = await this.send("POST", `/api/v1/admin/${kind}`, sent);
    }
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.data as Item & Json;
  }
}
