// A real OpenID provider on loopback (the oidc-provider package) standing in for Google in the
// browser's sign-in: discovery, authorization with its own login and consent pages (its
// development interactions), code exchange with the client secret, signed ID tokens. The test
// decides who signs in: each identity it registers is a login name (the `sub`) typed on the
// provider's login page, and the ID token carries that identity's e-mail and email_verified.
import type { Server } from "node:http";
import { Provider } from "oidc-provider";

export type OidcIdentity = { sub: string; email: string; email_verified: boolean; name?: string };

/** What the e2e server is configured with (playwright.config.ts, webServer.env). */
export const OIDC_CLIENT = { id: "e2e-google-client", secret: "e2e-google-secret" } as const;

export type TestOidcProvider = {
  issuer: string;
  /** Makes `identity.sub` a login the provider accepts. */
  register(identity: OidcIdentity): void;
  close(): Promise<void>;
};

export async function startOidcProvider(port: number, appBaseUrl: string): Promise<TestOidcProvider> {
  const issuer = `http://127.0.0.1:${port}`;
  const identities = new Map<string, OidcIdentity>();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: [`${appBaseUrl}/api/auth/callback/google`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    // Google puts the e-mail claims in the ID token, which is what Auth.js reads for OIDC.
    conformIdTokenClaims: false,
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    cookies: { keys: ["clave-de-cookies-solo-para-e2e"] },
    async findAccount(_ctx, sub) {
      const identity = identities.get(sub);
      if (!identity) return undefined;
      return {
        accountId: sub,
        async claims() {
          return { sub, email: identity.email, email_verified: identity.email_verified, name: identity.name ?? "Persona de Google" };
        },
      };
    },
  });
  // Its development pages say so on the console; expected here.
  provider.on("server_error", (_ctx, error) => console.error("[oidc-provider]", error));
  const server: Server = await new Promise((resolve, reject) => {
    const listening = provider.listen(port, "127.0.0.1", () => resolve(listening));
    listening.once("error", reject);
  });
  return {
    issuer,
    register: (identity) => void identities.set(identity.sub, identity),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
