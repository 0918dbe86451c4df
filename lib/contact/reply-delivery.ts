import "server-only";
import { recordAudit } from "@/lib/audit/service";
import type { AdminActor } from "@/lib/auth/actor";
import { getSiteSettings } from "@/lib/content/settings";
import { appendSignature, conversationReplyAddress, withSubjectReference } from "@/lib/conversations/addressing";
import { db } from "@/lib/db";
import { conflict, notFound, parseWith } from "@/lib/errors";
import { formatDate } from "@/lib/format";
import { mailErrorText, newMessageId, sendMail, smtpConfigured } from "@/lib/mail";
import { contactReplySchema, contactResendSchema } from "./admin-schema";
import type { ContactMessageDetail, ReplyDelivery } from "./admin-serialize";
import { REPLY_SEND_STALE_MS, replyDeliveryView, replyRefusal, replySubject, type ReplyStatusValue } from "./inbox-rules";
import { lockedState, messageDetail, transition } from "./message-state";

// The staff replies of a contact conversation and their e-mails: each reply is stored first as an
// entry of the thread (`sending`), then sent, and the outcome (sent with the server's answer,
// failed with the reason, not configured) replaces `sending`; "Reenviar" sends a stored reply
// again. Called by the inbox screen's server actions and the REST handlers alike.

export type ContactUpdateResult = { message: ContactMessageDetail; delivery: ReplyDelivery | null };

/** How many earlier Message-IDs a reply names in its References header. */
const REFERENCES_KEPT = 10;

/**
 * "Responder": allowed on every open conversation (new, read or replied), with non-blank text.
 * The reply is STORED FIRST (a reply entry with the Message-ID it will carry and `sending`; the
 * conversation becomes `replied`), in one transaction with its audit entry; only then is it
 * e-mailed, and the outcome replaces `sending`. A failed or unconfigured send loses nothing:
 * "Reenviar" (resendContactReply) tries again.
 */
export async function replyToContactMessage(actor: AdminActor, id: number, input: unknown): Promise<ContactUpdateResult> {
  const { reply } = parseWith(contactReplySchema, input);
  const attemptAt = new Date();
  const entryId = await db.$transaction(async (tx) => {
    const before = await lockedState(tx, id);
    const refusal = replyRefusal(before.status);
    if (refusal) throw conflict(refusal);
    await transition(tx, actor, before, "contact_message.reply", {
      status: "replied",
      repliedAt: before.repliedAt ?? attemptAt,
      readAt: before.readAt ?? attemptAt,
    });
    const entry = await tx.contactEntry.create({
      data: {
        messageId: id,
        kind: "reply",
        body: reply,
        authorId: actor.id,
        mailMessageId: newMessageId(),
        deliveryStatus: "sending",
        attemptedAt: attemptAt,
        createdAt: attemptAt,
      },
      select: { id: true },
    });
    return entry.id;
  });
  const delivery = await deliverReply(id, entryId, attemptAt);
  return { message: await messageDetail(id), delivery };
}

export const NOTHING_TO_RESEND = "El mensaje no tiene una respuesta que reenviar.";
export const ALREADY_SENT = "La respuesta ya se envió por correo.";
export const MAIL_NOT_CONFIGURED_RESEND = "El correo saliente no está configurado: la respuesta no se puede reenviar todavía.";
export const SEND_IN_FLIGHT = "La respuesta ya se está enviando por correo. Espera unos segundos.";

/**
 * "Reenviar": sends a stored reply again (the one named by `entry_id`, else the latest) when its
 * last send failed, found no mail configuration, or died on the way (`sending` for longer than
 * REPLY_SEND_STALE_MS). 409 when there is no reply, it was sent, SMTP is still not configured, or
 * a send is in flight. The attempt is CLAIMED first (`sending` again, only if the state is still
 * the one checked), so two resends at once cannot e-mail the visitor twice. Audited; the same
 * Message-ID is kept.
 */
