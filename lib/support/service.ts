import "server-only";
import type { AdminActor } from "@/lib/auth/actor";
import { notFound, conflict, rateLimited, parseWith } from "@/lib/errors";
import { parseRecordId } from "@/lib/ids";
import { recordAudit } from "@/lib/audit/service";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { emailAdmins, emailUser, type NotificationEmail } from "@/lib/notifications/email";
import { notifyAdmins, notifyUser } from "@/lib/notifications/service";
import { hitRateLimit, TICKET_RATE_LIMIT, TICKET_REPLY_RATE_LIMIT, type RateLimitRule } from "@/lib/rate-limit";
import { ticketNumber, ticketStatusLabel, type TicketStatusCode } from "./labels";
import { SUPPORT_MESSAGES, ticketCreateSchema, ticketReplySchema, ticketUpdateSchema } from "./schema";
import { serializeTicketDetail, ticketDetailSelect, type TicketDetailContract } from "./serialize";

// The only writes of support tickets: the client portal's and the admin's server
// actions and the REST handlers all call these. Each validates with the shared schema, locks
// the ticket row (SELECT … FOR UPDATE, so two replies or a reply and a status change never
// interleave), writes together with its audit entry and the bell notifications it causes in one
// transaction, and e-mails after the commit (only when SMTP is configured).

type Tx = Prisma.TransactionClient;

const ENTITY = "ticket";

export const parseTicketId = (raw: unknown) => parseRecordId(raw, SUPPORT_MESSAGES.notFound);

/** Locks the ticket row for the rest of the transaction; its owner and status, or null when it does not exist. */
async function lockTicket(tx: Tx, id: number): Promise<{ userId: string; status: TicketStatusCode; priority: string; subject: string } | null> {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM tickets WHERE id = ${id} FOR UPDATE`;
  if (rows.length !== 1) return null;
  return tx.ticket.findUnique({ where: { id }, select: { userId: true, status: true, priority: true, subject: true } });
}

async function readDetail(tx: Tx, id: number): Promise<TicketDetailContract> {
  return serializeTicketDetail(await tx.ticket.findUniqueOrThrow({ where: { id }, select: ticketDetailSelect }));
}

/** The first line of a text, cut for a notification's body. */
function excerpt(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

const adminLink = (id: number) => `/admin/tickets/${id}`;
const clientLink = (id: number) => `/client/tickets/${id}`;

/**
 * "Nuevo ticket" (client portal) and POST /api/v1/client/tickets: opens a ticket of the caller's
 * own, status open and priority medium. Admins are told in the bell and by e-mail.
 */
/** 429 with Retry-After once a client has opened (or answered) too much in the hour. */
async function limitClientWrites(key: string, rule: RateLimitRule) {
  const { allowed, retryAfterSeconds } = await hitRateLimit(key, rule);
  if (!allowed) throw rateLimited(retryAfterSeconds);
}

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

/**
 * An admin's reply ("Tickets" detail and POST /api/v1/admin/tickets/{id}/replies): from staff;
 * an open ticket moves to "En progreso" (recorded as a status change); 409 on a closed one. The
 * client is told in the bell and by e-mail.
 */
export async function replyAsStaff(actor: AdminActor, id: unknown, input: unknown): Promise<TicketDetailContract> {
  const ticketId = parseTicketId(id);
  const data = parseWith(ticketReplySchema, input, SUPPORT_MESSAGES.invalid);
  const { ticket, ownerId } = await db.$transaction(async (tx) => {
    const current = await lockTicket(tx, ticketId);
    if (!current) throw notFound(SUPPORT_MESSAGES.notFound);
    if (current.status === "closed") throw conflict(SUPPORT_MESSAGES.closed);
    const now = new Date();
    const reply = await tx.ticketReply.create({ data: { ticketId, authorId: actor.id, body: data.body, fromStaff: true, createdAt: now }, select: { id: true } });
    const started = current.status === "open";
    if (started) {
      await tx.ticketEvent.create({ data: { ticketId, actorId: actor.id, fromStatus: "open", toStatus: "in_progress", createdAt: now } });
    }
    await tx.ticket.update({ where: { id: ticketId }, data: { updatedAt: now, ...(started ? { status: "in_progress" as const } : {}) } });
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
    return { ticket: await readDetail(tx, ticketId), ownerId: current.userId };
  });
  await emailUser(ownerId, {
    subject: `Respuesta a tu ticket ${ticketNumber(ticket.id)}: ${ticket.subject}`,
    text: `Nuestro equipo de soporte respondió a tu ticket «${ticket.subject}»:\n\n${data.body}`,
    link: clientLink(ticket.id),
    kind: "ticket",
    related: { type: "ticket", id: ticket.id },
  });
  return ticket;
}

/**
 * An admin changes a ticket's status and/or priority ("Tickets" detail and PUT
 * /api/v1/admin/tickets/{id}). A status change is recorded in the conversation, sets closed_at
 * when it closes the ticket and clears it when it leaves "Cerrado", and tells the client.
 * Sending the values it already has changes nothing (no audit entry, no notification).
 */
export async function updateTicket(actor: AdminActor, id: unknown, input: unknown): Promise<TicketDetailContract> {
  const ticketId = parseTicketId(id);
  const data = parseWith(ticketUpdateSchema, input, SUPPORT_MESSAGES.invalid);
  let mail: { userId: string; mail: NotificationEmail } | null = null;
  const ticket = await db.$transaction(async (tx) => {
    const current = await lockTicket(tx, ticketId);
    if (!current) throw notFound(SUPPORT_MESSAGES.notFound);
    const statusChanged = data.status !== undefined && data.status !== current.status;
    const priorityChanged = data.priority !== undefined && data.priority !== current.priority;
    if (!statusChanged && !priorityChanged) return readDetail(tx, ticketId);

    const now = new Date();
    const update: Prisma.TicketUncheckedUpdateInput = { updatedAt: now };
    if (priorityChanged) update.priority = data.priority;
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
      before: { status: current.status, priority: current.priority },
      after: { status: data.status ?? current.status, priority: data.priority ?? current.priority },
    });
    if (statusChanged && data.status) {
      const label = ticketStatusLabel(data.status);
      const title = `Tu ticket ${ticketNumber(ticketId)} ahora está «${label}»`;
      await notifyUser(
        current.userId,
        { type: "ticket_status", title, body: current.subject, link: clientLink(ticketId), data: { ticket_id: ticketId, status: data.status } },
        tx,
      );
      mail = {
        userId: current.userId,
        mail: {
          subject: `${title}: ${current.subject}`,
          text: `El estado de tu ticket «${current.subject}» cambió de «${ticketStatusLabel(current.status)}» a «${label}».${
            data.status === "resolved" ? "\n\nSi el problema continúa, responde al ticket y lo reabriremos." : ""
          }`,
          link: clientLink(ticketId),
          kind: "ticket",
          related: { type: "ticket", id: ticketId },
        },
      };
    }
    return readDetail(tx, ticketId);
  });
  const pending = mail as { userId: string; mail: NotificationEmail } | null;
  if (pending) await emailUser(pending.userId, pending.mail);
  return ticket;
}
