// Helpers for the contact inbox's integration tests: an admin with a bearer token, messages
// created straight in the database (tagged, so parallel files never see each other's rows),
// their thread's entries, and the route handlers of app/api/v1/admin/contact-messages.
import * as bulkRoute from "@/app/api/v1/admin/contact-messages/bulk/route";
import * as exportRoute from "@/app/api/v1/admin/contact-messages/export/route";
import * as attachmentRoute from "@/app/api/v1/admin/contact-messages/[id]/attachments/[attachmentId]/route";
import * as originalRoute from "@/app/api/v1/admin/contact-messages/[id]/entries/[entryId]/original/route";
import * as mergeRoute from "@/app/api/v1/admin/contact-messages/[id]/merge/route";
import * as notesRoute from "@/app/api/v1/admin/contact-messages/[id]/notes/route";
import * as reopenRoute from "@/app/api/v1/admin/contact-messages/[id]/reopen/route";
import * as resendRoute from "@/app/api/v1/admin/contact-messages/[id]/resend/route";
import * as restoreRoute from "@/app/api/v1/admin/contact-messages/[id]/restore/route";
import * as messageRoute from "@/app/api/v1/admin/contact-messages/[id]/route";
import * as unarchiveRoute from "@/app/api/v1/admin/contact-messages/[id]/unarchive/route";
import * as undoRoute from "@/app/api/v1/admin/contact-messages/[id]/undo/route";
import * as listRoute from "@/app/api/v1/admin/contact-messages/route";
import * as bulkUndoRoute from "@/app/api/v1/admin/contact-messages/undo/route";
import { db } from "@/lib/db";
import type { ContactStatus } from "@/lib/generated/prisma/client";
import { call, createTestUser, tokenFor, uniqueTag, type TestUser } from "./auth";

export const routes = {
  listRoute,
  messageRoute,
  bulkRoute,
  bulkUndoRoute,
  exportRoute,
  notesRoute,
  resendRoute,
  restoreRoute,
  reopenRoute,
  unarchiveRoute,
  undoRoute,
  mergeRoute,
  originalRoute,
  attachmentRoute,
};

export type AdminCaller = { user: TestUser; token: string };

export async function createAdmin(): Promise<AdminCaller> {
  const user = await createTestUser({ role: "admin" });
  return { user, token: await tokenFor(user) };
}

let sequence = 0;

/**
 * A message in the database (not through the public form), with `tag` in its subject. A
 * `replyText` (given, or "Respuesta previa." for a replied message) becomes the first reply entry
 * of its thread, e-mailed when it was written (sent, with its Message-ID and first response).
 */
export async function createMessage(
  tag: string,
  data: Partial<{
    name: string;
    email: string;
    company: string | null;
    subject: string | null;
    message: string;
    status: ContactStatus;
    replyText: string | null;
    sectorId: number | null;
    createdAt: Date;
    phone: string | null;
  }> = {},
) {
  sequence += 1;
  const replyText = data.replyText ?? (data.status === "replied" ? "Respuesta previa." : null);
  // A minute after it arrived, never in the future (a later reply must sort after it).
  const repliedAt = replyText ? new Date(Math.min(Date.now(), (data.createdAt?.getTime() ?? Date.now()) + 60_000)) : null;
  return db.contactMessage.create({
    data: {
      name: data.name ?? `Remitente ${tag}`,
      email: data.email ?? `remitente.${uniqueTag()}@example.pe`,
      company: data.company === undefined ? "Empresa de prueba S.A.C." : data.company,
      subject: data.subject === undefined ? `Consulta ${tag}` : data.subject,
      message: data.message ?? `Mensaje de prueba ${tag} número ${sequence}.`,
      status: data.status ?? "new",
      repliedAt,
      firstResponseAt: repliedAt,
      ...(replyText && repliedAt
        ? {
            entries: {
              create: {
                kind: "reply",
                body: replyText,
                mailMessageId: `<previa.${uniqueTag()}@lumenti.pe>`,
                deliveryStatus: "sent",
                attemptedAt: repliedAt,
                sentAt: repliedAt,
                serverResponse: "250 2.0.0 Ok: queued",
                createdAt: repliedAt,
              },
            },
          }
        : {}),
      sectorId: data.sectorId ?? null,
      phone: data.phone ?? null,
      ipAddress: "203.0.113.7",
      userAgent: "InboxTest/1.0",
      ...(data.createdAt ? { createdAt: data.createdAt } : {}),
    },
  });
}

export const adminCall = <P>(
  admin: AdminCaller,
  handler: Parameters<typeof call<P>>[0],
  path: string,
  options: Parameters<typeof call<P>>[2] = {},
) => call<P>(handler, path, { bearer: admin.token, ...options });

/** The audit entries of one record, oldest first. */
export const auditOf = (entityType: string, entityId: number | string) =>
  db.auditLog.findMany({ where: { entityType, entityId: String(entityId) }, orderBy: { id: "asc" } });

/** The thread's stored entries (without the opening message), oldest first. */
export const entriesOf = (messageId: number) =>
  db.contactEntry.findMany({ where: { messageId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });

/** The message's latest staff reply as stored (its e-mail's state lives there). */
export const latestReply = (messageId: number) =>
  db.contactEntry.findFirstOrThrow({ where: { messageId, kind: "reply" }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
