import "server-only";
import { db } from "@/lib/db";
import { addInboundContactEntry, markContactReplyBounced, openContactFromEmail, recordContactAutoReply } from "@/lib/contact/inbound";
import { removeMailAttachments, storeMailAttachment } from "@/lib/conversations/attachments";
import { Prisma } from "@/lib/generated/prisma/client";
import { messageIdDomain } from "@/lib/mail";
import { hitRateLimit, type RateLimitRule } from "@/lib/rate-limit";
import { addEmailedClientReply, emailAdminsAboutClientReply, emailAdminsAboutNewTicket, markTicketReplyBounced, openTicketFromEmail } from "@/lib/support/service";
import { authenticityWarning } from "./authenticity";
import { autoReplyOf, isBounce, isOwnMail } from "./classify";
import { INBOUND_LIMITS, parseInboundMail, type InboundMail } from "./parse";
import { visibleReplyText } from "./reply-text";
import { findThread, type ThreadMatch } from "./threading";

// Where an incoming e-mail lands: the one function both transports (the SMTP listener and the
// IMAP poller) hand every raw message to. In order:
//   1. parse (hostile by default: size-capped, HTML turned into text, headers on one line);
//   2. a Message-ID already received → done (a retrying sender or a poll that crashed before
//      flagging: the mail lands once);
//   3. our own mail coming back (a loop) → dropped; a delivery report (bounce) → the reply it
//      names becomes `failed`; an auto-reply → a quiet event in its conversation, never an entry;
//   4. the conversation it answers (lib/inbound/threading.ts), else a new one: a ticket when the
//      sender is a client, a contact conversation otherwise (rate-limited per sender);
//   5. ONE transaction: the inbound_emails row (its unique Message-ID makes a concurrent duplicate
//      fail here) and the entry, status change, bell and audit. Attachments are stored before and
//      removed again if the transaction fails.
// The answer tells the transport what to do: accepted (250 / mark processed), temporary_failure
// (451 / leave it for the next poll: the database is down), rejected (a permanent refusal).

export type InboundMeta = { via: "smtp" | "imap"; remoteAddress?: string; helo?: string; mailFrom?: string; recipients: string[] };
export type ReceiveResult =
  | { status: "accepted"; outcome: string }
  | { status: "temporary_failure"; reason: string }
  | { status: "rejected"; reason: string };
export type InboundHandler = (raw: Buffer, meta: InboundMeta) => Promise<ReceiveResult>;

/** New conversations opened by e-mail, per sender address: a flood from one address is set aside. */
export const INBOUND_NEW_CONVERSATION_LIMIT: RateLimitRule = { limit: 10, windowSeconds: 3600 };

const TOO_LARGE = "El correo supera el tamaño máximo admitido.";

type Outcome = "contact_entry" | "ticket_reply" | "new_contact" | "new_ticket" | "auto_reply" | "bounce" | "loop" | "rejected" | "duplicate";

type Logged = { outcome: Outcome; relatedType?: "contact_message" | "ticket"; relatedId?: number; reason?: string | null };

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function logRow(mail: InboundMail, via: InboundMeta["via"], logged: Logged): Prisma.InboundEmailUncheckedCreateInput {
  return {
    via,
    messageId: mail.messageId,
    fromAddress: clip(mail.from?.address ?? "", 254),
    subject: clip(mail.subject, 255),
    bytes: mail.bytes,
    outcome: logged.outcome,
    relatedType: logged.relatedType ?? null,
    relatedId: logged.relatedId === undefined ? null : String(logged.relatedId),
    reason: logged.reason ? clip(logged.reason, 300) : null,
  };
}

const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

/** A database that cannot be reached now (retry later), as opposed to a bug. */
function isTemporary(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientInitializationError) return true;
  if (error instanceof Prisma.PrismaClientKnownRequestError) return ["P1001", "P1002", "P1008", "P1017", "P2024", "P2034"].includes(error.code);
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /ECONNREFUSED|ECONNRESET|ETIMEDOUT|timeout|terminat|connection/i.test(text);
}

