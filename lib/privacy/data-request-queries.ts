import "server-only";
import { db } from "@/lib/db";
import { businessDate } from "@/lib/dates";
import { notFound } from "@/lib/errors";
import type { MailDeliveryStatus, Prisma } from "@/lib/generated/prisma/client";
import { parseRecordId } from "@/lib/ids";
import { pageRequest, readList, type PageRequest, type Paged } from "@/lib/list/paging";
import { DATA_REQUEST_MESSAGES, RECEIPT_SUBJECT_PREFIX, type DataRequestKindCode, type DataRequestStatusCode } from "./data-request-labels";
import { dataRequestSelect, serializeDataRequest, type DataRequestContract } from "./data-request-serialize";
import { previewErasure, type ErasurePreview } from "./erasure";

// The read side of requests about personal data: the admin's list and detail (with the e-mails
// sent about it), the count still pending and a client's own pending deletion request.

export type DataRequestFilter = { status?: DataRequestStatusCode; kind?: DataRequestKindCode };

function requestWhere(filter: DataRequestFilter): Prisma.DataRequestWhereInput {
  return { ...(filter.status && { status: filter.status }), ...(filter.kind && { kind: filter.kind }) };
}

/** Pending first (the enum's order), nearest due date first; a list of answered ones, latest answer first. */
function requestOrder(filter: DataRequestFilter): Prisma.DataRequestOrderByWithRelationInput[] {
  if (filter.status === "completed" || filter.status === "rejected") return [{ resolvedAt: { sort: "desc", nulls: "last" } }, { id: "desc" }];
  return [{ status: "asc" }, { dueDate: "asc" }, { id: "asc" }];
}

/**
 * One page of the requests of the filter (always paged).
 */
export function listDataRequests(filter: DataRequestFilter, page: PageRequest = pageRequest({})): Promise<Paged<DataRequestContract>> {
  const where = requestWhere(filter);
  const today = businessDate();
  return readList(page, {
    rows: async (window) =>
      (
        await db.dataRequest.findMany({
          where,
          orderBy: requestOrder(filter),
          select: dataRequestSelect,
          ...window,
        })
      ).map((row) => serializeDataRequest(row, today)),
    count: (limit) => db.dataRequest.count({ where, take: limit }),
  });
}

export function countPendingDataRequests(): Promise<number> {
  return db.dataRequest.count({ where: { status: "pending" } });
}

/** An e-mail sent about the request, as the outbound log has it. */
export type DataRequestEmail = { subject: string; recipient: string; status: MailDeliveryStatus; error: string | null; created_at: string };

export type DataRequestDetail = DataRequestContract & {
  /** The acknowledgement e-mailed when it arrived. */
  receipt_email: DataRequestEmail | null;
  /** The answer e-mailed when it was resolved. */
  reply_email: DataRequestEmail | null;
  /** For a pending cancellation from an account: what its erasure would touch. */
  erasure_preview: ErasurePreview | null;
};

/** One request with its e-mails' states; 404 when unknown. */
export async function getDataRequest(rawId: unknown): Promise<DataRequestDetail> {
  const id = parseRecordId(rawId, DATA_REQUEST_MESSAGES.notFound);
  const row = await db.dataRequest.findUnique({ where: { id }, select: dataRequestSelect });
  if (!row) throw notFound(DATA_REQUEST_MESSAGES.notFound);
  const mails = await db.outboundEmail.findMany({
    where: { relatedType: "data_request", relatedId: String(id) },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { subject: true, recipient: true, status: true, error: true, createdAt: true },
    take: 20,
  });
  const shape = (mail: (typeof mails)[number] | undefined): DataRequestEmail | null =>
    mail ? { subject: mail.subject, recipient: mail.recipient, status: mail.status, error: mail.error, created_at: mail.createdAt.toISOString() } : null;
  // The receipt's subject always starts the same way (RECEIPT_SUBJECT_PREFIX); every other e-mail about it is the answer.
  const receipt = mails.find((mail) => mail.subject.startsWith(RECEIPT_SUBJECT_PREFIX));
  const reply = row.resolvedAt ? mails.filter((mail) => !mail.subject.startsWith(RECEIPT_SUBJECT_PREFIX)).at(-1) : undefined;
  const erasure = row.status === "pending" && row.kind === "cancellation" && row.userId ? await previewErasure(row.userId) : null;
  return { ...serializeDataRequest(row, businessDate()), receipt_email: shape(receipt), reply_email: shape(reply), erasure_preview: erasure };
}

/** What a client's profile shows: its pending deletion request (id, due date), or null. */
export async function findPendingDeletionRequest(userId: string): Promise<{ id: number; due_date: string; status: "pending"; submitted_at: string } | null> {
  const row = await db.dataRequest.findFirst({
    where: { userId, kind: "cancellation", status: "pending" },
    orderBy: { id: "desc" },
    select: { id: true, dueDate: true, submittedAt: true },
  });
  return row ? { id: row.id, due_date: row.dueDate.toISOString().slice(0, 10), status: "pending", submitted_at: row.submittedAt.toISOString() } : null;
}
