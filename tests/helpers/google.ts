// A stand-in for Google's signing keys: an RS256 key pair generated per test file, its public
// key served as a JWKS from a local HTTP server, GOOGLE_JWKS_URL and AUTH_GOOGLE_ID pointed at
// it, and a signer of ID tokens with Google's claims (any of which a test can spoil).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";

export type GoogleClaims = { sub: string; email: string; name?: string; email_verified?: unknown };
export type SignOptions = { key?: CryptoKey; kid?: string; audience?: string; issuer?: string; expiresAt?: number };

export type FakeGoogle = {
  /** The client id tokens are issued for (what AUTH_GOOGLE_ID is set to). */
  audience: string;
  /** A private key Google does not publish (for "signed by another key"). */
  strangerKey: CryptoKey;
  idToken(claims: GoogleClaims, options?: SignOptions): Promise<string>;
  /** Stops the server and restores the environment. */
  stop(): Promise<void>;
};

const KID = "clave-de-prueba";

export async function startFakeGoogle(audience: string): Promise<FakeGoogle> {
  const saved = { GOOGLE_JWKS_URL: process.env.GOOGLE_JWKS_URL, AUTH_GOOGLE_ID: process.env.AUTH_GOOGLE_ID };
  const google = await generateKeyPair("RS256");
  const stranger = await generateKeyPair("RS256");
  const jwk: JWK = { ...(await exportJWK(google.publicKey)), kid: KID, alg: "RS256", use: "sig" };
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.GOOGLE_JWKS_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/certs`;
  process.env.AUTH_GOOGLE_ID = audience;

  return {
    audience,
    strangerKey: stranger.privateKey,
    idToken(claims, options = {}) {
      return new SignJWT({ email: claims.email, name: claims.name, email_verified: claims.email_verified ?? true })
        .setProtectedHeader({ alg: "RS256", kid: options.kid ?? KID })
        .setSubject(claims.sub)
        .setIssuer(options.issuer ?? "https://accounts.google.com")
        .setAudience(options.audience ?? audience)
        .setIssuedAt()
        .setExpirationTime(options.expiresAt ?? Math.floor(Date.now() / 1000) + 3600)
        .sign(options.key ?? google.privateKey);
    },
    async stop() {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
