import "server-only";
import { randomUUID } from "node:crypto";
import type { AdminActor } from "@/lib/auth/actor";
import { conflict, DomainError, notFound, parseWith } from "@/lib/errors";
import { recordAudit } from "@/lib/audit/service";
import { getSiteSettings } from "@/lib/content/settings";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { DEFAULT_MAIL_FROM, mailErrorText, sendMail, smtpConfigured } from "@/lib/mail";
import { formatDate } from "@/lib/format";
import {
  contactBulkSchema,
  contactIdsSchema,
  contactNoteSchema,
  contactReplySchema,
  contactUpdateSchema,
  replyTemplateSchema,
  type ContactBulk,
} from "./admin-schema";
import { contactDetailInclude, serializeContactDetail } from "./admin-queries";
import {
  serializeNote,
  serializeTemplate,
  type ContactMessageDetail,
  type ContactNoteItem,
  type ReplyDelivery,
  type ReplyTemplateItem,
} from "./admin-serialize";
import {
  archiveRefusal,
  closeRefusal,
  PURGE_AFTER_MINUTES,
  REPLY_SEND_STALE_MS,
  replyDeliveryView,
  replyRefusal,
  replySubject,
  RESTORE_WINDOW_SECONDS,
  type ReplyStatusValue,
} from "./inbox-rules";

// Every write of the contact inbox (spec §4, issue 8): ONE function per action, called by the
// screen's server actions and by the REST handlers alike. Each validates its input with the
// domain's schema, enforces the state machine, and writes in one transaction together with its
// audit entry. A refused transition is a 409 with a Spanish message; a missing (or deleted)
// message is a 404.

export const MESSAGE_NOT_FOUND = "Mensaje no encontrado";
const CHANGED_MEANWHILE = "El mensaje cambió mientras tanto. Recarga la página e inténtalo de nuevo.";

type Tx = Prisma.TransactionClient;

