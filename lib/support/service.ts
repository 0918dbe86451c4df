import "server-only";
import type { AdminActor } from "@/lib/auth/actor";
import { notFound, conflict, invalid, rateLimited, parseWith } from "@/lib/errors";
import { parseRecordId } from "@/lib/ids";
import { recordAudit, SYSTEM_ACTOR } from "@/lib/audit/service";
import type { Actor } from "@/lib/auth/actor";
import { appendSignature, conversationReplyAddress, withSubjectReference } from "@/lib/conversations/addressing";
import { REPLY_SEND_STALE_MS, replyDeliveryView } from "@/lib/conversations/delivery";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { mailErrorText, newMessageId, sendMail, smtpConfigured } from "@/lib/mail";
import { emailAdmins } from "@/lib/notifications/email";
import { notifyAdmins, notifyUser } from "@/lib/notifications/service";
import { hitRateLimit, TICKET_RATE_LIMIT, TICKET_REPLY_RATE_LIMIT, type RateLimitRule } from "@/lib/rate-limit";
import { absoluteUrl } from "@/lib/site-url";
import { ticketNumber, ticketStatusLabel, type TicketStatusCode } from "./labels";
import {
  emailedClientReplySchema,
  emailedTicketSchema,
  SUPPORT_MESSAGES,
  ticketCreateSchema,
  ticketReplySchema,
  ticketUpdateSchema,
  type EmailedClientReplyInput,
  type EmailedTicketInput,
} from "./schema";
import {
  serializeAdminTicketDetail,
  serializeTicketDetail,
  ticketDetailSelect,
  type AdminTicketDetailContract,
  type ReplyDelivery,
  type StaffReplyResult,
  type TicketDetailContract,
} from "./serialize";

export type { ReplyDelivery, StaffReplyResult } from "./serialize";

// The only writes of support tickets: the client portal's and the admin's server
// actions, the REST handlers and the inbound e-mail pipeline all call these. Each validates with
// the shared schema, locks the ticket row (SELECT … FOR UPDATE, so two replies or a reply and a
// status change never interleave), writes together with its audit entry and the bell
// notifications it causes in one transaction, and e-mails after the commit.
//
// A staff reply is e-mailed to the client as a person's mail: stored first with its Message-ID
// and `sending`, sent after the commit, and the outcome (sent, failed, not_configured) replaces
// `sending`; "Reenviar" sends a stored reply again. Every mail about a ticket names it in the
// subject ("[#T-45]") and answers to the ticket's own reply address, so the client's answer
// comes back into the ticket.

type Tx = Prisma.TransactionClient;
type Reader = Tx | typeof db;

const ENTITY = "ticket";

export const parseTicketId = (raw: unknown) => parseRecordId(raw, SUPPORT_MESSAGES.notFound);
const parseReplyId = (raw: unknown) => parseRecordId(raw, SUPPORT_MESSAGES.replyNotFound);

type LockedTicket = {
  userId: string;
  status: TicketStatusCode;
  priority: string;
  subject: string;
  assignedToId: string | null;
};

