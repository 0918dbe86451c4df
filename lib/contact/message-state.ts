import "server-only";
import { recordAudit } from "@/lib/audit/service";
import type { AdminActor } from "@/lib/auth/actor";
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
  replyText: true,
  repliedAt: true,
  repliedById: true,
  replyMessageId: true,
  replySentAt: true,
  replyError: true,
  replyStatus: true,
  replyAttemptedAt: true,
  deletedAt: true,
} satisfies Prisma.ContactMessageSelect;
export type MessageState = Prisma.ContactMessageGetPayload<{ select: typeof stateSelect }>;

/** The audited view of a message's state (snake_case, as the API shows it). */
export function auditState(row: Partial<MessageState>) {
  const state: Record<string, unknown> = {};
  if ("status" in row) state.status = row.status;
  if ("readAt" in row) state.read_at = row.readAt;
  if ("replyText" in row) state.reply_text = row.replyText;
  if ("repliedAt" in row) state.replied_at = row.repliedAt;
  if ("repliedById" in row) state.replied_by_id = row.repliedById;
  if ("replySentAt" in row) state.reply_sent_at = row.replySentAt;
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
  actor: AdminActor,
  before: MessageState,
  action: string,
  data: Prisma.ContactMessageUpdateManyMutationInput & { repliedById?: string | null },
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

/** The message as the inbox shows it (with its notes and who replied); 404 once deleted. */
export async function messageDetail(id: number, client: Tx | typeof db = db): Promise<ContactMessageDetail> {
  const row = await client.contactMessage.findFirst({ where: { id, deletedAt: null }, include: contactDetailInclude });
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  return serializeContactDetail(row);
}