const stateSelect = {
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
type MessageState = Prisma.ContactMessageGetPayload<{ select: typeof stateSelect }>;

/** The audited view of a message's state (snake_case, as the API shows it). */
function auditState(row: Partial<MessageState>) {
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

async function lockedState(tx: Tx, id: number): Promise<MessageState> {
  const row = await tx.contactMessage.findFirst({ where: { id, deletedAt: null }, select: stateSelect });
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  return row;
}

/**
 * Applies `data` only if the row is still in the state we checked (optimistic concurrency: two
 * admins closing and replying at once cannot both win), and audits it.
 */
async function transition(
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

async function detail(id: number, client: Tx | typeof db = db): Promise<ContactMessageDetail> {
  const row = await client.contactMessage.findFirst({ where: { id, deletedAt: null }, include: contactDetailInclude });
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  return serializeContactDetail(row);
}

// ── Opening ────────────────────────────────────────────────────────────────────────────

/**
 * The inbox modal's mark-read, run by its server action when it opens a message (never by a
 * GET: reading through the API or following a link changes nothing): a `new` message becomes
 * `read` with read_at (audited). A message in any other status is only read.
 */
export async function openContactMessage(actor: AdminActor, id: number): Promise<ContactMessageDetail> {
  return db.$transaction(async (tx) => {
    const before = await lockedState(tx, id);
    if (before.status === "new") {
      const { count } = await tx.contactMessage.updateMany({
        where: { id, status: "new", deletedAt: null },
        data: { status: "read", readAt: new Date() },
      });
      // Another admin opened it in the same instant: it is read either way.
      if (count === 1) {
        const after = await tx.contactMessage.findUniqueOrThrow({ where: { id }, select: stateSelect });
        await recordAudit(tx, actor, {
          action: "contact_message.read",
          entityType: "contact_message",
          entityId: id,
          before: auditState(before),
          after: auditState(after),
        });
      }
    }
    return detail(id, tx);
  });
}

// ── Reply, close, archive (PUT /{id}) ─────────────────────────────────────────────────────

export type ContactUpdateResult = { message: ContactMessageDetail; delivery: ReplyDelivery | null };

/** PUT /api/v1/admin/contact-messages/{id}: one of the three bodies of spec §7. */
export async function updateContactMessage(actor: AdminActor, id: number, input: unknown): Promise<ContactUpdateResult> {
  const update = parseWith(contactUpdateSchema, input);
  if (update.status === "replied") return replyToContactMessage(actor, id, { reply: update.reply });
  const message = update.status === "closed" ? await closeContactMessage(actor, id) : await archiveContactMessage(actor, id);
  return { message, delivery: null };
}

export async function closeContactMessage(actor: AdminActor, id: number): Promise<ContactMessageDetail> {
  return db.$transaction(async (tx) => {
    const before = await lockedState(tx, id);
    const refusal = closeRefusal(before.status);
    if (refusal) throw conflict(refusal);
    await transition(tx, actor, before, "contact_message.close", { status: "closed" });
    return detail(id, tx);
  });
}

export async function archiveContactMessage(actor: AdminActor, id: number): Promise<ContactMessageDetail> {
  return db.$transaction(async (tx) => {
    const before = await lockedState(tx, id);
    const refusal = archiveRefusal(before.status);
    if (refusal) throw conflict(refusal);
    await transition(tx, actor, before, "contact_message.archive", { status: "archived" });
    return detail(id, tx);
  });
}

/** The domain of our Message-IDs: the sender's (MAIL_FROM), so they are globally unique to us. */
function messageIdDomain(): string {
  const from = process.env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM;
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1];
  return domain || "localhost";
}

export const newMessageId = () => `<${randomUUID()}@${messageIdDomain()}>`;

/**
 * Replies to a message: allowed only from new or read, with non-blank text. The reply is
 * STORED FIRST (status replied, reply_text, replied_at, who, the Message-ID it will carry, and
 * reply_status `sending` with the attempt's time), in one transaction with its audit entry; only
 * then is it e-mailed, and the outcome replaces `sending`. A failed or unconfigured send loses
 * nothing: "Reenviar" (resendContactReply) tries again.
 */
export async function replyToContactMessage(actor: AdminActor, id: number, input: unknown): Promise<ContactUpdateResult> {
  const { reply } = parseWith(contactReplySchema, input);
  const attemptAt = new Date();
  await db.$transaction(async (tx) => {
    const before = await lockedState(tx, id);
    const refusal = replyRefusal(before.status);
    if (refusal) throw conflict(refusal);
    await transition(tx, actor, before, "contact_message.reply", {
      status: "replied",
      replyText: reply,
      repliedAt: attemptAt,
      repliedById: actor.id,
      replyMessageId: newMessageId(),
      replySentAt: null,
      replyError: null,
      replyStatus: "sending",
      replyAttemptedAt: attemptAt,
      readAt: before.readAt ?? attemptAt,
    });
  });
  const delivery = await deliverReply(id, attemptAt);
  return { message: await detail(id), delivery };
}

export const NOTHING_TO_RESEND = "El mensaje no tiene una respuesta que reenviar.";
export const ALREADY_SENT = "La respuesta ya se envió por correo.";
export const MAIL_NOT_CONFIGURED_RESEND = "El correo saliente no está configurado: la respuesta no se puede reenviar todavía.";
export const SEND_IN_FLIGHT = "La respuesta ya se está enviando por correo. Espera unos segundos.";

/**
 * "Reenviar": sends the stored reply again when its last send failed, found no mail
 * configuration, or died on the way (`sending` for longer than REPLY_SEND_STALE_MS). 409 when
 * there is no reply, it was sent, SMTP is still not configured, or a send is in flight. The
 * attempt is CLAIMED first (`sending` again, only if the state is still the one checked), so two
 * resends at once cannot e-mail the visitor twice: the second gets a 409. Audited; the same
 * Message-ID is kept.
 */
export async function resendContactReply(actor: AdminActor, id: number): Promise<ContactUpdateResult> {
  const attemptAt = new Date();
  await db.$transaction(async (tx) => {
    const before = await lockedState(tx, id);
    if (!before.replyText) throw conflict(NOTHING_TO_RESEND);
    const status: ReplyStatusValue = before.replyStatus ?? (before.replySentAt ? "sent" : "sending");
    if (status === "sent") throw conflict(ALREADY_SENT);
    if (!smtpConfigured()) throw conflict(MAIL_NOT_CONFIGURED_RESEND);
    const stale = new Date(attemptAt.getTime() - REPLY_SEND_STALE_MS);
    const { count } = await tx.contactMessage.updateMany({
      where: {
        id,
        deletedAt: null,
        replySentAt: null,
        OR: [
          { replyStatus: { in: ["failed", "not_configured"] } },
          { replyStatus: "sending", OR: [{ replyAttemptedAt: null }, { replyAttemptedAt: { lt: stale } }] },
          { replyStatus: null },
        ],
      },
      data: {
        replyStatus: "sending",
        replyAttemptedAt: attemptAt,
        replyError: null,
        replyMessageId: before.replyMessageId ?? newMessageId(),
      },
    });
    if (count !== 1) throw conflict(SEND_IN_FLIGHT);
    // The attempt, not its outcome (which the message shows): why the reply had not gone out.
    await recordAudit(tx, actor, {
      action: "contact_message.resend_reply",
      entityType: "contact_message",
      entityId: id,
      before: { reply_error: before.replyError ?? replyDeliveryView(status, before.replyAttemptedAt, attemptAt.getTime())?.label ?? null },
    });
  });
  const delivery = await deliverReply(id, attemptAt);
  return { message: await detail(id), delivery };
}

/** The reply e-mail: the text, the signature, and the visitor's message quoted below. */
function replyBody(message: { name: string; message: string; createdAt: Date; replyText: string }, companyName: string) {
  const quoted = message.message
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
  return [
    message.replyText,
    "",
    "--",
    companyName,
    "",
    `El ${formatDate(message.createdAt)}, ${message.name} escribió:`,
    quoted,
  ].join("\n");
}

/**
 * Sends the stored reply of message `id` (the attempt claimed at `attemptAt`) and records the
 * outcome over `sending`: sent (with reply_sent_at), failed (with a short error) or
 * not_configured. Only the attempt that claimed the row settles it, so a late answer never
 * overwrites a newer attempt. Never throws for a mail failure: the outcome is returned and stored.
 */
async function deliverReply(id: number, attemptAt: Date): Promise<ReplyDelivery> {
  const message = await db.contactMessage.findUniqueOrThrow({
    where: { id },
    select: { name: true, email: true, subject: true, message: true, createdAt: true, replyText: true, replyMessageId: true },
  });
  if (!message.replyText) return { sent: false, status: "failed", error: null };
  const mine = { id, replyStatus: "sending" as const, replyAttemptedAt: attemptAt };
  const messageId = message.replyMessageId ?? newMessageId();
  let outcome: ReplyDelivery;
  try {
    const settings = await getSiteSettings();
    const result = await sendMail({
      to: message.email,
      replyTo: settings.contactEmail ?? undefined,
      subject: replySubject(message.subject),
      text: replyBody({ ...message, replyText: message.replyText }, settings.companyName),
      messageId,
      kind: "contact_reply",
      related: { type: "contact_message", id },
    });
    outcome = result.status === "sent" ? { sent: true, status: "sent", error: null } : { sent: false, status: "not_configured", error: null };
  } catch (error) {
    console.error(`[contact] La respuesta al mensaje ${id} se guardó, pero el correo falló`, error);
    outcome = { sent: false, status: "failed", error: mailErrorText(error) };
  }
  await db.contactMessage.updateMany({
    where: mine,
    data: {
      replyStatus: outcome.status,
      replyError: outcome.error,
      ...(outcome.sent ? { replySentAt: new Date(), replyMessageId: messageId } : {}),
    },
  });
  return outcome;
}

// ── Delete and undo ───────────────────────────────────────────────────────────────────

/** The admins' "Nuevo mensaje de contacto" notifications about these messages. */
function notificationsAbout(ids: number[]): Prisma.NotificationWhereInput {
  return { type: "contact_message", OR: ids.map((id) => ({ data: { path: ["contact_message_id"], equals: id } })) };
}

/** A deleted message's notifications stop counting as unread in the bells (they go when it is purged). */
async function settleNotificationsOfDeleted(tx: Tx, ids: number[], now: Date) {
  if (ids.length === 0) return;
  await tx.notification.updateMany({ where: { ...notificationsAbout(ids), readAt: null }, data: { readAt: now } });
}

/** Deletes for good the messages deleted more than PURGE_AFTER_MINUTES ago, and their notifications. Best effort. */
export async function purgeDeletedContactMessages(): Promise<number> {
  try {
    const expired = await db.contactMessage.findMany({
      where: { deletedAt: { lt: new Date(Date.now() - PURGE_AFTER_MINUTES * 60_000) } },
      select: { id: true },
      take: 1000,
    });
    if (expired.length === 0) return 0;
    const ids = expired.map((row) => row.id);
    const [, { count }] = await db.$transaction([
      db.notification.deleteMany({ where: notificationsAbout(ids) }),
      db.contactMessage.deleteMany({ where: { id: { in: ids }, deletedAt: { not: null } } }),
    ]);
    return count;
  } catch (error) {
    console.error("[contact] No se pudieron purgar los mensajes eliminados", error);
    return 0;
  }
}

/** DELETE /{id}: hides the message at once (soft delete); restorable for a few seconds. */
export async function deleteContactMessage(actor: AdminActor, id: number): Promise<{ id: number; deleted_at: string }> {
  const deletedAt = new Date();
  await db.$transaction(async (tx) => {
    const before = await lockedState(tx, id);
    await transition(tx, actor, before, "contact_message.delete", { deletedAt });
    await settleNotificationsOfDeleted(tx, [id], deletedAt);
  });
  await purgeDeletedContactMessages();
  return { id, deleted_at: deletedAt.toISOString() };
}

/** "Deshacer": brings back messages deleted less than RESTORE_WINDOW_SECONDS ago. */
export async function restoreContactMessages(actor: AdminActor, input: unknown): Promise<{ restored: number }> {
  const { ids } = parseWith(contactIdsSchema, input);
  const since = new Date(Date.now() - RESTORE_WINDOW_SECONDS * 1000);
  return db.$transaction(async (tx) => {
    const rows = await tx.contactMessage.findMany({ where: { id: { in: ids }, deletedAt: { gte: since } }, select: stateSelect });
    const restored = await tx.contactMessage.updateManyAndReturn({
      where: { id: { in: rows.map((row) => row.id) }, deletedAt: { gte: since } },
      data: { deletedAt: null },
      select: { id: true },
    });
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const { id } of restored) {
      await recordAudit(tx, actor, {
        action: "contact_message.restore",
        entityType: "contact_message",
        entityId: id,
        before: { deleted_at: byId.get(id)?.deletedAt ?? null },
        after: { deleted_at: null },
      });
    }
    return { restored: restored.length };
  });
}

/** POST /{id}/restore: one message; 404 when it does not exist, 409 when it cannot be restored. */
export async function restoreContactMessage(actor: AdminActor, id: number): Promise<ContactMessageDetail> {
  const row = await db.contactMessage.findUnique({ where: { id }, select: { deletedAt: true } });
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  if (!row.deletedAt) throw conflict("El mensaje no está eliminado.");
  const { restored } = await restoreContactMessages(actor, { ids: [id] });
  if (restored !== 1) throw conflict("Ya no se puede deshacer la eliminación de este mensaje.");
  return detail(id);
}

// ── Bulk ───────────────────────────────────────────────────────────────────────────────

/**
 * POST /bulk: mark read (only `new` ones), archive (all but archived ones) or delete. Only rows
 * whose transition is allowed count in `affected`; each changed row gets its audit entry.
 */
export async function bulkUpdateContactMessages(actor: AdminActor, input: unknown): Promise<{ affected: number; ids: number[] }> {
  const bulk: ContactBulk = parseWith(contactBulkSchema, input);
  const now = new Date();
  const plan: Record<ContactBulk["action"], { where: Prisma.ContactMessageWhereInput; data: Prisma.ContactMessageUpdateManyMutationInput; action: string }> = {
    read: { where: { status: "new" }, data: { status: "read", readAt: now }, action: "contact_message.read" },
    archive: { where: { status: { not: "archived" } }, data: { status: "archived" }, action: "contact_message.archive" },
    delete: { where: {}, data: { deletedAt: now }, action: "contact_message.delete" },
  };
  const step = plan[bulk.action];
  const result = await db.$transaction(async (tx) => {
    const where = { id: { in: bulk.ids }, deletedAt: null, ...step.where };
    const before = await tx.contactMessage.findMany({ where, select: stateSelect });
    const changed = await tx.contactMessage.updateManyAndReturn({
      where: { ...where, id: { in: before.map((row) => row.id) } },
      data: step.data,
      select: stateSelect,
    });
    const beforeById = new Map(before.map((row) => [row.id, row]));
    for (const after of changed) {
      await recordAudit(tx, actor, {
        action: step.action,
        entityType: "contact_message",
        entityId: after.id,
        before: auditState(beforeById.get(after.id) ?? {}),
        after: auditState(after),
      });
    }
    if (bulk.action === "delete") await settleNotificationsOfDeleted(tx, changed.map((row) => row.id), now);
    return { affected: changed.length, ids: changed.map((row) => row.id).sort((a, b) => a - b) };
  });
  if (bulk.action === "delete") await purgeDeletedContactMessages();
  return result;
}

// ── Notes ──────────────────────────────────────────────────────────────────────────────

/** POST /{id}/notes: an internal note (never e-mailed), with its author and time. */
export async function addContactNote(actor: AdminActor, id: number, input: unknown): Promise<ContactNoteItem> {
  const { body } = parseWith(contactNoteSchema, input);
  return db.$transaction(async (tx) => {
    await lockedState(tx, id);
    const note = await tx.contactNote.create({
      data: { messageId: id, authorId: actor.id, body },
      select: { id: true, body: true, createdAt: true, author: { select: { id: true, name: true } } },
    });
    await recordAudit(tx, actor, {
      action: "contact_note.create",
      entityType: "contact_note",
      entityId: note.id,
      after: { message_id: id, body },
    });
    return serializeNote(note);
  });
}

// ── Reply templates ─────────────────────────────────────────────────────────────────────

export const TEMPLATE_NOT_FOUND = "Plantilla no encontrada";
const TEMPLATE_DUPLICATE = "Ya existe una plantilla con ese nombre.";

function duplicateName(error: unknown): DomainError | null {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
    return conflict(TEMPLATE_DUPLICATE, { name: [TEMPLATE_DUPLICATE] });
  }
  return null;
}

