// Support tickets through the REST contract, as the tests/support-*-api.test.ts files call it:
// callers with their bearer tokens, the client and admin routes, and the rows a ticket leaves
// behind (bell notifications, audit entries).
import { expect } from "vitest";
import * as adminRepliesRoute from "@/app/api/v1/admin/tickets/[id]/replies/route";
import * as adminTicketRoute from "@/app/api/v1/admin/tickets/[id]/route";
import * as adminListRoute from "@/app/api/v1/admin/tickets/route";
import * as clientRepliesRoute from "@/app/api/v1/client/tickets/[id]/replies/route";
import * as clientTicketRoute from "@/app/api/v1/client/tickets/[id]/route";
import * as clientListRoute from "@/app/api/v1/client/tickets/route";
import { db } from "@/lib/db";
import type { TicketDetailContract } from "@/lib/support/serialize";
import { call, createTestUser, tokenFor, uniqueTag, type TestUser } from "./auth";

export type Caller = { user: TestUser; token: string };
type Id = { id: string };
export type PagedBody<T> = { data: T[]; current_page: number; per_page: number; total: number; last_page: number; total_capped: boolean };

export async function caller(role: "client" | "admin"): Promise<Caller> {
  const user = await createTestUser({ role });
  return { user, token: await tokenFor(user) };
}

// ── A client's calls ─────────────────────────────────────────────────────────

export const open = (who: Caller, body: unknown) => call(clientListRoute.POST, "/api/v1/client/tickets", { bearer: who.token, body });
export const myTickets = (who: Caller, query = "") => call(clientListRoute.GET, `/api/v1/client/tickets${query}`, { bearer: who.token });
export const myTicket = (who: Caller, id: number | string) =>
  call<Id>(clientTicketRoute.GET, `/api/v1/client/tickets/${id}`, { bearer: who.token, params: { id: String(id) } });
export const clientReply = (who: Caller, id: number | string, body: unknown) =>
  call<Id>(clientRepliesRoute.POST, `/api/v1/client/tickets/${id}/replies`, { bearer: who.token, body, params: { id: String(id) } });

export async function openTicket(who: Caller, subject = `Consulta ${uniqueTag()}`, message = "No puedo entrar al ERP desde ayer.\nMuestra un error 500."): Promise<TicketDetailContract> {
  const { status, body } = await open(who, { subject, message });
  expect(status).toBe(201);
  return body.data as TicketDetailContract;
}

// ── Staff calls ──────────────────────────────────────────────────────────────

/**
 * The admin routes, called as `admin()` unless another caller is given. A getter, because the
 * file's beforeAll creates its admin after this is set up.
 */
export function staffCalls(admin: () => Caller) {
  const adminList = (query = "", who: Caller = admin()) => call(adminListRoute.GET, `/api/v1/admin/tickets${query}`, { bearer: who.token });
  const adminTicket = (id: number | string, who: Caller = admin()) =>
    call<Id>(adminTicketRoute.GET, `/api/v1/admin/tickets/${id}`, { bearer: who.token, params: { id: String(id) } });
  const adminUpdate = (id: number | string, body: unknown, who: Caller = admin()) =>
    call<Id>(adminTicketRoute.PUT, `/api/v1/admin/tickets/${id}`, { method: "PUT", bearer: who.token, body, params: { id: String(id) } });
  const staffReply = (id: number | string, body: unknown, who: Caller = admin()) =>
    call<Id>(adminRepliesRoute.POST, `/api/v1/admin/tickets/${id}/replies`, { bearer: who.token, body, params: { id: String(id) } });
  return { adminList, adminTicket, adminUpdate, staffReply };
}

// ── What a ticket leaves behind ──────────────────────────────────────────────

export const notificationsOf = (userId: string, ticketId: number) =>
  db.notification.findMany({ where: { userId, link: { endsWith: `/tickets/${ticketId}` } }, orderBy: { id: "asc" } });
export const auditOf = (ticketId: number) => db.auditLog.findMany({ where: { entityType: "ticket", entityId: String(ticketId) }, orderBy: { id: "asc" } });
