import "server-only";
import { notFound } from "@/lib/errors";
import { parseRecordId } from "@/lib/ids";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { BILLING_MESSAGES } from "./schema";
import { invoiceDetailSelect, serializeInvoiceDetail, type InvoiceDetailContract } from "./serialize";

// The one reader of an invoice with its lines and payments (admin and client pages, REST, PDF,
// and the billing service inside its transactions).

/**
 * The invoice, or null. With `ownerId`, only that client's invoice: anyone else's is null like an
 * unknown id, so a client learns nothing about invoices that are not theirs.
 */
export async function findInvoiceDetail(
  id: number,
  options: { ownerId?: string; client?: Prisma.TransactionClient | typeof db } = {},
): Promise<InvoiceDetailContract | null> {
  const row = await (options.client ?? db).invoice.findFirst({
    where: { id, ...(options.ownerId !== undefined && { userId: options.ownerId }) },
    select: invoiceDetailSelect,
  });
  return row ? serializeInvoiceDetail(row, options.ownerId !== undefined ? "client" : "admin") : null;
}

/** A route's `{id}` → the invoice (of `ownerId` only, when given); unknown, malformed or foreign → 404. */
export async function readInvoiceDetail(id: unknown, ownerId?: string): Promise<InvoiceDetailContract> {
  const invoice = await findInvoiceDetail(parseRecordId(id, BILLING_MESSAGES.invoiceNotFound), { ownerId });
  if (!invoice) throw notFound(BILLING_MESSAGES.invoiceNotFound);
  return invoice;
}
