import "server-only";
import { pageRequest, readList, type Paged, type PageRequest } from "@/lib/list/paging";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { AUDIT_ENTITY_LABELS } from "./labels";
import type { AuditListQuery } from "./schema";

// Reads of the audit trail: "Registro de actividad", GET /api/v1/admin/audit-logs and a record's
// own history (<AuditHistory>). Newest first. Entries never carry secrets: recordAudit drops them
// before storing (lib/audit/service.ts), and only the stored details are shown.

export type AuditUser = { id: string; name: string; email: string };

/** One entry as the contract shows it. */
export type AuditLogContract = {
  id: number;
  action: string;
  entity_type: string;
  entity_id: string | null;
  /** Who did it; null once that user has been deleted. */
  user: AuditUser | null;
  ip_address: string | null;
  /** For an update only the fields that changed; null for a create's before or a delete's after. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: string;
};

export type AuditLogFilter = {
  entity?: string;
  userId?: string;
  entityId?: string;
  /** Inclusive lower bound. */
  from?: Date;
  /** Exclusive upper bound. */
  toExclusive?: Date;
};

const USER_SELECT = { id: true, name: true, email: true } as const;

type AuditRow = Prisma.AuditLogGetPayload<{ include: { actor: { select: typeof USER_SELECT } } }>;

function asRecord(value: unknown): Record<string, unknown> | null {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

export function serializeAuditLog(row: AuditRow): AuditLogContract {
  const details = asRecord(row.details);
  return {
    id: row.id,
    action: row.action,
    entity_type: row.entityType,
    entity_id: row.entityId,
    user: row.actor ? { id: row.actor.id, name: row.actor.name, email: row.actor.email } : null,
    ip_address: row.ipAddress,
    before: asRecord(details?.before),
    after: asRecord(details?.after),
    created_at: row.createdAt.toISOString(),
  };
}

function auditWhere(filter: AuditLogFilter): Prisma.AuditLogWhereInput {
  const where: Prisma.AuditLogWhereInput = {};
  if (filter.entity) where.entityType = filter.entity;
  if (filter.entityId) where.entityId = filter.entityId;
  if (filter.userId) where.actorId = filter.userId;
  if (filter.from || filter.toExclusive) {
    where.createdAt = {
      ...(filter.from ? { gte: filter.from } : {}),
      ...(filter.toExclusive ? { lt: filter.toExclusive } : {}),
    };
  }
  return where;
}

const NEWEST_FIRST: Prisma.AuditLogOrderByWithRelationInput[] = [{ createdAt: "desc" }, { id: "desc" }];

/** The filter of a parsed "Registro de actividad" query. */
export function auditLogFilter(query: AuditListQuery): AuditLogFilter {
  return { entity: query.entity, userId: query.user_id, entityId: query.entity_id, from: query.from, toExclusive: query.toExclusive };
}

/** One page of the trail (the first without `page`: the trail is always paged), newest first, and the total matching the filter. */
export function listAuditLogs(filter: AuditLogFilter, page: PageRequest = pageRequest({})): Promise<Paged<AuditLogContract>> {
  const where = auditWhere(filter);
  return readList(page, {
    rows: async (window) =>
      (await db.auditLog.findMany({ where, orderBy: NEWEST_FIRST, include: { actor: { select: USER_SELECT } }, ...window })).map(serializeAuditLog),
    count: (limit) => db.auditLog.count({ where, take: limit }),
  });
}

/** Most entries a record's own history shows. */
export const ENTITY_HISTORY_LIMIT = 50;

/** A record's own history ("testimonial", 12), newest first. */
export async function listEntityHistory(entityType: string, entityId: string | number, limit = ENTITY_HISTORY_LIMIT): Promise<AuditLogContract[]> {
  const rows = await db.auditLog.findMany({
    where: { entityType, entityId: String(entityId) },
    orderBy: NEWEST_FIRST,
    include: { actor: { select: USER_SELECT } },
    take: limit,
  });
  return rows.map(serializeAuditLog);
}

/**
 * The distinct non-null values of an indexed column of the trail, one index probe per value (a
 * skip scan over audit_logs(actor_id, created_at) or (entity_type, entity_id, created_at)), not a
 * scan of the whole trail: it grows by every admin write, its actors and entity types stay few.
 */
async function distinctValues(column: "actor_id" | "entity_type"): Promise<string[]> {
  const name = Prisma.raw(column);
  const rows = await db.$queryRaw<{ value: string }[]>`
    WITH RECURSIVE found AS (
      (SELECT ${name} AS value FROM audit_logs WHERE ${name} IS NOT NULL ORDER BY ${name} LIMIT 1)
      UNION ALL
      SELECT (SELECT next.${name} FROM audit_logs next WHERE next.${name} > found.value ORDER BY next.${name} LIMIT 1)
      FROM found WHERE found.value IS NOT NULL
    )
    SELECT value FROM found WHERE value IS NOT NULL`;
  return rows.map((row) => row.value);
}

/** The users who appear in the trail (for the "Usuario" filter), by name. */
export async function listAuditActors(): Promise<AuditUser[]> {
  const ids = await distinctValues("actor_id");
  if (ids.length === 0) return [];
  return db.user.findMany({ where: { id: { in: ids } }, select: USER_SELECT, orderBy: [{ name: "asc" }, { email: "asc" }] });
}

/** The entity types for the "Entidad" filter: the known ones, then any other found in the trail. */
export async function listAuditEntityTypes(): Promise<string[]> {
  const types = await distinctValues("entity_type");
  const known = Object.keys(AUDIT_ENTITY_LABELS);
  const others = types.filter((type) => !known.includes(type)).sort();
  return [...known, ...others];
}
