import "server-only";
import { PrismaAdapter } from "@auth/prisma-adapter";
import NextAuth, { CredentialsSignin, type NextAuthConfig } from "next-auth";
import type { Adapter, AdapterUser } from "next-auth/adapters";
import Credentials from "next-auth/providers/credentials";
import Google from "next-auth/providers/google";
import { db } from "@/lib/db";
import { clientIpFromHeaders } from "@/lib/rate-limit";
import { authenticateWithPassword, RateLimitedError } from "./accounts";
import { loginSchema } from "./schema";
import { secureSessionCookies } from "./session-token";

// Auth.js: JWT sessions carrying id, name, e-mail and role; credentials (bcrypt) and,
// when AUTH_GOOGLE_ID / AUTH_GOOGLE_SECRET are set, Google.

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

export const googleSignInEnabled = () => Boolean(process.env.AUTH_GOOGLE_ID && process.env.AUTH_GOOGLE_SECRET);

/** The session cookie's name (proxy.ts matches on it to skip anonymous visitors). */
export const SESSION_COOKIE_NAMES = ["authjs.session-token", "__Secure-authjs.session-token"] as const;

/** How often a session re-reads the user's role from the database (a demoted admin loses access). */
const ROLE_REFRESH_MS = 60_000;

function adapter(): Adapter {
  const base = PrismaAdapter(db as never);
  return {
    ...base,
    // users.email is stored lower-case (check constraint).
    createUser: (user: AdapterUser) => base.createUser!({ ...user, email: user.email.toLowerCase() }),
  };
}

const config: NextAuthConfig = {
  adapter: adapter(),
  session: { strategy: "jwt", maxAge: 7 * 24 * 60 * 60 },
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
      credentials: { email: { type: "email" }, password: { type: "password" } },
      async authorize(credentials, request) {
        const parsed = loginSchema.safeParse(credentials);
        if (!parsed.success) throw new InvalidCredentialsError();
        try {
          const result = await authenticateWithPassword(parsed.data.email, parsed.data.password, clientIpFromHeaders(request.headers));
          if (!result.ok) throw new InvalidCredentialsError();
          const { id, name, email, role } = result.user;
          return { id, name, email, role };
        } catch (error) {
          if (error instanceof RateLimitedError) throw new TooManyAttemptsError();
          throw error;
        }
      },
    }),
    ...(googleSignInEnabled() ? [Google({ allowDangerousEmailAccountLinking: true })] : []),
  ],
  callbacks: {
    async jwt({ token, user }) {
      if (user) {
        token.sub = user.id;
        token.name = user.name;
        token.email = user.email;
        token.role = user.role ?? "client";
        token.roleCheckedAt = Date.now();
        return token;
      }
      if (typeof token.roleCheckedAt !== "number" || Date.now() - token.roleCheckedAt > ROLE_REFRESH_MS) {
        const current = token.sub
          ? await db.user.findUnique({ where: { id: token.sub }, select: { name: true, email: true, role: true } })
          : null;
        if (!current) return null; // the account was deleted: the session ends
        Object.assign(token, current, { roleCheckedAt: Date.now() });
      }
      return token;
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
};

export const { handlers, auth, signIn, signOut } = NextAuth(config);
