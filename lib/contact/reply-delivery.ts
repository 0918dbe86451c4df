import "server-only";
import { randomUUID } from "node:crypto";
import { recordAudit } from "@/lib/audit/service";
import type { AdminActor } from "@/lib/auth/actor";
import { getSiteSettings } from "@/lib/content/settings";
import { db } from "@/lib/db";
import { conflict, parseWith } from "@/lib/errors";
import { formatDate } from "@/lib/format";
import { DEFAULT_MAIL_FROM, mailErrorText, sendMail, smtpConfigured } from "@/lib/mail";
import { contactReplySchema } from "./admin-schema";
import type { ContactMessageDetail, ReplyDelivery } from "./admin-serialize";
import { REPLY_SEND_STALE_MS, replyDeliveryView, replyRefusal, replySubject, type ReplyStatusValue } from "./inbox-rules";
import { lockedState, messageDetail, transition } from "./message-state";

// The reply to a contact message and its e-mail: the reply is stored first, then sent, and the
// outcome (sent, failed, not configured) is stored over `sending`; "Reenviar" sends a stored reply
// again. Called by the inbox screen's server actions and the REST handlers alike.

export type ContactUpdateResult = { message: ContactMessageDetail; delivery: ReplyDelivery | null };

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
  return { message: await messageDetail(id), delivery };
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
  return { message: await messageDetail(id), delivery };
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
