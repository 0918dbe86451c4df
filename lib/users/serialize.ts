import type { User } from "@/lib/generated/prisma/client";

/** A user as the contract shows it (spec §3). Never carries a password or its hash. */
export type UserContract = {
  id: string;
  name: string;
  email: string;
  role: User["role"];
  created_at: string;
};

export function serializeUser(user: Pick<User, "id" | "name" | "email" | "role" | "createdAt">): UserContract {
  return { id: user.id, name: user.name, email: user.email, role: user.role, created_at: user.createdAt.toISOString() };
}
