import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

// The audit trail: every admin write records who, what, which record, when, from
// which address, and the fields before and after. Services call recordAudit with their
// transaction client, so the entry commits or rolls back with the change it describes.

/** Who made the change; `id: null` (SYSTEM_ACTOR) for scheduled work such as the billing run. */
export type AuditActor = { id: string | null; ipAddress: string };

/** Scheduled jobs: no user, no address. */
export const SYSTEM_ACTOR: AuditActor = { id: null, ipAddress: "" };

export type AuditEntry = {
  /** What happened, "<entity>.<verb>": "contact_message.reply", "user.update", … */
  action: string;
  /** The kind of record: "contact_message", "user", "testimonial", … */
  entityType: string;
  entityId: string | number | null;
  /** The record before the write (null or absent for a create). */
  before?: Record<string, unknown> | null;
  /** The record after the write (null or absent for a delete). */
  after?: Record<string, unknown> | null;
};

/** Stored as `details`: for an update only the fields that changed, both sides. */
export type AuditDetails = { before: Record<string, unknown> | null; after: Record<string, unknown> | null };

/** Never stored, whatever the service passes: passwords, hashes, tokens, secrets. */
const SECRET_KEY = /pass(word)?|hash|token|secret/i;

function plain(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return value.toString();
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === "object") {
    // Prisma.Decimal and other value objects serialize themselves.
    if (typeof (value as { toJSON?: unknown }).toJSON === "function") return (value as { toJSON: () => unknown }).toJSON();
    return withoutSecrets(value as Record<string, unknown>);
  }
  return value;
}

function withoutSecrets(record: Record<string, unknown>): Record<string, unknown> {
  const clean: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (SECRET_KEY.test(key) || value === undefined) continue;
    clean[key] = plain(value);
  }
  return clean;
}

/** For an update, keeps only the fields whose value changed (compared as JSON). */
export function auditDetails(before?: Record<string, unknown> | null, after?: Record<string, unknown> | null): AuditDetails {
  const cleanBefore = before ? withoutSecrets(before) : null;
  const cleanAfter = after ? withoutSecrets(after) : null;
  if (!cleanBefore || !cleanAfter) return { before: cleanBefore, after: cleanAfter };
  const changedBefore: Record<string, unknown> = {};
  const changedAfter: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(cleanBefore), ...Object.keys(cleanAfter)])) {
    if (JSON.stringify(cleanBefore[key] ?? null) === JSON.stringify(cleanAfter[key] ?? null)) continue;
    changedBefore[key] = cleanBefore[key] ?? null;
    changedAfter[key] = cleanAfter[key] ?? null;
  }
  return { before: changedBefore, after: changedAfter };
}

/** Records one audit entry inside the caller's transaction. */
export async function recordAudit(tx: Prisma.TransactionClient, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await tx.auditLog.create({
    data: {
      actorId: actor.id,
      action: entry.action.slice(0, 80),
      entityType: entry.entityType.slice(0, 80),
      entityId: entry.entityId === null ? null : String(entry.entityId).slice(0, 80),
      ipAddress: actor.ipAddress ? actor.ipAddress.slice(0, 45) : null,
      details: auditDetails(entry.before, entry.after) as Prisma.InputJsonValue,
    },
  });
}