/** Records a mail that lands nowhere (a loop, a bounce nobody asked about, a refusal). A repeat is fine. */
async function logOnly(mail: InboundMail, via: InboundMeta["via"], logged: Logged): Promise<void> {
  try {
    await db.inboundEmail.create({ data: logRow(mail, via, logged) });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
}

/** A sender's display name, or the local part of the address. */
function senderName(mail: InboundMail): string {
  const name = mail.from?.name?.replace(/[\r\n]+/g, " ").trim();
  return name || (mail.from?.address.split("@")[0] ?? "Remitente");
}

/**
 * Hands one raw e-mail to the inbox or the tickets. Never throws: an unexpected failure is a
 * temporary one (the mail is kept by the sender or the mailbox and tried again).
 */
export async function receiveInboundMail(raw: Buffer, meta: InboundMeta): Promise<ReceiveResult> {
  if (raw.length > INBOUND_LIMITS.maxBytes) return { status: "rejected", reason: TOO_LARGE };
  let mail: InboundMail;
  try {
    mail = await parseInboundMail(raw);
  } catch (error) {
    console.warn("[inbound] Correo no interpretable:", (error as Error).message);
    return { status: "rejected", reason: TOO_LARGE };
  }
  try {
    return await land(raw, mail, meta);
  } catch (error) {
    if (isUniqueViolation(error)) return { status: "accepted", outcome: "duplicate" };
    console.error("[inbound] No se pudo registrar el correo entrante:", error instanceof Error ? error.message : error);
    return { status: "temporary_failure", reason: isTemporary(error) ? "La base de datos no está disponible." : "Error interno al registrar el correo." };
  }
}

async function land(raw: Buffer, mail: InboundMail, meta: InboundMeta): Promise<ReceiveResult> {
  const accepted = (outcome: Outcome): ReceiveResult => ({ status: "accepted", outcome });
  if (mail.messageId && (await db.inboundEmail.findUnique({ where: { messageId: mail.messageId }, select: { id: true } }))) {
    return accepted("duplicate");
  }
  const receivedAt = new Date();

  if (isOwnMail(mail, messageIdDomain())) {
    await logOnly(mail, meta.via, { outcome: "loop", reason: "Correo enviado por esta misma aplicación." });
    return accepted("loop");
  }

  if (isBounce(mail)) {
    const report = mail.report;
    const reason = [report?.status, report?.diagnostic].filter(Boolean).join(" ") || "El servidor de destino rechazó el correo.";
    const original = report?.originalMessageId ?? null;
    await db.$transaction(async (tx) => {
      const inbound = await tx.inboundEmail.create({ data: logRow(mail, meta.via, { outcome: "bounce", reason }), select: { id: true } });
      if (!original) return;
      const contactId = await markContactReplyBounced(tx, original, reason, receivedAt);
      const ticketId = contactId === null ? await markTicketReplyBounced(tx, original, reason) : null;
      await tx.outboundEmail.updateMany({ where: { messageId: original }, data: { status: "failed", error: clip(`Rebotado: ${reason}`, 300) } });
      if (contactId !== null || ticketId !== null) {
        await tx.inboundEmail.update({
          where: { id: inbound.id },
          data: { relatedType: contactId !== null ? "contact_message" : "ticket", relatedId: String(contactId ?? ticketId) },
        });
      }
    });
    return accepted("bounce");
  }

  const from = mail.from?.address;
  if (!from) {
    await logOnly(mail, meta.via, { outcome: "rejected", reason: "Sin remitente válido." });
    return accepted("rejected");
  }

  const thread = await findThread({ from, inReplyTo: mail.inReplyTo, references: mail.references, recipients: mail.recipients, subject: mail.subject });

  const autoReply = autoReplyOf(mail);
  if (autoReply) {
    await db.$transaction(async (tx) => {
      await tx.inboundEmail.create({
        data: logRow(mail, meta.via, { outcome: "auto_reply", reason: autoReply.reason, relatedType: relatedTypeOf(thread), relatedId: thread?.id }),
      });
      if (thread?.kind === "contact") await recordContactAutoReply(tx, thread.id, autoReply.reason, from, receivedAt);
    });
    return accepted("auto_reply");
  }

  if (!thread) {
    const limit = await hitRateLimit(`inbound:new:${from}`, INBOUND_NEW_CONVERSATION_LIMIT);
    if (!limit.allowed) {
      await logOnly(mail, meta.via, { outcome: "rejected", reason: "Demasiadas conversaciones nuevas de este remitente en la última hora." });
      return accepted("rejected");
    }
  }

  const authWarning = await authenticityWarning(raw, { ip: meta.remoteAddress, helo: meta.helo, mailFrom: meta.mailFrom });
  const dropped = mail.droppedAttachments.map((file) => `[Adjunto no guardado: ${file.fileName} — ${file.reason}]`);
  const body = clip([visibleReplyText(mail.text) || "(correo sin texto)", ...dropped].join("\n"), INBOUND_LIMITS.maxBody);
  const stored: { id: number | null; key: string; fileName: string; mime: string; bytes: number }[] = [];
  try {
    for (const file of mail.attachments) {
      stored.push({ id: null, key: await storeMailAttachment(file.fileName, file.mime, file.content), fileName: file.fileName, mime: file.mime, bytes: file.bytes });
    }
  } catch (error) {
    await removeMailAttachments(stored.map((file) => file.key));
    throw error;
  }

  try {
    const result = await db.$transaction(async (tx) => {
      const client = thread ? null : await tx.user.findFirst({ where: { email: from, role: "client" }, select: { id: true } });
      const outcome: Outcome = thread ? (thread.kind === "contact" ? "contact_entry" : "ticket_reply") : client ? "new_ticket" : "new_contact";
      const inbound = await tx.inboundEmail.create({
        data: logRow(mail, meta.via, { outcome, reason: thread ? `Asociado por ${MATCHED_BY[thread.matchedBy]}.` : null }),
        select: { id: true },
      });
      const entry = { body, originalText: mail.text, fromAddress: from, authWarning, inboundEmailId: inbound.id, mailMessageId: mail.messageId, receivedAt };
      let related: { type: "contact_message" | "ticket"; id: number };
      let owner: { contactEntryId: number } | { ticketReplyId: number } | null = null;
      let ticketReply: { ticketId: number; replyId: number } | null = null;
      let newTicketId: number | null = null;
      if (thread?.kind === "contact") {
        const { entryId } = await addInboundContactEntry(tx, thread.id, entry);
        related = { type: "contact_message", id: thread.id };
        owner = { contactEntryId: entryId };
      } else if (thread?.kind === "ticket") {
        const owned = await tx.ticket.findUniqueOrThrow({ where: { id: thread.id }, select: { userId: true } });
        const { replyId } = await addEmailedClientReply(tx, { ticketId: thread.id, userId: owned.userId, ...entry });
        related = { type: "ticket", id: thread.id };
        owner = { ticketReplyId: replyId };
        ticketReply = { ticketId: thread.id, replyId };
      } else if (client) {
        const opened = await openTicketFromEmail(tx, { userId: client.id, subject: mail.subject, ...entry });
        related = { type: "ticket", id: opened.ticketId };
        owner = opened.replyId ? { ticketReplyId: opened.replyId } : null;
        newTicketId = opened.ticketId;
      } else {
        const opened = await openContactFromEmail(tx, { ...entry, name: senderName(mail), subject: mail.subject || null, ipAddress: meta.remoteAddress ?? null });
        related = { type: "contact_message", id: opened.id };
        owner = { contactEntryId: opened.entryId };
      }
      await tx.inboundEmail.update({ where: { id: inbound.id }, data: { relatedType: related.type, relatedId: String(related.id) } });
      if (owner && stored.length > 0) {
        await tx.mailAttachment.createMany({
          data: stored.map((file) => ({ storageKey: file.key, fileName: clip(file.fileName, 255), mime: clip(file.mime, 100), bytes: file.bytes, ...owner })),
        });
      }
      return { outcome, ticketReply, newTicketId };
    });
    // The admins' e-mails go after the commit (they never fail the landing).
    if (result.ticketReply) await emailAdminsAboutClientReply(result.ticketReply.ticketId, result.ticketReply.replyId);
    if (result.newTicketId !== null) await emailAdminsAboutNewTicket(result.newTicketId);
    return accepted(result.outcome);
  } catch (error) {
    await removeMailAttachments(stored.map((file) => file.key));
    throw error;
  }
}

const MATCHED_BY: Record<ThreadMatch["matchedBy"], string> = {
  header: "las cabeceras de respuesta",
  address: "la dirección de respuesta",
  subject: "la referencia del asunto",
};

function relatedTypeOf(thread: ThreadMatch | null): "contact_message" | "ticket" | undefined {
  if (!thread) return undefined;
  return thread.kind === "contact" ? "contact_message" : "ticket";
}
