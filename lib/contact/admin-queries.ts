import "server-only";
import { keysetBatches } from "@/lib/list/keyset";
import { pageRequest, readList, type Paged, type PageRequest, type RowWindow } from "@/lib/list/paging";
import { db } from "@/lib/db";
import { escapeLike, searchTerms } from "@/lib/list/search";
import { Prisma, type ContactStatus } from "@/lib/generated/prisma/client";
import type { ContactFilter } from "./admin-schema";
import { conversationReplyAddress } from "@/lib/conversations/addressing";
import { NO_MAIL_FIELDS } from "@/lib/conversations/thread";
import {
  serializeContactRow,
  serializeNote,
  serializeTemplate,
  type ContactEntryItem,
  type ContactMessageDetail,
  type ContactMessageItem,
  type ContactMessageRow,
  type ReplyTemplateItem,
} from "./admin-serialize";

// The inbox's reads. Lists run in SQL so that the search can use the trigram index on
// contact_messages.search_text (lower-case, unaccented, kept by a trigger: migration
// 20261122220000_contact_inbox). Soft-deleted rows are never shown. Totals without a search
// come from contact_message_counts (exact, kept by triggers), so no page counts 100,000 rows;
// a search or an assignee filter counts its matches only as far as the pager needs
// (readList's bound, lib/list/paging.ts).

function whereSql(filter: ContactFilter, viewerId: string | null): Prisma.Sql {
  const conditions = [Prisma.sql`m.deleted_at IS NULL`];
  if (filter.status) conditions.push(Prisma.sql`m.status = ${filter.status}::"contact_status"`);
  if (filter.assigned === "none") conditions.push(Prisma.sql`m.assigned_to_id IS NULL`);
  else if (filter.assigned === "me") conditions.push(viewerId ? Prisma.sql`m.assigned_to_id = ${viewerId}` : Prisma.sql`false`);
  else if (filter.assigned) conditions.push(Prisma.sql`m.assigned_to_id = ${filter.assigned}`);
  for (const term of searchTerms(filter.q)) {
    conditions.push(
      Prisma.sql`m.search_text LIKE ('%' || lower(immutable_unaccent(${escapeLike(term)})) || '%')`,
    );
  }
  return Prisma.join(conditions, " AND ");
}

// A row shows its latest staff reply (text and e-mail state) and who it is assigned to.
const ROW_COLUMNS = Prisma.sql`
  m.id, m.name, m.email, m.phone, m.company, m.sector_id AS "sectorId", s.name AS "sectorName",
  m.subject, m.message, m.status::text AS status, m.created_at AS "createdAt", m.read_at AS "readAt",
  m.replied_at AS "repliedAt", r.body AS "replyText", r.sent_at AS "replySentAt",
  r.delivery_status::text AS "replyStatus", r.attempted_at AS "replyAttemptedAt",
  r.delivery_error AS "replyError", m.ip_address AS "ipAddress", m.user_agent AS "userAgent",
  m.assigned_to_id AS "assignedToId", a.name AS "assignedToName", m.origin`;

const ROW_FROM = Prisma.sql`
  contact_messages m
  LEFT JOIN sectors s ON s.id = m.sector_id
  LEFT JOIN users a ON a.id = m.assigned_to_id
  LEFT JOIN LATERAL (
    SELECT e.body, e.sent_at, e.delivery_status, e.attempted_at, e.delivery_error
    FROM contact_entries e WHERE e.message_id = m.id AND e.kind = 'reply'
    ORDER BY e.created_at DESC, e.id DESC LIMIT 1
  ) r ON true`;

