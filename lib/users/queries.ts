import "server-only";
import { readList, type ListOf, type PageRequest } from "@/lib/list/paging";
import { searchTextConditions } from "@/lib/list/search";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { UserListQuery } from "./schema";
import { serializeUser, type UserContract } from "./serialize";

/** The columns a user is read with everywhere in user management: never the password hash. */
export const USER_FIELDS = { id: true, name: true, email: true, role: true, createdAt: true } as const;

/**
 * `?q=` (every word in the name or the e-mail, accents and letter case ignored: search_text,
 * kept by a trigger, with a trigram index) and `?role=`.
 */
function userFilter(query: Pick<UserListQuery, "q" | "role">): Prisma.UserWhereInput {
  return {
    ...(query.role && { role: query.role }),
    ...(query.q && { AND: searchTextConditions(query.q) }),
  };
}

const SORT_FIELDS = { name: "name", email: "email", role: "role", created_at: "createdAt" } as const;

/** `?sort=&dir=` (descending unless dir=asc, as the table's first click); newest first by default. The id keeps pages stable. */
function userOrder(query: Pick<UserListQuery, "sort" | "dir">): Prisma.UserOrderByWithRelationInput[] {
  return [{ [SORT_FIELDS[query.sort ?? "created_at"]]: query.dir ?? "desc" }, { id: "desc" }];
}

/**
 * The users of the filter (newest first unless `sort` says otherwise): one page with the total
 * of the filter ("Total de usuarios"), or (no page) every one of them.
 */
export function listUsers<P extends PageRequest | undefined = undefined>(
  query: Pick<UserListQuery, "q" | "role" | "sort" | "dir">,
  page?: P,
): Promise<ListOf<UserContract, P>> {
  const where = userFilter(query);
  return readList(page as P, {
    rows: async (window) => (await db.user.findMany({ where, orderBy: userOrder(query), select: USER_FIELDS, ...window })).map(serializeUser),
    count: (limit) => db.user.count({ where, take: limit }),
  });
}

/** One user as the contract shows it, or null. */
export async function findUser(id: string): Promise<UserContract | null> {
  const row = await db.user.findUnique({ where: { id }, select: USER_FIELDS });
  return row ? serializeUser(row) : null;
}

/** The admins a conversation or a ticket can be assigned to ("Asignado a"), by name. */
export async function listAdminChoices(): Promise<{ id: string; name: string }[]> {
  return db.user.findMany({ where: { role: "admin" }, orderBy: [{ name: "asc" }, { id: "asc" }], select: { id: true, name: true }, take: 200 });
}
