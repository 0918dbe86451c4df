import "server-only";
import { keysetBatches } from "@/lib/list/keyset";
import { pageRequest, readList, type Paged, type PageRequest } from "@/lib/list/paging";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ContactFilter } from "./admin-schema";
import {
  serializeContactRow,
  serializeNote,
  serializeTemplate,
  type ContactMessageDetail,
  type ContactMessageItem,
  type ContactMessageRow,
  type ReplyTemplateItem,
} from "./admin-serialize";

// The inbox's reads. Lists run in SQL so that the search can use the trigram index on
// contact_messages.search_text (lower-case, unaccented, kept by a trigger: migration
// 20261122220000_contact_inbox). Soft-deleted rows are never shown. Totals without a search
// come from contact_message_counts (exact, kept by triggers), so no page counts 100,000 rows.

/** The search: each word must appear (accents and letter case ignored), in any of the fields. */
export function searchTerms(q: string | undefined): string[] {
  if (!q) return [];
  return [...new Set(q.split(/\s+/).filter(Boolean))].slice(0, 8);
}

/** LIKE's wildcards typed by a person are searched literally. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (char) => `\\${char}`);

function whereSql(filter: ContactFilter): Prisma.Sql {
  const conditions = [Prisma.sql`m.deleted_at IS NULL`];
  if (filter.status) conditions.push(Prisma.sql`m.status = ${filter.status}::"contact_status"`);
  for (const term of searchTerms(filter.q)) {
    conditions.push(
      Prisma.sql`m.search_text LIKE ('%' || lower(immutable_unaccent(${escapeLike(term)})) || '%')`,
    );
  }
  return Prisma.join(conditions, " AND ");
}

const ROW_COLUMNS = Prisma.sql`
  m.id, m.name, m.email, m.phone, m.company, m.sector_id AS "sectorId", s.name AS "sectorName",
  m.subject, m.message, m.status::text AS status, m.created_at AS "createdAt", m.read_at AS "readAt",
  m.replied_at AS "repliedAt", m.reply_text AS "replyText", m.reply_sent_at AS "replySentAt",
  m.reply_status::text AS "replyStatus", m.reply_attempted_at AS "replyAttemptedAt",
  m.reply_error AS "replyError", m.ip_address AS "ipAddress", m.user_agent AS "userAgent"`;

/** One page of messages (the first without `page`: this list is always paged), newest first, with the total of the same filter. */
export function listContactMessages(filter: ContactFilter, page: PageRequest = pageRequest({})): Promise<Paged<ContactMessageItem>> {
  const where = whereSql(filter);
  const counting: Prisma.Sql =
    searchTerms(filter.q).length > 0
      ? Prisma.sql`SELECT count(*)::int AS total FROM contact_messages m WHERE ${where}`
      : filter.status
        ? Prisma.sql`SELECT coalesce(sum(total), 0)::int AS total FROM contact_message_counts WHERE status = ${filter.status}::"contact_status"`
        : Prisma.sql`SELECT coalesce(sum(total), 0)::int AS total FROM contact_message_counts`;
  return readList(page, {
    rows: async ({ skip, take }) =>
      (
        await db.$queryRaw<ContactMessageRow[]>`
          SELECT ${ROW_COLUMNS}
          FROM contact_messages m LEFT JOIN sectors s ON s.id = m.sector_id
          WHERE ${where}
          ORDER BY m.created_at DESC, m.id DESC
          LIMIT ${take ?? null} OFFSET ${skip}`
      ).map(serializeContactRow),
    count: async () => (await db.$queryRaw<{ total: number }[]>(counting))[0]?.total ?? 0,
  });
}

/**
 * Every message of the filter, newest first, in keyset batches on the list's own index
 * (created_at, id), so an export of 100,000 rows never holds them all in memory.
 */
export function exportContactMessages(filter: ContactFilter, batchSize?: number): AsyncGenerator<ContactMessageItem[], void, unknown> {
  const where = whereSql(filter);
  return keysetBatches({
    fetchAfter: (last: ContactMessageRow | null, take) => {
      const after = last ? Prisma.sql`AND (m.created_at, m.id) < (${last.createdAt}::timestamp(3), ${last.id}::int)` : Prisma.empty;
      return db.$queryRaw<ContactMessageRow[]>`
        SELECT ${ROW_COLUMNS}
        FROM contact_messages m LEFT JOIN sectors s ON s.id = m.sector_id
        WHERE ${where} ${after}
        ORDER BY m.created_at DESC, m.id DESC
        LIMIT ${take}`;
    },
    toItem: serializeContactRow,
    batchSize,
  });
}

export const contactDetailInclude = {
  sector: { select: { id: true, name: true } },
  repliedBy: { select: { id: true, name: true } },
  notes: {
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, body: true, createdAt: true, author: { select: { id: true, name: true } } },
  },
} satisfies Prisma.ContactMessageInclude;

type DetailRow = Prisma.ContactMessageGetPayload<{ include: typeof contactDetailInclude }>;

export function serializeContactDetail(row: DetailRow): ContactMessageDetail {
  return {
    ...serializeContactRow({ ...row, sectorName: row.sector?.name ?? null }),
    reply_message_id: row.replyMessageId,
    replied_by: row.repliedBy,
    notes: row.notes.map(serializeNote),
  };
}

/** One message not deleted, with its notes; null when missing or deleted. Reading changes nothing. */
export async function findContactMessage(id: number): Promise<ContactMessageDetail | null> {
  const row = await db.contactMessage.findFirst({ where: { id, deletedAt: null }, include: contactDetailInclude });
  return row ? serializeContactDetail(row) : null;
}

export async function listReplyTemplates(): Promise<ReplyTemplateItem[]> {
  const rows = await db.replyTemplate.findMany({ orderBy: [{ name: "asc" }, { id: "asc" }] });
  return rows.map(serializeTemplate);
}
