import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { parseRecordId } from "@/lib/ids";
import { readList, type ListOf, type PageRequest } from "@/lib/list/paging";
import { mediaStorage } from "@/lib/media/storage";
import { MAX_UNPAGED_BILLING_ROWS } from "./admin-queries";
import { PAYMENT_REPORT_MESSAGES, type PaymentReportStatusCode } from "./payment-report-schema";
import { paymentReportSelect, serializePaymentReport, type PaymentReportContract } from "./payment-report-serialize";
import { BILLING_MESSAGES } from "./schema";

// The read side of payment reports: "Pagos por confirmar" and its API (any client's), one
// invoice's reports (both detail pages and the client's API), the count of those waiting (the
// admin's tab) and the voucher's file (an admin any, a client only its own).

export type AdminPaymentReportFilter = { status?: PaymentReportStatusCode; user_id?: string; invoice_id?: number };

function reportWhere(filter: AdminPaymentReportFilter): Prisma.PaymentReportWhereInput {
  const where: Prisma.PaymentReportWhereInput = { status: filter.status ?? "pending" };
  if (filter.user_id) where.userId = filter.user_id;
  if (filter.invoice_id !== undefined) where.invoiceId = filter.invoice_id;
  return where;
}

/** Pending ones oldest first (the one waiting longest on top); reviewed ones latest review first. */
function reportOrder(status: PaymentReportStatusCode): Prisma.PaymentReportOrderByWithRelationInput[] {
  return status === "pending" ? [{ createdAt: "asc" }, { id: "asc" }] : [{ reviewedAt: { sort: "desc", nulls: "last" } }, { id: "desc" }];
}

/** The reports of the filter (pending unless it says otherwise): one page, or (no page) up to MAX_UNPAGED_BILLING_ROWS. */
export function listAdminPaymentReports<P extends PageRequest | undefined = undefined>(
  filter: AdminPaymentReportFilter,
  page?: P,
): Promise<ListOf<PaymentReportContract, P>> {
  const where = reportWhere(filter);
  const orderBy = reportOrder(filter.status ?? "pending");
  return readList(page as P, {
    rows: async (window) => (await db.paymentReport.findMany({ where, orderBy, select: paymentReportSelect, ...window })).map((row) => serializePaymentReport(row, "admin")),
    count: (limit) => db.paymentReport.count({ where, take: limit }),
    unpagedLimit: MAX_UNPAGED_BILLING_ROWS,
  });
}

/** How many reports wait for an admin. */
export function countPendingPaymentReports(): Promise<number> {
  return db.paymentReport.count({ where: { status: "pending" } });
}

/**
 * One invoice's reports, newest first. With `ownerId` (the client's API), only that client's
 * invoice: anyone else's is a 404 like an unknown id.
 */
export async function listInvoicePaymentReports(invoiceId: unknown, ownerId?: string): Promise<PaymentReportContract[]> {
  const id = parseRecordId(invoiceId, BILLING_MESSAGES.invoiceNotFound);
  const invoice = await db.invoice.findFirst({ where: { id, ...(ownerId !== undefined && { userId: ownerId }) }, select: { id: true } });
  if (!invoice) throw notFound(BILLING_MESSAGES.invoiceNotFound);
  const rows = await db.paymentReport.findMany({ where: { invoiceId: id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: paymentReportSelect, take: 200 });
  return rows.map((row) => serializePaymentReport(row, ownerId !== undefined ? "client" : "admin"));
}

const NO_VOUCHER = "Este pago informado no tiene comprobante.";

/**
 * The voucher of report `id` for a download: any report's for an admin, only the client's own
 * with `ownerId` (anyone else's is a 404 like an unknown one). 404 too when it has none or the
 * storage lost the file.
 */
export async function readPaymentReportVoucher(id: unknown, ownerId?: string): Promise<{ fileName: string; contentType: string; body: Uint8Array }> {
  const reportId = parseRecordId(id, PAYMENT_REPORT_MESSAGES.notFound);
  const row = await db.paymentReport.findFirst({
    where: { id: reportId, ...(ownerId !== undefined && { userId: ownerId }) },
    select: { voucherKey: true, voucherName: true, voucherMime: true },
  });
  if (!row) throw notFound(PAYMENT_REPORT_MESSAGES.notFound);
  if (!row.voucherKey || !row.voucherMime) throw notFound(NO_VOUCHER);
  const body = await mediaStorage().read(row.voucherKey);
  if (!body) throw notFound(NO_VOUCHER);
  return { fileName: row.voucherName ?? "comprobante", contentType: row.voucherMime, body };
}
