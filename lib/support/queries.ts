import "server-only";
import { paged, pageWindow, type Paged, type PageRequest } from "@/lib/list/paging";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { TicketPriorityCode, TicketStatusCode } from "./labels";
import {
  serializeTicketDetail,
  serializeTicketSummary,
  ticketDetailSelect,
  ticketSummarySelect,
  type TicketDetailContract,
  type TicketSummaryContract,
} from "./serialize";

// Reads of support tickets, never cached (they change with every reply). Admin reads see every
// ticket; client reads are always scoped to the caller's own tickets, so another client's
// ticket is simply "not found".

export type AdminTicketFilter = {
  status?: TicketStatusCode;
  priority?: TicketPriorityCode;
  userId?: string;
  q?: string;
  sort?: "created" | "activity";
  dir?: "asc" | "desc";
};

/** Most rows an unpaged list answers. */
export const MAX_UNPAGED_TICKETS = 500;

function adminWhere(filter: AdminTicketFilter): Prisma.TicketWhereInput {
  const where: Prisma.TicketWhereInput = {};
  if (filter.status) where.status = filter.status;
  if (filter.priority) where.priority = filter.priority;
  if (filter.userId) where.userId = filter.userId;
  if (filter.q) {
    const contains = { contains: filter.q, mode: "insensitive" as const };
    const or: Prisma.TicketWhereInput[] = [{ subject: contains }, { user: { name: contains } }, { user: { email: contains } }];
    // "#42" or "42" finds ticket 42 too.
    const number = /^#?(\d{1,9})$/.exec(filter.q);
    if (number) or.push({ id: Number(number[1]) });
    where.OR = or;
  }
  return where;
}

function adminOrder(filter: AdminTicketFilter): Prisma.TicketOrderByWithRelationInput[] {
  const dir = filter.dir ?? "desc";
  if (filter.sort === "activity") return [{ updatedAt: dir }, { id: dir }];
  return [{ createdAt: dir }, { id: dir }];
}

/** One page of tickets for "Tickets" (admin), and the total matching the filter. */
export async function listAdminTicketsPage(filter: AdminTicketFilter, page: PageRequest): Promise<Paged<TicketSummaryContract>> {
  const where = adminWhere(filter);
  const [rows, total] = await Promise.all([
    db.ticket.findMany({ where, orderBy: adminOrder(filter), select: ticketSummarySelect, ...pageWindow(page) }),
    db.ticket.count({ where }),
  ]);
  return paged(rows.map(serializeTicketSummary), total, page);
}

/** Every ticket matching the filter (up to MAX_UNPAGED_TICKETS). */
export async function listAdminTickets(filter: AdminTicketFilter = {}): Promise<TicketSummaryContract[]> {
  const rows = await db.ticket.findMany({ where: adminWhere(filter), orderBy: adminOrder(filter), select: ticketSummarySelect, take: MAX_UNPAGED_TICKETS });
  return rows.map(serializeTicketSummary);
}

/** One ticket with its conversation, for an admin; null when it does not exist. */
export async function getAdminTicket(id: number): Promise<TicketDetailContract | null> {
  const row = await db.ticket.findUnique({ where: { id }, select: ticketDetailSelect });
  return row ? serializeTicketDetail(row) : null;
}

const CLIENT_ORDER: Prisma.TicketOrderByWithRelationInput[] = [{ updatedAt: "desc" }, { id: "desc" }];

function clientWhere(userId: string, status?: TicketStatusCode): Prisma.TicketWhereInput {
  return status ? { userId, status } : { userId };
}

/** One page of the client's own tickets, most recent activity first. */
export async function listClientTicketsPage(userId: string, filter: { status?: TicketStatusCode }, page: PageRequest): Promise<Paged<TicketSummaryContract>> {
  const where = clientWhere(userId, filter.status);
  const [rows, total] = await Promise.all([
    db.ticket.findMany({ where, orderBy: CLIENT_ORDER, select: ticketSummarySelect, ...pageWindow(page) }),
    db.ticket.count({ where }),
  ]);
  return paged(rows.map(serializeTicketSummary), total, page);
}

/** The client's own tickets (up to MAX_UNPAGED_TICKETS), most recent activity first. */
export async function listClientTickets(userId: string, filter: { status?: TicketStatusCode } = {}): Promise<TicketSummaryContract[]> {
  const rows = await db.ticket.findMany({ where: clientWhere(userId, filter.status), orderBy: CLIENT_ORDER, select: ticketSummarySelect, take: MAX_UNPAGED_TICKETS });
  return rows.map(serializeTicketSummary);
}

/** One of the client's own tickets with its conversation; null when it is not theirs or does not exist. */
export async function getClientTicket(userId: string, id: number): Promise<TicketDetailContract | null> {
  const row = await db.ticket.findFirst({ where: { id, userId }, select: ticketDetailSelect });
  return row ? serializeTicketDetail(row) : null;
}

const EXPORT_BATCH = 1000;

/** Every ticket matching the filter, in the list's order, in batches (the CSV export streams them). */
export async function* exportAdminTickets(filter: AdminTicketFilter): AsyncGenerator<TicketSummaryContract[], void, unknown> {
  const where = adminWhere(filter);
  const orderBy = adminOrder(filter);
  for (let skip = 0; ; skip += EXPORT_BATCH) {
    const rows = await db.ticket.findMany({ where, orderBy, select: ticketSummarySelect, skip, take: EXPORT_BATCH });
    if (rows.length > 0) yield rows.map(serializeTicketSummary);
    if (rows.length < EXPORT_BATCH) return;
  }
}

/** The user an admin list is filtered by (?user_id), for the "Tickets de …" note; null when gone. */
export function findTicketListUser(userId: string): Promise<{ name: string; email: string } | null> {
  return db.user.findUnique({ where: { id: userId }, select: { name: true, email: true } });
}
