import "server-only";
import { PrismaAdapter } from "@auth/prisma-adapter";
import NextAuth, { CredentialsSignin, type NextAuthConfig } from "next-auth";
import type { Adapter, AdapterUser } from "next-auth/adapters";
import Credentials from "next-auth/providers/credentials";
import Google from "next-auth/providers/google";
import { db } from "@/lib/db";
import { clientIp } from "@/lib/client-address";
import { authenticateWithPassword, googleSignInDecision, providerDisplayName, RateLimitedError } from "./accounts";
import { googleIssuer } from "./google";
import { GOOGLE_REFUSAL_CODES } from "./google-messages";
import { loginSchema } from "./schema";
import { TWO_FACTOR_MESSAGES, twoFactorLoginSchema } from "./two-factor-schema";
import { googleIdentityHasTwoFactor, redeemChallenge, twoFactorEnabled } from "./two-factor";
import { DomainError } from "@/lib/errors";
import { secureSessionCookies } from "./session-token";
import { createSession, endSession, findActiveSession, SESSION_MAX_AGE_SECONDS } from "./sessions";

// Auth.js: JWT sessions backed by a row in `sessions` (lib/auth/sessions.ts): the JWT carries
// the row's id (`sid`); name, e-mail and role are re-read from the database on every check.
// Credentials (bcrypt) and, when AUTH_GOOGLE_ID / AUTH_GOOGLE_SECRET are set, Google.

export type Role = "client" | "admin";

declare module "next-auth" {
  interface Session {
    user: { id: string; name: string; email: string; role: Role };
  }
  interface User {
    role?: Role;
  }
}

/** Sign-in failures the login screen tells apart (the code travels to the client). */
export class InvalidCredentialsError extends CredentialsSignin {
  code = "invalid_credentials";
}
export class TooManyAttemptsError extends CredentialsSignin {
  code = "rate_limited";
}
/** A right password for an account with a second factor: it signs in with a challenge and a code. */
export class TwoFactorRequiredError extends CredentialsSignin {
  code = "two_factor_required";
}
export class InvalidCodeError extends CredentialsSignin {
  code = "invalid_code";
}
export class ChallengeExpiredError extends CredentialsSignin {
  code = "challenge_expired";
}

/** The Credentials provider's second-step sign-in: a challenge and its code → the user, or the refusal the screen tells apart. */
async function authorizeWithChallenge(credentials: Partial<Record<string, unknown>>, ip: string) {
  const parsed = twoFactorLoginSchema.safeParse({ challenge: credentials.challenge, code: credentials.code });
  if (!parsed.success) throw new InvalidCodeError();
  try {
    const { id, name, email, role } = await redeemChallenge(parsed.data.challenge, parsed.data.code, ip);
    return { id, name, email, role };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.kind === "rate_limited") throw new TooManyAttemptsError();
    if (error.message === TWO_FACTOR_MESSAGES.expired) throw new ChallengeExpiredError();
    throw new InvalidCodeError();
  }
}

export const googleSignInEnabled = () => Boolean(process.env.AUTH_GOOGLE_ID && process.env.AUTH_GOOGLE_SECRET);

/** The database adapter of Auth.js (exported so tests can check the accounts it creates). */
export function authAdapter(): Adapter {
  const base = PrismaAdapter(db as never);
  return {
    ...base,
    // Only Google creates users through Auth.js, and only with an e-mail Google verified (the
    // signIn callback refuses the others): the account starts verified. users.email is stored
    // lower-case (check constraint); the provider's name as providerDisplayName cleans it.
    createUser: (user: AdapterUser) =>
      base.createUser!({
        ...user,
        email: user.email.toLowerCase(),
        name: providerDisplayName(user.name, user.email.toLowerCase()),
        emailVerified: new Date(),
      }),
    // Auth.js links a provider to the user its session cookie names. Sessions here live in the
    // database (a revoked cookie still decodes), so that path stays closed: a Google identity
    // reaches an account only through googleSignInDecision's rule.
    getUser: async () => null,
  };
}

const config: NextAuthConfig = {
  adapter: authAdapter(),
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  useSecureCookies: secureSessionCookies(),
  trustHost: true,
  // A wrong password is an expected outcome, not a server error worth a stack trace.
  logger: {
    error(error) {
      if (error instanceof CredentialsSignin || (error as { type?: string }).type === "CredentialsSignin") return;
      console.error(error);
    },
  },
  pages: { signIn: "/login", error: "/login" },
  providers: [
    Credentials({
      // Either e-mail and password (an account without a second factor), or the challenge a
      // right password gave and the code (an account with one). A password alone never opens
      // a session for an account with a second factor.
      credentials: { email: { type: "email" }, password: { type: "password" }, challenge: { type: "text" }, code: { type: "text" } },
      async authorize(credentials, request) {
        if (credentials.challenge !== undefined) return authorizeWithChallenge(credentials, clientIp(request.headers));
        const parsed = loginSchema.safeParse(credentials);
        if (!parsed.success) throw new InvalidCredentialsError();
        try {
          const result = await authenticateWithPassword(parsed.data.email, parsed.data.password, clientIp(request.headers));
          if (!result.ok) throw new InvalidCredentialsError();
          if (await twoFactorEnabled(result.user.id)) throw new TwoFactorRequiredError();
          const { id, name, email, role } = result.user;
          return { id, name, email, role };
        } catch (error) {
          if (error instanceof RateLimitedError) throw new TooManyAttemptsError();
          throw error;
        }
      },
    }),
    // Linking by e-mail is safe only behind the signIn callback, which allows it for an account
    // whose address is verified.
    ...(googleSignInEnabled() ? [Google({ issuer: googleIssuer(), allowDangerousEmailAccountLinking: true })] : []),
  ],
  callbacks: {
    async signIn({ account, profile }) {
      if (account?.provider !== "google") return true;
      const decision = await googleSignInDecision({ sub: account.providerAccountId, email: profile?.email, email_verified: profile?.email_verified });
      if (decision !== "allow") return `/login?error=${GOOGLE_REFUSAL_CODES[decision]}`;
      // An account with a second factor signs in with its password and code only.
      if (await googleIdentityHasTwoFactor({ sub: account.providerAccountId, email: profile?.email })) return `/login?error=${GOOGLE_REFUSAL_CODES.two_factor}`;
      return true;
    },
    async jwt({ token, user }) {
      if (user?.id) {
        // Sign-in (credentials or Google): a new server-side session.
        return { sub: user.id, sid: await createSession(user.id), name: user.name, email: user.email, role: user.role ?? "client" };
      }
      const session = await findActiveSession(token.sid, token.sub);
      if (!session) return null; // signed out, revoked, expired or the account is gone
      const { name, email, role } = session.user;
      return { ...token, name, email, role };
    },
    session({ session, token }) {
      session.user = {
        ...session.user,
        id: token.sub ?? "",
        name: token.name ?? "",
        email: token.email ?? "",
        role: token.role === "admin" ? "admin" : "client",
      };
      return session;
    },
  },
  events: {
    // POST /api/auth/signout and signOut(): the row goes, so a copy of the cookie is worthless.
    async signOut(message) {
      if ("token" in message) await endSession(message.token?.sid);
    },
  },
};

export const { handlers, auth, signIn, signOut } = NextAuth(config);
