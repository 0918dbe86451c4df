// "The last admin can never be deleted or demoted", also when two admins try it on each other at
// the same moment. These rules depend on how many admins the whole database has, so this file runs
// against a database of its own (fresh, migrated, not seeded): lib/db is replaced by a client on it
// before anything imports it.
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DELETE as deleteRoute, PUT as putRoute } from "@/app/api/v1/admin/users/[id]/route";
import type { AdminActor } from "@/lib/auth/actor";
import { db } from "@/lib/db";
import { deleteUser, updateUser } from "@/lib/users/service";
import { call, createTestUser, tokenFor, type TestUser } from "./helpers/auth";

vi.mock("@/lib/db", async () => {
  const { createTestDatabase } = await import("./setup/databases");
  const { deployMigrations } = await import("../prisma/migrate");
  const actual = await vi.importActual<typeof import("@/lib/db")>("@/lib/db");
  const database = await createTestDatabase("vitest_last_admin");
  await deployMigrations(database.url, { log: () => {} });
  const isolated = actual.createPrismaClient(database.url);
  return {
    createPrismaClient: actual.createPrismaClient,
    db: isolated,
    dropIsolatedDatabase: async () => {
      await isolated.$disconnect();
      await database.drop();
    },
  };
});

afterAll(async () => {
  const mocked = (await import("@/lib/db")) as unknown as { dropIsolatedDatabase: () => Promise<void> };
  await mocked.dropIsolatedDatabase();
});

type Params = { id: string };

const demote = (target: TestUser, bearer: string) =>
  call<Params>(putRoute, `/api/v1/admin/users/${target.id}`, {
    method: "PUT",
    params: { id: target.id },
    body: { name: target.name, email: target.email, role: "client" },
    bearer,
  });
const remove = (target: TestUser, bearer: string) =>
  call<Params>(deleteRoute, `/api/v1/admin/users/${target.id}`, { method: "DELETE", params: { id: target.id }, bearer });

const actorOf = (user: TestUser): AdminActor => ({ id: user.id, name: user.name, email: user.email, role: "admin", ipAddress: "203.0.113.5", sessionId: null });

beforeEach(async () => {
  await db.user.deleteMany({});
});

describe("the last admin (a database of its own)", () => {
  it("the database really is isolated: it starts with no users", async () => {
    expect(await db.user.count()).toBe(0);
  });

  it("the only admin can neither delete nor demote themself", async () => {
    const only = await createTestUser({ role: "admin" });
    const token = await tokenFor(only);
    const deletion = await remove(only, token);
    expect(deletion.status).toBe(409);
    const demotion = await demote(only, token);
    expect(demotion.status).toBe(409);
    expect(await db.user.count({ where: { role: "admin" } })).toBe(1);
  });

  it("an admin demoted a moment ago cannot then remove the remaining, last admin (409)", async () => {
    const [a, b] = await Promise.all([createTestUser({ role: "admin" }), createTestUser({ role: "admin" })]);
    await updateUser(actorOf(a), b.id, { name: b.name, email: b.email, role: "client" });
    // b's request was authenticated before the demotion landed:
    await expect(updateUser(actorOf(b), a.id, { name: a.name, email: a.email, role: "client" })).rejects.toMatchObject({
      kind: "conflict",
      message: "No se puede quitar el rol de administrador al último administrador.",
    });
    await expect(deleteUser(actorOf(b), a.id)).rejects.toMatchObject({ kind: "conflict", message: "No se puede eliminar al último administrador." });
    expect(await db.user.findMany({ where: { role: "admin" }, select: { id: true } })).toEqual([{ id: a.id }]);
  });

  it("two admins demoting each other at the same moment leave exactly one admin", async () => {
    for (let round = 0; round < 4; round++) {
      await db.user.deleteMany({});
      const [a, b] = await Promise.all([createTestUser({ role: "admin" }), createTestUser({ role: "admin" })]);
      const [tokenA, tokenB] = await Promise.all([tokenFor(a), tokenFor(b)]);
      const results = await Promise.all([demote(b, tokenA), demote(a, tokenB)]);
      const statuses = results.map((result) => result.status).sort();
      // The second finds its target the last admin (409) or, when it arrives after the first
      // committed, its own token already ended by its demotion (401).
      expect(statuses[0], `round ${round}`).toBe(200);
      expect([401, 409], `round ${round}`).toContain(statuses[1]);
      expect(await db.user.count({ where: { role: "admin" } }), `round ${round}`).toBe(1);
      const refused = results.find((result) => result.status === 409);
      if (refused) expect(refused.body.message).toBe("No se puede quitar el rol de administrador al último administrador.");
    }
  });

  it("two admins deleting each other at the same moment leave exactly one admin", async () => {
    for (let round = 0; round < 4; round++) {
      await db.user.deleteMany({});
      const [a, b] = await Promise.all([createTestUser({ role: "admin" }), createTestUser({ role: "admin" })]);
      const [tokenA, tokenB] = await Promise.all([tokenFor(a), tokenFor(b)]);
      const results = await Promise.all([remove(b, tokenA), remove(a, tokenB)]);
      const statuses = results.map((result) => result.status).sort();
      // The second either finds its target the last admin (409) or, its own account being gone
      // already, is no longer authenticated (401).
      expect(statuses[0], `round ${round}`).toBe(200);
      expect([401, 409], `round ${round}`).toContain(statuses[1]);
      expect(await db.user.count({ where: { role: "admin" } }), `round ${round}`).toBe(1);
    }
  });

  it("a user whose records must keep their author is not deleted: 409 in Spanish, never a 500", async () => {
    const [admin, author] = await Promise.all([createTestUser({ role: "admin" }), createTestUser()]);
    // Another domain's table whose foreign key refuses the deletion (no cascade).
    await db.$executeRawUnsafe("CREATE TABLE kept_authors (id serial PRIMARY KEY, author_id text NOT NULL REFERENCES users(id) ON DELETE RESTRICT)");
    try {
      await db.$executeRawUnsafe("INSERT INTO kept_authors (author_id) VALUES ($1)", author.id);
      const response = await remove(author, await tokenFor(admin));
      expect(response.status).toBe(409);
      expect(response.body.message).toBe("No se puede eliminar este usuario porque otros registros dependen de él.");
      expect(await db.user.findUnique({ where: { id: author.id } })).not.toBeNull();
    } finally {
      await db.$executeRawUnsafe("DROP TABLE kept_authors");
    }
  });

  it("a demotion racing a deletion of the other admin leaves exactly one admin", async () => {
    for (let round = 0; round < 4; round++) {
      await db.user.deleteMany({});
      const [a, b] = await Promise.all([createTestUser({ role: "admin" }), createTestUser({ role: "admin" })]);
      const [tokenA, tokenB] = await Promise.all([tokenFor(a), tokenFor(b)]);
      await Promise.all([remove(b, tokenA), demote(a, tokenB)]);
      expect(await db.user.count({ where: { role: "admin" } }), `round ${round}`).toBe(1);
    }
  });
});