/** One page of messages (the first without `page`: this list is always paged), newest first, with the total of the same filter. */
export function listContactMessages(filter: ContactFilter, page: PageRequest = pageRequest({}), viewerId: string | null = null): Promise<Paged<ContactMessageItem>> {
  const where = whereSql(filter, viewerId);
  const rows = async ({ skip, take }: RowWindow) =>
    (
      await db.$queryRaw<ContactMessageRow[]>`
        SELECT ${ROW_COLUMNS}
        FROM ${ROW_FROM}
        WHERE ${where}
        ORDER BY m.created_at DESC, m.id DESC
        LIMIT ${take ?? null} OFFSET ${skip}`
    ).map(serializeContactRow);
  const total = async (sql: Prisma.Sql) => (await db.$queryRaw<{ total: number }[]>(sql))[0]?.total ?? 0;
  if (searchTerms(filter.q).length > 0 || filter.assigned) {
    return readList(page, {
      rows,
      count: (limit) => total(Prisma.sql`SELECT count(*)::int AS total FROM (SELECT 1 FROM contact_messages m WHERE ${where} LIMIT ${limit}) AS matches`),
    });
  }
  return readList(page, {
    rows,
    exactCount: () =>
      total(
        filter.status
          ? Prisma.sql`SELECT coalesce(sum(total), 0)::int AS total FROM contact_message_counts WHERE status = ${filter.status}::"contact_status"`
          : Prisma.sql`SELECT coalesce(sum(total), 0)::int AS total FROM contact_message_counts`,
      ),
  });
}

/**
 * The messages not deleted, in all and per status, from contact_message_counts (exact, kept by
 * triggers): no count of the whole table. `client`: a transaction's, to read with its snapshot.
 */
export async function contactMessageTotals(client: Prisma.TransactionClient | typeof db = db): Promise<{ all: number; byStatus: Partial<Record<ContactStatus, number>> }> {
  const rows = await client.$queryRaw<{ status: ContactStatus; total: number }[]>`SELECT status, total FROM contact_message_counts`;
  const byStatus: Partial<Record<ContactStatus, number>> = Object.fromEntries(rows.map((row) => [row.status, row.total]));
  return { all: rows.reduce((sum, row) => sum + row.total, 0), byStatus };
}

/**
 * Every message of the filter, newest first, in keyset batches on the list's own index
 * (created_at, id), so an export of 100,000 rows never holds them all in memory.
 */
