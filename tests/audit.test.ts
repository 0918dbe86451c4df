// The audit helper every admin write calls inside its transaction (lib/audit/service.ts).
import { describe, expect, it } from "vitest";
import { auditDetails, recordAudit } from "@/lib/audit/service";
import { db } from "@/lib/db";
import { createTestUser, uniqueTag } from "./helpers/auth";

describe("auditDetails", () => {
  it("keeps only the fields an update changed, both sides", () => {
    const details = auditDetails(
      { name: "Ana", email: "ana@example.pe", role: "client" },
      { name: "Ana", email: "ana@example.pe", role: "admin" },
    );
    expect(details).toEqual({ before: { role: "client" }, after: { role: "admin" } });
  });

  it("never keeps a password, hash or token, even nested", () => {
    const details = auditDetails(null, {
      name: "Ana",
      password: "secreta-123",
      passwordHash: "$2b$12$abc",
      nested: { token_hash: "x", keep: 1 },
    });
    expect(details).toEqual({ before: null, after: { name: "Ana", nested: { keep: 1 } } });
    expect(JSON.stringify(details)).not.toContain("secreta");
  });

  it("stores dates as ISO text", () => {
    const at = new Date("2026-11-20T10:00:00Z");
    expect(auditDetails(null, { read_at: at }).after).toEqual({ read_at: "2026-11-20T10:00:00.000Z" });
  });
});

describe("recordAudit", () => {
  it("commits with the write it describes, and rolls back with it", async () => {
    const admin = await createTestUser({ role: "admin" });
    const entityId = `prueba-${uniqueTag()}`;
    await db.$transaction((tx) =>
      recordAudit(tx, { id: admin.id, ipAddress: "203.0.113.9" }, { action: "test.create", entityType: "test", entityId, after: { name: "x" } }),
    );
    await expect(
      db.$transaction(async (tx) => {
        await recordAudit(tx, { id: admin.id, ipAddress: "203.0.113.9" }, { action: "test.update", entityType: "test", entityId });
        throw new Error("la escritura falló");
      }),
    ).rejects.toThrow("la escritura falló");

    const entries = await db.auditLog.findMany({ where: { entityType: "test", entityId } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: admin.id, action: "test.create", ipAddress: "203.0.113.9", details: { before: null, after: { name: "x" } } });
  });
});
