import "server-only";
import { recordAudit } from "@/lib/audit/service";
import type { AuditActor } from "@/lib/audit/service";
import { db } from "@/lib/db";
import { conflict, notFound } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { contactDetailInclude, serializeContactDetail } from "./admin-queries";
import type { ContactMessageDetail } from "./admin-serialize";

// A contact message's state as every inbox write reads, locks and changes it: each write reads
// the row in its transaction, checks the state machine (inbox-rules.ts), and changes it only
// through `transition`, which refuses when another admin changed it meanwhile (409) and audits
// the change. A missing (or deleted) message is a 404.

export const MESSAGE_NOT_FOUND = "Mensaje no encontrado";
const CHANGED_MEANWHILE = "El mensaje cambió mientras tanto. Recarga la página e inténtalo de nuevo.";

export type Tx = Prisma.TransactionClient;

export const stateSelect = {
  id: true,
  status: true,
  readAt: true,
  repliedAt: true,
  previousStatus: true,
  statusChangedAt: true,
  assignedToId: true,
  mergedIntoId: true,
  deletedAt: true,
} satisfies Prisma.ContactMessageSelect;
export type MessageState = Prisma.ContactMessageGetPayload<{ select: typeof stateSelect }>;

/** The audited view of a message's state (snake_case, as the API shows it). */
export function auditState(row: Partial<MessageState>) {
  const state: Record<string, unknown> = {};
  if ("status" in row) state.status = row.status;
  if ("readAt" in row) state.read_at = row.readAt;
  if ("repliedAt" in row) state.replied_at = row.repliedAt;
  if ("assignedToId" in row) state.assigned_to = row.assignedToId;
  if ("mergedIntoId" in row) state.merged_into_id = row.mergedIntoId;
  if ("deletedAt" in row) state.deleted_at = row.deletedAt;
  return state;
}

/** The message's state as this transaction reads it; 404 when it is missing or deleted. */
export async function lockedState(tx: Tx, id: number): Promise<MessageState> {
  const row = await tx.contactMessage.findFirst({ where: { id, deletedAt: null }, select: stateSelect });
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  return row;
}

/**
 * Applies `data` only if the row is still in the state we checked (optimistic concurrency: two
 * admins closing and replying at once cannot both win), and audits it.
 */
export async function transition(
  tx: Tx,
  actor: AuditActor,
  before: MessageState,
  action: string,
  data: Prisma.ContactMessageUncheckedUpdateManyInput,
) {
  const { count } = await tx.contactMessage.updateMany({
    where: { id: before.id, status: before.status, deletedAt: null },
    data,
  });
  if (count !== 1) throw conflict(CHANGED_MEANWHILE);
  const after = await tx.contactMessage.findUniqueOrThrow({ where: { id: before.id }, select: stateSelect });
  await recordAudit(tx, actor, {
    action,
    entityType: "contact_message",
    entityId: before.id,
    before: auditState(before),
    after: auditState(after),
  });
}

/** A status event in the thread (closed, reopened, archived, unarchived, restored, …), by whom. */
export async function recordEvent(
  tx: Tx,
  messageId: number,
  authorId: string | null,
  event: string,
  data: Record<string, string | number | null>,
  at: Date = new Date(),
) {
  await tx.contactEntry.create({ data: { messageId, kind: "event", event, data, authorId, createdAt: at } });
}

/**
 * Moves a message to another status as one of the thread's events: remembers where a close or an
 * archive came from (for "Desarchivar" and "Deshacer"), stamps the change's time, audits it.
 */
export async function changeStatus(
  tx: Tx,
  actor: AuditActor,
  before: MessageState,
  to: MessageState["status"],
  event: string,
  action: string,
  extra: Prisma.ContactMessageUncheckedUpdateManyInput = {},
) {
  const now = new Date();
  const leaving = to === "closed" || to === "archived";
  await transition(tx, actor, before, action, {
    status: to,
    statusChangedAt: now,
    previousStatus: leaving ? before.status : null,
    ...extra,
  });
  await recordEvent(tx, before.id, actor.id, event, { from: before.status, to }, now);
}

/** The message as the inbox shows it (with its thread); 404 once deleted. */
export async function messageDetail(id: number, client: Tx | typeof db = db): Promise<ContactMessageDetail> {
  const row = await client.contactMessage.findFirst({ where: { id, deletedAt: null }, include: contactDetailInclude });
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  return serializeContactDetail(row);
}