export function exportContactMessages(filter: ContactFilter, batchSize?: number, viewerId: string | null = null): AsyncGenerator<ContactMessageItem[], void, unknown> {
  const where = whereSql(filter, viewerId);
  return keysetBatches({
    fetchAfter: (last: ContactMessageRow | null, take) => {
      const after = last ? Prisma.sql`AND (m.created_at, m.id) < (${last.createdAt}::timestamp(3), ${last.id}::int)` : Prisma.empty;
      return db.$queryRaw<ContactMessageRow[]>`
        SELECT ${ROW_COLUMNS}
        FROM ${ROW_FROM}
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
  assignedTo: { select: { id: true, name: true } },
  entries: {
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: {
      author: { select: { id: true, name: true } },
      attachments: { orderBy: { id: "asc" }, select: { id: true, fileName: true, mime: true, bytes: true } },
    },
    omit: { originalText: true },
  },
} satisfies Prisma.ContactMessageInclude;

type DetailRow = Prisma.ContactMessageGetPayload<{ include: typeof contactDetailInclude }>;
type EntryRow = DetailRow["entries"][number];

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** Where staff download an attachment of an e-mailed entry. */
export const contactAttachmentUrl = (messageId: number, attachmentId: number) =>
  `/api/v1/admin/contact-messages/${messageId}/attachments/${attachmentId}`;

function serializeEntry(messageId: number, entry: EntryRow, kind: ContactEntryItem["kind"] = entry.kind): ContactEntryItem {
  return {
    id: `entry-${entry.id}`,
    kind,
    body: entry.body,
    author: entry.author,
    created_at: entry.createdAt.toISOString(),
    delivery_status: entry.kind === "reply" ? (entry.deliveryStatus ?? "sending") : null,
    attempted_at: iso(entry.attemptedAt),
    sent_at: iso(entry.sentAt),
    delivery_error: entry.deliveryError,
    server_response: entry.serverResponse,
    event: entry.event,
    data: entry.data && typeof entry.data === "object" && !Array.isArray(entry.data) ? (entry.data as Record<string, unknown>) : null,
    from_address: entry.fromAddress,
    auth_warning: entry.authWarning,
    original_available: entry.kind === "inbound",
    attachments: entry.attachments.map((file) => ({
      id: file.id,
      file_name: file.fileName,
      mime: file.mime,
      bytes: file.bytes,
      url: contactAttachmentUrl(messageId, file.id),
    })),
  };
}

/**
 * The thread, oldest first. A conversation opened by the contact form starts with its message; one
 * opened by an e-mail starts with that e-mail's entry (which keeps the whole text, the sender's
 * checks and the attachments), shown as the opening message.
 */
export function contactThread(row: DetailRow): ContactEntryItem[] {
  const entries = row.entries.map((entry) => serializeEntry(row.id, entry));
  if (row.origin === "email") {
    const first = row.entries.findIndex((entry) => entry.kind === "inbound");
    if (first !== -1) {
      entries[first] = serializeEntry(row.id, row.entries[first], "message");
      return entries;
    }
  }
  const opening: ContactEntryItem = {
    id: "message",
    kind: "message",
    body: row.message,
    author: null,
    created_at: row.createdAt.toISOString(),
    ...NO_MAIL_FIELDS,
    event: null,
    data: null,
    from_address: row.email,
  };
  return [opening, ...entries];
}

export function serializeContactDetail(row: DetailRow): ContactMessageDetail {
  const replies = row.entries.filter((entry) => entry.kind === "reply");
  const latest = replies.at(-1) ?? null;
  return {
    ...serializeContactRow({
      ...row,
      sectorName: row.sector?.name ?? null,
      replyText: latest?.body ?? null,
      replyStatus: latest ? (latest.deliveryStatus ?? "sending") : null,
      replyAttemptedAt: latest?.attemptedAt ?? null,
      replySentAt: latest?.sentAt ?? null,
      replyError: latest?.deliveryError ?? null,
      assignedToName: row.assignedTo?.name ?? null,
    }),
    reply_message_id: latest?.mailMessageId ?? null,
    replied_by: latest?.author ?? null,
    previous_status: row.previousStatus,
    status_changed_at: iso(row.statusChangedAt),
    merged_into_id: row.mergedIntoId,
    reply_address: conversationReplyAddress(row.replyToken),
    entries: contactThread(row),
    notes: row.entries
      .filter((entry) => entry.kind === "note")
      .map((entry) => serializeNote({ id: entry.id, body: entry.body ?? "", createdAt: entry.createdAt, author: entry.author })),
  };
}

/** One message not deleted, with its thread; null when missing or deleted. Reading changes nothing. */
export async function findContactMessage(id: number): Promise<ContactMessageDetail | null> {
  const row = await db.contactMessage.findFirst({ where: { id, deletedAt: null }, include: contactDetailInclude });
  return row ? serializeContactDetail(row) : null;
}

/** The whole text of an e-mailed entry as received; null when there is none (or the message is deleted). */
export async function contactEntryOriginal(messageId: number, entryId: number): Promise<string | null> {
  const entry = await db.contactEntry.findFirst({
    where: { id: entryId, messageId, kind: "inbound", message: { deletedAt: null } },
    select: { originalText: true, body: true },
  });
  return entry ? (entry.originalText ?? entry.body) : null;
}

/** An attachment of one of this conversation's entries (staff only), or null. */
export async function contactAttachment(messageId: number, attachmentId: number) {
  return db.mailAttachment.findFirst({
    where: { id: attachmentId, contactEntry: { messageId, message: { deletedAt: null } } },
    select: { id: true, storageKey: true, fileName: true, mime: true, bytes: true },
  });
}

export async function listReplyTemplates(): Promise<ReplyTemplateItem[]> {
  const rows = await db.replyTemplate.findMany({ orderBy: [{ name: "asc" }, { id: "asc" }] });
  return rows.map(serializeTemplate);
}

/** The sender's other conversations this one can be merged into ("Unir con…"), newest first. */
export async function listMergeCandidates(id: number): Promise<{ id: number; subject: string | null; status: string; created_at: string }[]> {
  const message = await db.contactMessage.findFirst({ where: { id, deletedAt: null }, select: { email: true } });
  if (!message) return [];
  const rows = await db.contactMessage.findMany({
    where: { id: { not: id }, deletedAt: null, mergedIntoId: null, email: { equals: message.email, mode: "insensitive" } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 20,
    select: { id: true, subject: true, status: true, createdAt: true },
  });
  return rows.map((row) => ({ id: row.id, subject: row.subject, status: row.status, created_at: row.createdAt.toISOString() }));
}
