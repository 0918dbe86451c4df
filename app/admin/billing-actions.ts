"use server";

import { requireAdminActor } from "@/lib/admin/actor";
import { runAdminAction, type ActionResult } from "@/lib/admin/action-result";
import { listPendingInvoiceOptions, type PendingInvoiceOption } from "@/lib/billing/admin-queries";
import type { InvoiceDetailContract, PaymentContract, SubscriptionContract } from "@/lib/billing/serialize";
import { createSubscription, issueInvoice, recordPayment, updateInvoice, updateSubscription } from "@/lib/billing/service";
import { singleLineText } from "@/lib/zod";

// "Suscripciones", "Facturas" and "Pagos" writes: the same service functions as the REST
// handlers (lib/billing/service.ts), validated there with the same schemas as the forms.

export async function createSubscriptionAction(values: unknown): Promise<ActionResult<SubscriptionContract>> {
  return runAdminAction(async () => createSubscription(await requireAdminActor(), values));
}

export async function updateSubscriptionAction(id: number, values: unknown): Promise<ActionResult<SubscriptionContract>> {
  return runAdminAction(async () => updateSubscription(await requireAdminActor(), id, values));
}

export async function issueInvoiceAction(values: unknown): Promise<ActionResult<InvoiceDetailContract>> {
  return runAdminAction(async () => issueInvoice(await requireAdminActor(), values));
}

/** "Anular factura": `{ status: "cancelled", cancel_reason? }`. */
export async function cancelInvoiceAction(id: number, reason: unknown): Promise<ActionResult<InvoiceDetailContract>> {
  return runAdminAction(async () => updateInvoice(await requireAdminActor(), id, { status: "cancelled", cancel_reason: reason }));
}

export async function recordPaymentAction(values: unknown): Promise<ActionResult<PaymentContract & { invoice_status: string; balance: string }>> {
  return runAdminAction(async () => recordPayment(await requireAdminActor(), values));
}

const userIdSchema = singleLineText().min(1).max(40);

/** The pending invoices of one client, for "Registrar pago" (client first, then its invoice). */
export async function pendingInvoicesAction(userId: unknown): Promise<ActionResult<PendingInvoiceOption[]>> {
  return runAdminAction(async () => {
    await requireAdminActor();
    const parsed = userIdSchema.safeParse(userId);
    return parsed.success ? listPendingInvoiceOptions(parsed.data) : [];
  });
}