export async function createReplyTemplate(actor: AdminActor, input: unknown): Promise<ReplyTemplateItem> {
  const data = parseWith(replyTemplateSchema, input);
  try {
    return await db.$transaction(async (tx) => {
      const row = await tx.replyTemplate.create({ data });
      await recordAudit(tx, actor, { action: "reply_template.create", entityType: "reply_template", entityId: row.id, after: data });
      return serializeTemplate(row);
    });
  } catch (error) {
    throw duplicateName(error) ?? error;
  }
}

export async function updateReplyTemplate(actor: AdminActor, id: number, input: unknown): Promise<ReplyTemplateItem> {
  const data = parseWith(replyTemplateSchema, input);
  try {
    return await db.$transaction(async (tx) => {
      const before = await tx.replyTemplate.findUnique({ where: { id } });
      if (!before) throw notFound(TEMPLATE_NOT_FOUND);
      const row = await tx.replyTemplate.update({ where: { id }, data });
      await recordAudit(tx, actor, {
        action: "reply_template.update",
        entityType: "reply_template",
        entityId: id,
        before: { name: before.name, body: before.body },
        after: data,
      });
      return serializeTemplate(row);
    });
  } catch (error) {
    throw duplicateName(error) ?? error;
  }
}

export async function deleteReplyTemplate(actor: AdminActor, id: number): Promise<void> {
  await db.$transaction(async (tx) => {
    const before = await tx.replyTemplate.findUnique({ where: { id } });
    if (!before) throw notFound(TEMPLATE_NOT_FOUND);
    await tx.replyTemplate.delete({ where: { id } });
    await recordAudit(tx, actor, {
      action: "reply_template.delete",
      entityType: "reply_template",
      entityId: id,
      before: { name: before.name, body: before.body },
    });
  });
}
