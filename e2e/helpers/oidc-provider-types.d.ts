// The part of oidc-provider's API (it ships no types) that e2e/helpers/oidc-provider.ts uses.
declare module "oidc-provider" {
  import type { Server } from "node:http";

  export type AccountClaims = { sub: string } & Record<string, unknown>;
  export type Account = { accountId: string; claims(use: string, scope: string): Promise<AccountClaims> };

  export type Configuration = {
    clients?: Array<Record<string, unknown>>;
    conformIdTokenClaims?: boolean;
    claims?: Record<string, string[]>;
    cookies?: { keys?: string[] };
    findAccount?(ctx: unknown, sub: string, token?: unknown): Promise<Account | undefined>;
  };

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    listen(port: number, host: string, callback?: () => void): Server;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