export async function resendContactReply(actor: AdminActor, id: number, input: unknown = {}): Promise<ContactUpdateResult> {
  const { entry_id: wanted } = parseWith(contactResendSchema, input ?? {});
  const attemptAt = new Date();
  const entryId = await db.$transaction(async (tx) => {
    await lockedState(tx, id);
    const entry = await tx.contactEntry.findFirst({
      where: { messageId: id, kind: "reply", ...(wanted ? { id: wanted } : {}) },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { id: true, deliveryStatus: true, attemptedAt: true, deliveryError: true, sentAt: true },
    });
    if (!entry) throw wanted ? notFound("Respuesta no encontrada") : conflict(NOTHING_TO_RESEND);
    const status: ReplyStatusValue = entry.deliveryStatus ?? (entry.sentAt ? "sent" : "sending");
    if (status === "sent") throw conflict(ALREADY_SENT);
    if (!smtpConfigured()) throw conflict(MAIL_NOT_CONFIGURED_RESEND);
    const stale = new Date(attemptAt.getTime() - REPLY_SEND_STALE_MS);
    const { count } = await tx.contactEntry.updateMany({
      where: {
        id: entry.id,
        sentAt: null,
        OR: [
          { deliveryStatus: { in: ["failed", "not_configured"] } },
          { deliveryStatus: "sending", OR: [{ attemptedAt: null }, { attemptedAt: { lt: stale } }] },
          { deliveryStatus: null },
        ],
      },
      data: { deliveryStatus: "sending", attemptedAt: attemptAt, deliveryError: null },
    });
    if (count !== 1) throw conflict(SEND_IN_FLIGHT);
    // The attempt, not its outcome (which the thread shows): why the reply had not gone out.
    await recordAudit(tx, actor, {
      action: "contact_message.resend_reply",
      entityType: "contact_message",
      entityId: id,
      before: {
        reply_id: entry.id,
        reply_error: entry.deliveryError ?? replyDeliveryView(status, entry.attemptedAt, attemptAt.getTime())?.label ?? null,
      },
    });
    return entry.id;
  });
  const delivery = await deliverReply(id, entryId, attemptAt);
  return { message: await messageDetail(id), delivery };
}

/** What the visitor last wrote: their latest e-mailed answer, else the first message. */
function lastWords(message: { name: string; message: string; createdAt: Date }, inbound: { body: string | null; createdAt: Date } | null) {
  return inbound?.body ? { text: inbound.body, at: inbound.createdAt } : { text: message.message, at: message.createdAt };
}

/** The reply e-mail: the text with its author's signature, the company, and the visitor's last words quoted below. */
function replyBody(reply: string, signature: string | null, companyName: string, visitor: string, quoted: { text: string; at: Date }) {
  const quote = quoted.text
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
  return [appendSignature(reply, signature ?? companyName), "", `El ${formatDate(quoted.at)}, ${visitor} escribió:`, quote].join("\n");
}

/**
 * Sends reply `entryId` of message `id` (the attempt claimed at `attemptAt`) and records the
 * outcome over `sending`: sent (with the server's answer), failed (with a short reason) or
 * not_configured. Only the attempt that claimed the entry settles it, so a late answer never
 * overwrites a newer attempt. The first reply really sent stamps the conversation's first
 * response. Never throws for a mail failure: the outcome is returned and stored.
 */
async function deliverReply(id: number, entryId: number, attemptAt: Date): Promise<ReplyDelivery> {
  const [message, entry, earlier, lastInbound] = await Promise.all([
    db.contactMessage.findUniqueOrThrow({
      where: { id },
      select: { name: true, email: true, subject: true, message: true, createdAt: true, replyToken: true },
    }),
    db.contactEntry.findUniqueOrThrow({
      where: { id: entryId },
      select: { body: true, mailMessageId: true, author: { select: { signature: true } } },
    }),
    db.contactEntry.findMany({
      where: { messageId: id, id: { not: entryId }, kind: { in: ["reply", "inbound"] }, mailMessageId: { not: null } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: REFERENCES_KEPT,
      select: { mailMessageId: true },
    }),
    db.contactEntry.findFirst({
      where: { messageId: id, kind: "inbound" },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { body: true, createdAt: true },
    }),
  ]);
  const messageId = entry.mailMessageId ?? newMessageId();
  const mine = { id: entryId, deliveryStatus: "sending" as const, attemptedAt: attemptAt };
  let outcome: ReplyDelivery;
  let response: string | null = null;
  try {
    const settings = await getSiteSettings();
    const result = await sendMail({
      to: message.email,
      replyTo: conversationReplyAddress(message.replyToken) ?? settings.contactEmail ?? undefined,
      subject: withSubjectReference(replySubject(message.subject), { kind: "contact", id }),
      text: replyBody(entry.body ?? "", entry.author?.signature ?? null, settings.companyName, message.name, lastWords(message, lastInbound)),
      messageId,
      inReplyTo: earlier.map((row) => row.mailMessageId!).reverse(),
      kind: "contact_reply",
      related: { type: "contact_message", id },
    });
    if (result.status === "sent") {
      outcome = { sent: true, status: "sent", error: null };
      response = result.response || null;
    } else {
      outcome = { sent: false, status: "not_configured", error: null };
    }
  } catch (error) {
    console.error(`[contact] La respuesta al mensaje ${id} se guardó, pero el correo falló`, error);
    outcome = { sent: false, status: "failed", error: mailErrorText(error) };
  }
  const sentAt = new Date();
  const { count } = await db.contactEntry.updateMany({
    where: mine,
    data: {
      deliveryStatus: outcome.status,
      deliveryError: outcome.error,
      ...(outcome.sent ? { sentAt, serverResponse: response, mailMessageId: messageId } : {}),
    },
  });
  if (count === 1 && outcome.sent) {
    await db.contactMessage.updateMany({ where: { id, firstResponseAt: null }, data: { firstResponseAt: sentAt } });
  }
  return outcome;
}
