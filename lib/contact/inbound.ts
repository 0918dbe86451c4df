import "server-only";
import { recordAudit, SYSTEM_ACTOR } from "@/lib/audit/service";
import { notifyAdmins } from "@/lib/notifications/service";
import { lockedState, recordEvent, transition, type Tx } from "./message-state";

// What an e-mail does to the contact inbox, as the inbound mail pipeline (lib/inbound) lands it:
// the visitor's answer joins its conversation, a stranger's new mail opens one, an auto-reply is a
// quiet event, a bounce marks the reply that bounced. Each runs inside the pipeline's transaction
// (together with the inbound_emails row), audited as the system.

export type EmailedEntry = {
  body: string;
  originalText: string;
  fromAddress: string;
  authWarning: string | null;
  inboundEmailId: number;
  mailMessageId: string | null;
  receivedAt: Date;
};

/** The longest opening message of a conversation (contact_messages.message). */
const MESSAGE_MAX = 5000;
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The one-line gist of a text, for a bell notification. */
function excerpt(text: string, max = 200): string {
  return clip(text.replace(/\s+/g, " ").trim(), max);
}

/** Every admin's bell rings (the assignee's among them). */
async function announce(tx: Tx, id: number, title: string, body: string) {
  await notifyAdmins({ type: "contact_message", title, body, link: `/admin/contact-messages?id=${id}`, data: { contact_message_id: id } }, tx);
}

/**
 * The visitor's e-mailed answer joins conversation `id`: an inbound entry (the answer without its
 * quotes; the whole text kept), and the conversation is unread again (`new`); a closed or
 * archived one is reopened by it (a thread event says so). The admins' bells ring. Returns the
 * entry's id (attachments are linked to it).
 */
export async function addInboundContactEntry(tx: Tx, id: number, entry: EmailedEntry): Promise<{ entryId: number; reopened: boolean }> {
  const before = await lockedState(tx, id);
  const reopened = before.status === "closed" || before.status === "archived";
  const created = await tx.contactEntry.create({
    data: {
      messageId: id,
      kind: "inbound",
      body: entry.body,
      originalText: entry.originalText,
      fromAddress: entry.fromAddress,
      authWarning: entry.authWarning,
      inboundEmailId: entry.inboundEmailId,
      mailMessageId: entry.mailMessageId,
      createdAt: entry.receivedAt,
    },
    select: { id: true },
  });
  if (before.status !== "new") {
    await transition(tx, SYSTEM_ACTOR, before, reopened ? "contact_message.reopen_by_email" : "contact_message.inbound", {
      status: "new",
      statusChangedAt: entry.receivedAt,
      previousStatus: null,
    });
  }
  if (reopened) await recordEvent(tx, id, null, "reopened_by_email", { from: before.status, to: "new" }, entry.receivedAt);
  const message = await tx.contactMessage.findUniqueOrThrow({ where: { id }, select: { name: true } });
  await announce(tx, id, reopened ? `Conversación C-${id} reabierta por un correo` : `Nueva respuesta por correo en C-${id}`, `${message.name}: ${excerpt(entry.body)}`);
  return { entryId: created.id, reopened };
}

/**
 * A mail that answers nothing of ours, from someone who is not a client: a new conversation in the
 * inbox, opened by that e-mail (its opening message is the text, cut at 5,000 characters; the
 * inbound entry keeps the whole of it, the original and the attachments).
 */
export async function openContactFromEmail(
  tx: Tx,
  mail: EmailedEntry & { name: string; subject: string | null; ipAddress: string | null },
): Promise<{ id: number; entryId: number }> {
  const created = await tx.contactMessage.create({
    data: {
      name: clip(mail.name, 120),
      email: mail.fromAddress,
      subject: mail.subject ? clip(mail.subject, 200) : null,
      message: clip(mail.body, MESSAGE_MAX),
      status: "new",
      origin: "email",
      ipAddress: mail.ipAddress,
      createdAt: mail.receivedAt,
    },
    select: { id: true },
  });
  const entry = await tx.contactEntry.create({
    data: {
      messageId: created.id,
      kind: "inbound",
      body: mail.body,
      originalText: mail.originalText,
      fromAddress: mail.fromAddress,
      authWarning: mail.authWarning,
      inboundEmailId: mail.inboundEmailId,
      mailMessageId: mail.mailMessageId,
      createdAt: mail.receivedAt,
    },
    select: { id: true },
  });
  await recordAudit(tx, SYSTEM_ACTOR, {
    action: "contact_message.create_from_email",
    entityType: "contact_message",
    entityId: created.id,
    after: { status: "new", origin: "email", from: mail.fromAddress },
  });
  await announce(tx, created.id, "Nuevo mensaje por correo", `${mail.name} (${mail.fromAddress})${mail.subject ? `: ${mail.subject}` : ""}`);
  return { id: created.id, entryId: entry.id };
}

/** An auto-reply (out of office, vacation) to conversation `id`: a quiet event, never a new entry nor an answer. */
export async function recordContactAutoReply(tx: Tx, id: number, reason: string, fromAddress: string, at: Date): Promise<void> {
  await recordEvent(tx, id, null, "auto_reply", { reason: clip(reason, 300), from: fromAddress }, at);
}

/**
 * A delivery report says our reply with this Message-ID bounced: that reply becomes `failed` with
 * the reason ("Reenviar" is offered again) and the thread says so. Returns the conversation's id,
 * or null when no reply of ours carries that id.
 */
export async function markContactReplyBounced(tx: Tx, mailMessageId: string, reason: string, at: Date): Promise<number | null> {
  const reply = await tx.contactEntry.findFirst({ where: { kind: "reply", mailMessageId }, select: { id: true, messageId: true } });
  if (!reply) return null;
  await tx.contactEntry.update({
    where: { id: reply.id },
    data: { deliveryStatus: "failed", deliveryError: clip(`Rebotado: ${reason}`, 1000), sentAt: null },
  });
  await recordEvent(tx, reply.messageId, null, "bounce", { reason: clip(reason, 300), reply_id: reply.id }, at);
  await recordAudit(tx, SYSTEM_ACTOR, {
    action: "contact_message.reply_bounced",
    entityType: "contact_message",
    entityId: reply.messageId,
    after: { reply_id: reply.id, reason: clip(reason, 300) },
  });
  return reply.messageId;
}