/** Locks the ticket row for the rest of the transaction; what the writes check, or null when it does not exist. */
async function lockTicket(tx: Tx, id: number): Promise<LockedTicket | null> {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM tickets WHERE id = ${id} FOR UPDATE`;
  if (rows.length !== 1) return null;
  return tx.ticket.findUnique({ where: { id }, select: { userId: true, status: true, priority: true, subject: true, assignedToId: true } });
}

async function readDetail(client: Reader, id: number): Promise<TicketDetailContract> {
  return serializeTicketDetail(await client.ticket.findUniqueOrThrow({ where: { id }, select: ticketDetailSelect }));
}

async function readAdminDetail(client: Reader, id: number): Promise<AdminTicketDetailContract> {
  return serializeAdminTicketDetail(await client.ticket.findUniqueOrThrow({ where: { id }, select: ticketDetailSelect }));
}

/** The first line of a text, cut for a notification's body. */
function excerpt(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

const adminLink = (id: number) => `/admin/tickets/${id}`;
const clientLink = (id: number) => `/client/tickets/${id}`;
const ticketRef = (id: number) => ({ kind: "ticket" as const, id });

/** 429 with Retry-After once a client has opened (or answered) too much in the hour. */
async function limitClientWrites(key: string, rule: RateLimitRule) {
  const { allowed, retryAfterSeconds } = await hitRateLimit(key, rule);
  if (!allowed) throw rateLimited(retryAfterSeconds);
}

/**
 * "Nuevo ticket" (client portal) and POST /api/v1/client/tickets: opens a ticket of the caller's
 * own, status open and priority medium. Admins are told in the bell and by e-mail.
 */
export async function openTicket(actor: Actor, input: unknown): Promise<TicketDetailContract> {
  const data = parseWith(ticketCreateSchema, input, SUPPORT_MESSAGES.invalid);
  await limitClientWrites(`ticket:create:${actor.id}`, TICKET_RATE_LIMIT);
  const ticket = await db.$transaction(async (tx) => {
    const row = await tx.ticket.create({ data: { userId: actor.id, subject: data.subject, description: data.message }, select: { id: true } });
    const created = await readDetail(tx, row.id);
    await recordAudit(tx, actor, {
      action: `${ENTITY}.create`,
      entityType: ENTITY,
      entityId: row.id,
      after: { subject: created.subject, status: created.status, priority: created.priority },
    });
    await notifyAdmins(
      {
        type: "ticket_new",
        title: `Nuevo ticket ${ticketNumber(row.id)}: ${created.subject}`,
        body: `${actor.name}: ${excerpt(data.message)}`,
        link: adminLink(row.id),
        data: { ticket_id: row.id },
      },
      tx,
    );
    return created;
  });
  await emailAdmins({
    subject: `Nuevo ticket ${ticketNumber(ticket.id)}: ${ticket.subject}`,
    text: `${actor.name} (${actor.email}) abrió un ticket de soporte.\n\nAsunto: ${ticket.subject}\n\n${ticket.description}`,
    link: adminLink(ticket.id),
    kind: "ticket",
    related: { type: "ticket", id: ticket.id },
  });
  return ticket;
}

/**
 * The client's reply (portal and POST /api/v1/client/tickets/{id}/replies). Only on the caller's
 * own ticket (404 otherwise, whether it exists or not); 409 on a closed one. A reply to a
 * resolved ticket reopens it (status open, recorded as a status change). Admins are told.
 */
export async function replyAsClient(actor: Actor, id: unknown, input: unknown): Promise<TicketDetailContract> {
  const ticketId = parseTicketId(id);
  const data = parseWith(ticketReplySchema, input, SUPPORT_MESSAGES.invalid);
  await limitClientWrites(`ticket:reply:${actor.id}`, TICKET_REPLY_RATE_LIMIT);
  const ticket = await db.$transaction(async (tx) => {
    const current = await lockTicket(tx, ticketId);
    if (!current || current.userId !== actor.id) throw notFound(SUPPORT_MESSAGES.notFound);
    if (current.status === "closed") throw conflict(SUPPORT_MESSAGES.closed);
    const now = new Date();
    const reply = await tx.ticketReply.create({ data: { ticketId, authorId: actor.id, body: data.body, fromStaff: false, createdAt: now }, select: { id: true } });
    const reopened = current.status === "resolved";
    if (reopened) {
      await tx.ticketEvent.create({ data: { ticketId, actorId: actor.id, fromStatus: "resolved", toStatus: "open", createdAt: now } });
    }
    await tx.ticket.update({ where: { id: ticketId }, data: { updatedAt: now, ...(reopened ? { status: "open" as const } : {}) } });
    await recordAudit(tx, actor, {
      action: `${ENTITY}.reply`,
      entityType: ENTITY,
      entityId: ticketId,
      before: reopened ? { status: current.status } : null,
      after: { reply_id: reply.id, from_staff: false, ...(reopened ? { status: "open" } : {}) },
    });
    await notifyAdmins(
      {
        type: "ticket_reply",
        title: reopened ? `Ticket ${ticketNumber(ticketId)} reabierto por el cliente` : `Nueva respuesta en el ticket ${ticketNumber(ticketId)}`,
        body: `${actor.name}: ${excerpt(data.body)}`,
        link: adminLink(ticketId),
        data: { ticket_id: ticketId, reply_id: reply.id },
      },
      tx,
    );
    return readDetail(tx, ticketId);
  });
  await emailAdmins({
    subject: `Nueva respuesta en el ticket ${ticketNumber(ticket.id)}: ${ticket.subject}`,
    text: `${actor.name} (${actor.email}) respondió en el ticket «${ticket.subject}»:\n\n${data.body}`,
    link: adminLink(ticket.id),
    kind: "ticket",
    related: { type: "ticket", id: ticket.id },
  });
  return ticket;
}

// ── Staff replies and their e-mail ──────────────────────────────────────────

/**
 * An admin's reply ("Tickets" detail and POST /api/v1/admin/tickets/{id}/replies): from staff;
 * an open ticket moves to "En progreso" (recorded as a status change); 409 on a closed one. The
 * reply is STORED FIRST with the Message-ID its e-mail will carry and `sending`, together with
 * its audit entry and the client's bell notification; then it is e-mailed to the client and the
 * outcome replaces `sending` (a failed or unconfigured send loses nothing: "Reenviar").
 */
export async function replyAsStaff(actor: AdminActor, id: unknown, input: unknown): Promise<StaffReplyResult> {
  const ticketId = parseTicketId(id);
  const data = parseWith(ticketReplySchema, input, SUPPORT_MESSAGES.invalid);
  const attemptAt = new Date();
  const replyId = await db.$transaction(async (tx) => {
    const current = await lockTicket(tx, ticketId);
    if (!current) throw notFound(SUPPORT_MESSAGES.notFound);
    if (current.status === "closed") throw conflict(SUPPORT_MESSAGES.closed);
    const reply = await tx.ticketReply.create({
      data: {
        ticketId,
        authorId: actor.id,
        body: data.body,
        fromStaff: true,
        createdAt: attemptAt,
        mailMessageId: newMessageId(),
        deliveryStatus: "sending",
        attemptedAt: attemptAt,
      },
      select: { id: true },
    });
    const started = current.status === "open";
    if (started) {
      await tx.ticketEvent.create({ data: { ticketId, actorId: actor.id, fromStatus: "open", toStatus: "in_progress", createdAt: attemptAt } });
    }
    await tx.ticket.update({ where: { id: ticketId }, data: { updatedAt: attemptAt, ...(started ? { status: "in_progress" as const } : {}) } });
    await recordAudit(tx, actor, {
      action: `${ENTITY}.reply`,
      entityType: ENTITY,
      entityId: ticketId,
      before: started ? { status: current.status } : null,
      after: { reply_id: reply.id, from_staff: true, ...(started ? { status: "in_progress" } : {}) },
    });
    await notifyUser(
      current.userId,
      {
        type: "ticket_reply",
        title: `Respuesta a tu ticket ${ticketNumber(ticketId)}`,
        body: `${current.subject}: ${excerpt(data.body)}`,
        link: clientLink(ticketId),
        data: { ticket_id: ticketId, reply_id: reply.id },
      },
      tx,
    );
    return reply.id;
  });
  const delivery = await deliverStaffReply(replyId, attemptAt);
  return { ticket: await readAdminDetail(db, ticketId), delivery };
}

/**
 * "Reenviar" (POST /api/v1/admin/tickets/{id}/replies/{replyId}/resend): e-mails a staff reply
 * again when its last send failed, found no mail configuration, or died on the way (`sending`
 * for longer than REPLY_SEND_STALE_MS). 409 when it was sent, a send is in flight, SMTP is still
 * not configured, or the reply has no e-mail (one written before replies were e-mailed). The
 * attempt is CLAIMED first (`sending` again, only if the state is still the one checked), so two
 * resends at once e-mail the client once: the second gets a 409. Audited; the Message-ID stays.
 */
export async function resendStaffReply(actor: AdminActor, id: unknown, rawReplyId: unknown): Promise<StaffReplyResult> {
  const ticketId = parseTicketId(id);
  const replyId = parseReplyId(rawReplyId);
  const attemptAt = new Date();
  await db.$transaction(async (tx) => {
    if (!(await lockTicket(tx, ticketId))) throw notFound(SUPPORT_MESSAGES.notFound);
    const reply = await tx.ticketReply.findFirst({
      where: { id: replyId, ticketId, fromStaff: true },
      select: { deliveryStatus: true, attemptedAt: true, deliveryError: true, mailMessageId: true },
    });
    if (!reply) throw notFound(SUPPORT_MESSAGES.replyNotFound);
    if (reply.deliveryStatus === null) throw conflict(SUPPORT_MESSAGES.nothingToResend);
    if (reply.deliveryStatus === "sent") throw conflict(SUPPORT_MESSAGES.alreadySent);
    if (!smtpConfigured()) throw conflict(SUPPORT_MESSAGES.mailNotConfigured);
    const stale = new Date(attemptAt.getTime() - REPLY_SEND_STALE_MS);
    const { count } = await tx.ticketReply.updateMany({
      where: {
        id: replyId,
        OR: [
          { deliveryStatus: { in: ["failed", "not_configured"] } },
          { deliveryStatus: "sending", OR: [{ attemptedAt: null }, { attemptedAt: { lt: stale } }] },
        ],
      },
      data: { deliveryStatus: "sending", attemptedAt: attemptAt, deliveryError: null, mailMessageId: reply.mailMessageId ?? newMessageId() },
    });
    if (count !== 1) throw conflict(SUPPORT_MESSAGES.sendInFlight);
    // The attempt, not its outcome (which the reply shows): why the reply had not gone out.
    await recordAudit(tx, actor, {
      action: `${ENTITY}.resend_reply`,
      entityType: ENTITY,
      entityId: ticketId,
      before: {
        reply_id: replyId,
        delivery_error: reply.deliveryError ?? replyDeliveryView(reply.deliveryStatus, reply.attemptedAt, attemptAt.getTime())?.label ?? null,
      },
    });
  });
  const delivery = await deliverStaffReply(replyId, attemptAt);
  return { ticket: await readAdminDetail(db, ticketId), delivery };
}

/** At most this many earlier mails are named in In-Reply-To / References. */
const THREAD_REFERENCES = 10;

/**
 * The mails of a ticket a new mail answers, oldest first: the client's e-mailed replies and our
 * staff replies that went out (or may have: a `sending` one). Replies never e-mailed are not
 * part of the client's mailbox. `before`: only mails written before that reply.
 */
async function threadMessageIds(client: Reader, ticketId: number, before?: { id: number; createdAt: Date }): Promise<string[]> {
  const rows = await client.ticketReply.findMany({
    where: {
      ticketId,
      mailMessageId: { not: null },
      AND: [
        { OR: [{ viaEmail: true }, { fromStaff: true, deliveryStatus: { in: ["sent", "sending"] } }] },
        ...(before ? [{ OR: [{ createdAt: { lt: before.createdAt } }, { createdAt: before.createdAt, id: { lt: before.id } }] }] : []),
      ],
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: THREAD_REFERENCES,
    select: { mailMessageId: true },
  });
  return rows.map((row) => row.mailMessageId as string).reverse();
}

/** The staff reply as the client reads it in their mailbox: the text, the author's signature, and where to follow the ticket. */
function staffReplyText(reply: { body: string; signature: string | null }, ticket: { id: number; subject: string }, answerable: boolean): string {
  return [
    appendSignature(reply.body, reply.signature),
    "",
    "———",
    `Ticket ${ticketNumber(ticket.id)}: ${ticket.subject}`,
    answerable ? "Puedes responder a este correo o seguir la conversación en tu portal:" : "Para responder, entra a la conversación en tu portal:",
    absoluteUrl(clientLink(ticket.id)),
  ].join("\n");
}

/**
 * Sends staff reply `replyId` (the attempt claimed at `attemptAt`) and records the outcome over
 * `sending`: sent (sent_at, the server's answer), failed (a short reason) or not_configured.
 * Only the attempt that claimed the row settles it, so a late answer never overwrites a newer
 * attempt. Never throws for a mail failure: the outcome is returned and stored.
 */
async function deliverStaffReply(replyId: number, attemptAt: Date): Promise<ReplyDelivery> {
  const reply = await db.ticketReply.findUnique({
    where: { id: replyId },
    select: {
      id: true,
      body: true,
      createdAt: true,
      mailMessageId: true,
      author: { select: { signature: true } },
      ticket: { select: { id: true, subject: true, replyToken: true, user: { select: { email: true } } } },
    },
  });
  if (!reply) return { sent: false, status: "failed", error: null };
  const { ticket } = reply;
  const messageId = reply.mailMessageId ?? newMessageId();
  const replyTo = conversationReplyAddress(ticket.replyToken);
  let outcome: ReplyDelivery;
  let serverResponse: string | null = null;
  try {
    const result = await sendMail({
      to: ticket.user.email,
      subject: withSubjectReference(`Respuesta a tu ticket ${ticketNumber(ticket.id)}: ${ticket.subject}`, ticketRef(ticket.id)),
      text: staffReplyText({ body: reply.body, signature: reply.author?.signature ?? null }, ticket, replyTo !== null),
      replyTo: replyTo ?? undefined,
      messageId,
      inReplyTo: await threadMessageIds(db, ticket.id, reply),
      kind: "ticket_reply",
      related: { type: ENTITY, id: ticket.id },
    });
    if (result.status === "sent") {
      outcome = { sent: true, status: "sent", error: null };
      serverResponse = result.response || null;
    } else {
      outcome = { sent: false, status: "not_configured", error: null };
    }
  } catch (error) {
    console.error(`[support] La respuesta ${replyId} del ticket ${ticket.id} se guardó, pero el correo falló`, error);
    outcome = { sent: false, status: "failed", error: mailErrorText(error) };
  }
  await db.ticketReply.updateMany({
    where: { id: replyId, deliveryStatus: "sending", attemptedAt: attemptAt },
    data: {
      deliveryStatus: outcome.status,
      deliveryError: outcome.error,
      mailMessageId: messageId,
      ...(outcome.sent ? { sentAt: new Date(), serverResponse } : {}),
    },
  });
  return outcome;
}

// ── Status, priority and assignment ──────────────────────────────────────────

/**
 * A mail the application writes to a ticket's client about their ticket (a status change): named
 * by the ticket's subject reference and answering to its reply address, so an answer lands in
 * the ticket. Sent after the commit; a failure is logged, never the write's.
 */
async function emailTicketOwner(ticketId: number, mail: { subject: string; text: string }): Promise<void> {
  try {
    const ticket = await db.ticket.findUnique({ where: { id: ticketId }, select: { replyToken: true, user: { select: { email: true } } } });
    if (!ticket) return;
    await sendMail({
      to: ticket.user.email,
      subject: withSubjectReference(mail.subject, ticketRef(ticketId)),
      text: `${mail.text}\n\n${absoluteUrl(clientLink(ticketId))}`,
      replyTo: conversationReplyAddress(ticket.replyToken) ?? undefined,
      automatic: true,
      kind: "ticket",
      related: { type: ENTITY, id: ticketId },
    });
  } catch (error) {
    console.error("[support] no se pudo enviar el correo al cliente del ticket:", (error as Error).message);
  }
}

/**
 * An admin changes a ticket's status, priority and/or assignee ("Tickets" detail and PUT
 * /api/v1/admin/tickets/{id}). A status change is recorded in the conversation, sets closed_at
 * when it closes the ticket and clears it when it leaves "Cerrado", and tells the client. The
 * assignee must be an admin (422 otherwise) and is told in the bell (unless they assigned it to
 * themselves). Sending the values it already has changes nothing (no audit entry, no notification).
 */
export async function updateTicket(actor: AdminActor, id: unknown, input: unknown): Promise<AdminTicketDetailContract> {
  const ticketId = parseTicketId(id);
  const data = parseWith(ticketUpdateSchema, input, SUPPORT_MESSAGES.invalid);
  let mail: { subject: string; text: string } | null = null;
  const ticket = await db.$transaction(async (tx) => {
    const current = await lockTicket(tx, ticketId);
    if (!current) throw notFound(SUPPORT_MESSAGES.notFound);
    const statusChanged = data.status !== undefined && data.status !== current.status;
    const priorityChanged = data.priority !== undefined && data.priority !== current.priority;
    const assigneeChanged = data.assigned_to !== undefined && data.assigned_to !== current.assignedToId;
    if (!statusChanged && !priorityChanged && !assigneeChanged) return readAdminDetail(tx, ticketId);

    if (assigneeChanged && data.assigned_to) {
      const assignee = await tx.user.findUnique({ where: { id: data.assigned_to }, select: { role: true } });
      if (assignee?.role !== "admin") throw invalid({ assigned_to: [SUPPORT_MESSAGES.assignee] }, SUPPORT_MESSAGES.assignee);
    }

    const now = new Date();
    const update: Prisma.TicketUncheckedUpdateInput = { updatedAt: now };
    if (priorityChanged) update.priority = data.priority;
    if (assigneeChanged) update.assignedToId = data.assigned_to;
    if (statusChanged && data.status) {
      update.status = data.status;
      if (data.status === "closed") update.closedAt = now;
      else if (current.status === "closed") update.closedAt = null;
      await tx.ticketEvent.create({ data: { ticketId, actorId: actor.id, fromStatus: current.status, toStatus: data.status, createdAt: now } });
    }
    await tx.ticket.update({ where: { id: ticketId }, data: update });
    await recordAudit(tx, actor, {
      action: `${ENTITY}.update`,
      entityType: ENTITY,
      entityId: ticketId,
      before: { status: current.status, priority: current.priority, assigned_to: current.assignedToId },
      after: {
        status: data.status ?? current.status,
        priority: data.priority ?? current.priority,
        assigned_to: data.assigned_to === undefined ? current.assignedToId : data.assigned_to,
      },
    });
    if (assigneeChanged && data.assigned_to && data.assigned_to !== actor.id) {
      await notifyAssignee(tx, data.assigned_to, { id: ticketId, subject: current.subject }, actor.name);
    }
    if (statusChanged && data.status) {
      const label = ticketStatusLabel(data.status);
      const title = `Tu ticket ${ticketNumber(ticketId)} ahora está «${label}»`;
      await notifyUser(
        current.userId,
        { type: "ticket_status", title, body: current.subject, link: clientLink(ticketId), data: { ticket_id: ticketId, status: data.status } },
        tx,
      );
      mail = {
        subject: `${title}: ${current.subject}`,
        text: `El estado de tu ticket «${current.subject}» cambió de «${ticketStatusLabel(current.status)}» a «${label}».${
          data.status === "resolved" ? "\n\nSi el problema continúa, responde al ticket y lo reabriremos." : ""
        }`,
      };
    }
    return readAdminDetail(tx, ticketId);
  });
  const pending = mail as { subject: string; text: string } | null;
  if (pending) await emailTicketOwner(ticketId, pending);
  return ticket;
}

const NOTIFICATION_TITLE_MAX = 200;

/**
 * "Se te asignó el ticket #45" in the assignee's bell. Admin-only, like every notification about
 * a client's ticket: it goes with the admin role if the assignee loses it.
 */
async function notifyAssignee(tx: Tx, assigneeId: string, ticket: { id: number; subject: string }, by: string): Promise<void> {
  await tx.notification.create({
    data: {
      userId: assigneeId,
      adminOnly: true,
      type: "ticket_assigned",
      title: `Se te asignó el ticket ${ticketNumber(ticket.id)}`.slice(0, NOTIFICATION_TITLE_MAX),
      body: excerpt(`${ticket.subject} (asignado por ${by})`, 1000),
      link: adminLink(ticket.id),
      data: { ticket_id: ticket.id },
    },
  });
}

// ── E-mail that comes in (called by the inbound pipeline) ────────────────────

/** Where an e-mailed client reply landed. */
export type EmailedReplyResult = { replyId: number; reopened: boolean };

/** A client's words that came by e-mail, as a ticket reply (the original kept, the sender checked). */
function emailedReplyData(
  ticketId: number,
  data: { userId: string; body: string; originalText: string; fromAddress: string; authWarning: string | null; inboundEmailId: number; mailMessageId: string | null },
  at: Date,
): Prisma.TicketReplyUncheckedCreateInput {
  return {
    ticketId,
    authorId: data.userId,
    body: data.body,
    fromStaff: false,
    viaEmail: true,
    originalText: data.originalText,
    fromAddress: data.fromAddress,
    authWarning: data.authWarning,
    inboundEmailId: data.inboundEmailId,
    mailMessageId: data.mailMessageId,
    createdAt: at,
  };
}

/**
 * A client's answer by e-mail to one of their tickets, written in the caller's transaction `tx`
 * (the inbound pipeline's, which also logs the e-mail and stores its attachments on `replyId`).
 * The ticket is locked; `userId` must be its owner (404 otherwise). A resolved or closed ticket is
 * reopened (status open, closed_at cleared, a status change by the client). Admins are told in
 * the bell; their e-mail is the caller's to send after the commit (emailAdminsAboutClientReply).
 * Audited as the system's.
 */
export async function addEmailedClientReply(tx: Tx, input: EmailedClientReplyInput): Promise<EmailedReplyResult> {
  const data = parseWith(emailedClientReplySchema, input, SUPPORT_MESSAGES.invalid);
  const current = await lockTicket(tx, data.ticketId);
  if (!current || current.userId !== data.userId) throw notFound(SUPPORT_MESSAGES.notFound);
  const ticketId = data.ticketId;
  const now = data.receivedAt ?? new Date();
  const reply = await tx.ticketReply.create({
    data: emailedReplyData(ticketId, data, now),
    select: { id: true, author: { select: { name: true } } },
  });
  const reopened = current.status === "resolved" || current.status === "closed";
  if (reopened) {
    await tx.ticketEvent.create({ data: { ticketId, actorId: data.userId, fromStatus: current.status, toStatus: "open", createdAt: now } });
  }
  await tx.ticket.update({ where: { id: ticketId }, data: { updatedAt: now, ...(reopened ? { status: "open" as const, closedAt: null } : {}) } });
  await recordAudit(tx, SYSTEM_ACTOR, {
    action: `${ENTITY}.reply`,
    entityType: ENTITY,
    entityId: ticketId,
    before: reopened ? { status: current.status } : null,
    after: { reply_id: reply.id, from_staff: false, via_email: true, from_address: data.fromAddress, ...(reopened ? { status: "open" } : {}) },
  });
  const who = reply.author?.name ?? data.fromAddress;
  await notifyAdmins(
    {
      type: "ticket_reply",
      title: reopened
        ? `Ticket ${ticketNumber(ticketId)} reabierto por el cliente por correo`
        : `Nueva respuesta por correo en el ticket ${ticketNumber(ticketId)}`,
      body: `${who}: ${excerpt(data.body)}`,
      link: adminLink(ticketId),
      data: { ticket_id: ticketId, reply_id: reply.id, via_email: true },
    },
    tx,
  );
  return { replyId: reply.id, reopened };
}

/** A ticket opened by e-mail: the ticket, and the reply that keeps the e-mail (its attachments go on `replyId`). */
export type EmailedTicketResult = { ticketId: number; replyId: number };

/**
 * A client's e-mail that opens a ticket (to the support address, about no ticket), in the
 * caller's transaction `tx`: subject (cut to 200, "(sin asunto)" when blank) and description
 * (the e-mail's text, cut to 10,000), status open, priority medium. The e-mail itself (as
 * received, sender, warning, Message-ID) is kept in a client reply written in the same instant,
 * which the thread shows as the opening message, not as a reply; the caller links the e-mail's
 * attachments to that reply (`replyId`). Admins are told in the bell; their e-mail is the
 * caller's to send after the commit (emailAdminsAboutNewTicket). Audited as the system's.
 */
export async function openTicketFromEmail(tx: Tx, input: EmailedTicketInput): Promise<EmailedTicketResult> {
  const data = parseWith(emailedTicketSchema, input, SUPPORT_MESSAGES.invalid);
  const owner = await tx.user.findUnique({ where: { id: data.userId }, select: { name: true } });
  if (!owner) throw notFound("Usuario no encontrado.");
  // The ticket and the reply keeping its e-mail share this instant (that is how the thread knows the reply opened it).
  const now = data.receivedAt ?? new Date();
  const ticket = await tx.ticket.create({
    data: { userId: data.userId, subject: data.subject, description: data.body, createdAt: now, updatedAt: now },
    select: { id: true },
  });
  const reply = await tx.ticketReply.create({ data: emailedReplyData(ticket.id, data, now), select: { id: true } });
  await recordAudit(tx, SYSTEM_ACTOR, {
    action: `${ENTITY}.create`,
    entityType: ENTITY,
    entityId: ticket.id,
    after: { subject: data.subject, status: "open", priority: "medium", via_email: true, from_address: data.fromAddress },
  });
  await notifyAdmins(
    {
      type: "ticket_new",
      title: `Nuevo ticket ${ticketNumber(ticket.id)} por correo: ${data.subject}`,
      body: `${owner.name}: ${excerpt(data.body)}`,
      link: adminLink(ticket.id),
      data: { ticket_id: ticket.id, via_email: true },
    },
    tx,
  );
  return { ticketId: ticket.id, replyId: reply.id };
}

/**
 * A delivery report says the mail of a staff reply (Message-ID `mailMessageId`) bounced: the reply
 * is marked failed with the server's reason ("Reenviar" applies), audited as the system's, and the
 * admins are told in the bell. In the caller's transaction; the reply's ticket id, or null when no
 * staff reply carries that Message-ID.
 */
export async function markTicketReplyBounced(tx: Tx, mailMessageId: string, reason: string): Promise<number | null> {
  const reply = await tx.ticketReply.findFirst({ where: { mailMessageId, fromStaff: true }, select: { id: true, ticketId: true } });
  if (!reply) return null;
  const why = excerpt(reason, 300);
  await tx.ticketReply.update({
    where: { id: reply.id },
    data: { deliveryStatus: "failed", deliveryError: `Rebotado: ${why}`, sentAt: null },
  });
  await recordAudit(tx, SYSTEM_ACTOR, {
    action: `${ENTITY}.reply_bounced`,
    entityType: ENTITY,
    entityId: reply.ticketId,
    after: { reply_id: reply.id, reason: why },
  });
  await notifyAdmins(
    {
      type: "ticket_reply_bounced",
      title: `El correo de una respuesta del ticket ${ticketNumber(reply.ticketId)} rebotó`,
      body: why,
      link: adminLink(reply.ticketId),
      data: { ticket_id: reply.ticketId, reply_id: reply.id },
    },
    tx,
  );
  return reply.ticketId;
}

/** After the commit of addEmailedClientReply: the admins' e-mail about it (never throws). */
export async function emailAdminsAboutClientReply(ticketId: number, replyId: number): Promise<void> {
  const reply = await db.ticketReply.findFirst({
    where: { id: replyId, ticketId },
    select: { body: true, fromAddress: true, author: { select: { name: true } }, ticket: { select: { subject: true } } },
  });
  if (!reply) return;
  await emailAdmins({
    subject: `Nueva respuesta por correo en el ticket ${ticketNumber(ticketId)}: ${reply.ticket.subject}`,
    text: `${reply.author?.name ?? "El cliente"} (${reply.fromAddress ?? "correo desconocido"}) respondió por correo en el ticket «${reply.ticket.subject}»:\n\n${reply.body}`,
    link: adminLink(ticketId),
    kind: "ticket",
    related: { type: ENTITY, id: ticketId },
  });
}

/** After the commit of openTicketFromEmail: the admins' e-mail about the new ticket (never throws). */
export async function emailAdminsAboutNewTicket(ticketId: number): Promise<void> {
  const ticket = await db.ticket.findUnique({
    where: { id: ticketId },
    select: { subject: true, description: true, user: { select: { name: true, email: true } } },
  });
  if (!ticket) return;
  await emailAdmins({
    subject: `Nuevo ticket ${ticketNumber(ticketId)} por correo: ${ticket.subject}`,
    text: `${ticket.user.name} (${ticket.user.email}) abrió un ticket de soporte por correo.\n\nAsunto: ${ticket.subject}\n\n${ticket.description}`,
    link: adminLink(ticketId),
    kind: "ticket",
    related: { type: ENTITY, id: ticketId },
  });
}

/**
 * What the inbound pipeline needs to thread a mail into ticket `ticketId`: the owner's e-mail,
 * the ticket's reply token, and the Message-IDs of its mails (the client's e-mailed replies and
 * our staff replies that went out), oldest first, the last 10. Null when the ticket does not exist.
 */
export async function ticketThreadingInfo(
  ticketId: number,
  client: Reader = db,
): Promise<{ userEmail: string; replyToken: string; messageIds: string[] } | null> {
  const ticket = await client.ticket.findUnique({ where: { id: ticketId }, select: { replyToken: true, user: { select: { email: true } } } });
  if (!ticket) return null;
  return { userEmail: ticket.user.email, replyToken: ticket.replyToken, messageIds: await threadMessageIds(client, ticketId) };
}
