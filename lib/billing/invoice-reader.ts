import "server-only";
import { notFound } from "@/lib/api/errors";
import { parseRouteId } from "@/lib/api/ids";
import { db } from "@/lib/db";
import { BILLING_MESSAGES } from "./schema";
import { invoiceDetailSelect, serializeInvoiceDetail, type InvoiceDetailContract } from "./serialize";

/**
 * One invoice with its lines and payments, as the contract shows it. With `ownerId`, only that
 * client's invoice: anyone else's, like an unknown or malformed id, is the same 404, so a client
 * learns nothing about invoices that are not theirs.
 */
export async function readInvoiceDetail(id: unknown, ownerId?: string): Promise<InvoiceDetailContract> {
  const invoiceId = parseRouteId(id, BILLING_MESSAGES.invoiceNotFound);
  const row = await db.invoice.findFirst({
    where: { id: invoiceId, ...(ownerId !== undefined && { userId: ownerId }) },
    select: invoiceDetailSelect,
  });
  if (!row) throw notFound(BILLING_MESSAGES.invoiceNotFound);
  return serializeInvoiceDetail(row);
}
