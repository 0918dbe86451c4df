import "server-only";
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from "jose";
import { providerDisplayName } from "./accounts";

// Verifies Google ID tokens (POST /api/v1/auth/google): signature against Google's
// published keys, audience (our client id), issuer and expiry.

const GOOGLE_ISSUER = "https://accounts.google.com";
const GOOGLE_ISSUERS = [GOOGLE_ISSUER, "accounts.google.com"];
const DEFAULT_JWKS_URL = "https://www.googleapis.com/oauth2/v3/certs";

/**
 * The OpenID issuer the browser's Google sign-in talks to: AUTH_GOOGLE_ISSUER (a stand-in that
 * speaks the same protocol, e.g. in the end-to-end tests), else Google's.
 */
export function googleIssuer(): string {
  return process.env.AUTH_GOOGLE_ISSUER?.trim() || GOOGLE_ISSUER;
}

/** The `iss` values an ID token may carry: the configured issuer, else Google's two spellings. */
function acceptedIssuers(): string[] {
  return process.env.AUTH_GOOGLE_ISSUER?.trim() ? [googleIssuer()] : GOOGLE_ISSUERS;
}

let keySet: { url: string; get: JWTVerifyGetKey } | null = null;

/** Google's keys, fetched and cached by jose; GOOGLE_JWKS_URL replaces the URL (tests serve their own). */
function googleKeys(): JWTVerifyGetKey {
  const url = process.env.GOOGLE_JWKS_URL?.trim() || DEFAULT_JWKS_URL;
  if (keySet?.url !== url) keySet = { url, get: createRemoteJWKSet(new URL(url), { timeoutDuration: 5_000 }) };
  return keySet.get;
}

export class InvalidGoogleTokenError extends Error {
  constructor() {
    super("El token de Google no es válido.");
  }
}

export type GoogleIdentity = { sub: string; email: string; name: string };

export async function verifyGoogleIdToken(token: string): Promise<GoogleIdentity> {
  const audience = process.env.AUTH_GOOGLE_ID?.trim();
  if (!audience) throw new InvalidGoogleTokenError(); // Google sign-in is not configured
  try {
    const { payload } = await jwtVerify(token, googleKeys(), {
      audience,
      issuer: acceptedIssuers(),
      algorithms: ["RS256"],
    });
    const email = typeof payload.email === "string" ? payload.email : "";
    if (!payload.sub || !email || payload.email_verified !== true) throw new InvalidGoogleTokenError();
    return { sub: payload.sub, email, name: providerDisplayName(typeof payload.name === "string" ? payload.name : null, email) };
  } catch {
    throw new InvalidGoogleTokenError();
  }
}
