"use server";

import { requireActor } from "@/lib/auth/actor";
import { actionArguments, idArgument, plainObjectArgument, runAction, type ActionResult } from "@/lib/actions/run";
import { listCatalogItemOptions, listClientOptions, listPendingInvoiceOptions, searchClientOptions, type CatalogItemOption, type ClientOption, type PendingInvoiceOption } from "@/lib/billing/admin-queries";
import { issueCreditNote } from "@/lib/billing/credit-notes";
import { applyCustomerCredit, refundCustomerCredit, type CustomerCreditRefundResult } from "@/lib/billing/customer-credit";
import type { CreditNoteContract, InvoiceDetailContract, PaymentContract, SubscriptionContract } from "@/lib/billing/serialize";
import { issueInvoice, updateInvoice } from "@/lib/billing/invoices";
import { recordPayment } from "@/lib/billing/payments";
import { confirmPaymentReport, rejectPaymentReport } from "@/lib/billing/payment-reports";
import type { PaymentReportContract } from "@/lib/billing/payment-report-serialize";
import { createSubscription, requestSubscriptionCancellation, updateSubscription } from "@/lib/billing/subscriptions";
import { resendInvoiceDocument } from "@/lib/billing/sunat-resend";
import { singleLineText, z } from "@/lib/zod";

// The billing screens' server actions: the back office's "Suscripciones", "Facturas" and "Pagos"
// (admins only) and the client portal's cancellation request (the signed-in client, on their
// own subscription). Each calls the same service function as the REST handler
// (lib/billing/invoices.ts, payments.ts, subscriptions.ts, credit-notes.ts, customer-credit.ts; lib/sunat/resend.ts), validated there with the same schemas as the forms, after checking
// the shape of its arguments (actionArguments): any other shape is a 422.

// ── Back office ──────────────────────────────────────────────────────────────

export async function createSubscriptionAction(...args: [values: unknown]): Promise<ActionResult<SubscriptionContract>> {
  return runAction(async () => {
    const [values] = actionArguments(args, [plainObjectArgument]);
    return createSubscription(await requireActor("admin"), values);
  });
}

export async function updateSubscriptionAction(...args: [id: number, values: unknown]): Promise<ActionResult<SubscriptionContract>> {
  return runAction(async () => {
    const [id, values] = actionArguments(args, [idArgument, plainObjectArgument]);
    return updateSubscription(await requireActor("admin"), id, values);
  });
}

export async function issueInvoiceAction(...args: [values: unknown]): Promise<ActionResult<InvoiceDetailContract>> {
  return runAction(async () => {
    const [values] = actionArguments(args, [plainObjectArgument]);
    return issueInvoice(await requireActor("admin"), values);
  });
}

/** The reason of "Anular factura": optional text (its length is the service schema's). */
const cancelReasonArgument = z.string({ error: "El motivo debe ser texto." }).max(10_000, "El motivo es demasiado largo.").nullish();

/** "Anular factura": `{ status: "cancelled", cancel_reason? }`. */
export async function cancelInvoiceAction(...args: [id: number, reason: unknown]): Promise<ActionResult<InvoiceDetailContract>> {
  return runAction(async () => {
    const [id, reason] = actionArguments(args, [idArgument, cancelReasonArgument]);
    return updateInvoice(await requireActor("admin"), id, { status: "cancelled", cancel_reason: reason });
  });
}

/** "Emitir nota de crédito", as POST /api/v1/admin/invoices/{id}/credit-notes: `{ reason_code, description, amount? | lines? }`. */
export async function issueCreditNoteAction(...args: [invoiceId: number, values: unknown]): Promise<ActionResult<CreditNoteContract>> {
  return runAction(async () => {
    const [invoiceId, values] = actionArguments(args, [idArgument, plainObjectArgument]);
    return issueCreditNote(await requireActor("admin"), invoiceId, values);
  });
}

/** "Reenviar": sends the invoice's electronic document to SUNAT now; answers the invoice as it stands afterwards. */
export async function resendSunatAction(...args: [invoiceId: number]): Promise<ActionResult<InvoiceDetailContract>> {
  return runAction(async () => {
    const [invoiceId] = actionArguments(args, [idArgument]);
    return resendInvoiceDocument(await requireActor("admin"), invoiceId);
  });
}

export async function recordPaymentAction(...args: [values: unknown]): Promise<ActionResult<PaymentContract & { invoice_status: string; balance: string }>> {
  return runAction(async () => {
    const [values] = actionArguments(args, [plainObjectArgument]);
    return recordPayment(await requireActor("admin"), values);
  });
}

const userIdArgument = singleLineText({ error: "Elige un cliente." }).min(1, "Elige un cliente.").max(40, "El cliente no existe.");

/** "Registrar devolución", as POST /api/v1/admin/users/{id}/credit/refunds: `{ amount, currency, reference }`. */
export async function refundCustomerCreditAction(...args: [userId: string, values: unknown]): Promise<ActionResult<CustomerCreditRefundResult>> {
  return runAction(async () => {
    const [userId, values] = actionArguments(args, [userIdArgument, plainObjectArgument]);
    return refundCustomerCredit(await requireActor("admin"), userId, values);
  });
}

/** "Aplicar a esta factura", as POST /api/v1/admin/invoices/{id}/apply-credit: `{ amount? }`. */
export async function applyCustomerCreditAction(...args: [invoiceId: number, values?: unknown]): Promise<ActionResult<InvoiceDetailContract>> {
  return runAction(async () => {
    const [invoiceId, values] = actionArguments(args, [idArgument, plainObjectArgument.optional()]);
    return applyCustomerCredit(await requireActor("admin"), invoiceId, values ?? {});
  });
}

export type BillingFormOptions = { clients: ClientOption[]; catalog_items: CatalogItemOption[] };

/**
 * The clients and products or services "Nueva suscripción", its edit form and "Registrar pago"
 * offer, read when one of them opens: the lists they open from stay light.
 */
export async function billingFormOptionsAction(...args: []): Promise<ActionResult<BillingFormOptions>> {
  return runAction(async () => {
    actionArguments(args, []);
    await requireActor("admin");
    const [clients, catalogItems] = await Promise.all([listClientOptions(), listCatalogItemOptions()]);
    return { clients, catalog_items: catalogItems };
  });
}

/** The clients of the statement's picker whose name, e-mail or billing name holds every word typed. */
export async function searchClientOptionsAction(...args: [q: unknown]): Promise<ActionResult<ClientOption[]>> {
  return runAction(async () => {
    const [q] = actionArguments(args, [z.string().max(200, "La búsqueda admite como máximo 200 caracteres.")]);
    await requireActor("admin");
    return searchClientOptions(q);
  });
}

/** The pending invoices of one client, for "Registrar pago" (client first, then its invoice). */
export async function pendingInvoicesAction(...args: [userId: unknown]): Promise<ActionResult<PendingInvoiceOption[]>> {
  return runAction(async () => {
    const [userId] = actionArguments(args, [userIdArgument]);
    await requireActor("admin");
    return listPendingInvoiceOptions(userId);
  });
}

/** "Confirmar" a payment the client reported, as POST /api/v1/admin/payment-reports/{id}/confirm. */
export async function confirmPaymentReportAction(...args: [id: number]): Promise<ActionResult<PaymentReportContract>> {
  return runAction(async () => {
    const [id] = actionArguments(args, [idArgument]);
    return confirmPaymentReport(await requireActor("admin"), id);
  });
}

/** "Rechazar" a payment the client reported, as POST /api/v1/admin/payment-reports/{id}/reject: `{ reason }`. */
export async function rejectPaymentReportAction(...args: [id: number, values: unknown]): Promise<ActionResult<PaymentReportContract>> {
  return runAction(async () => {
    const [id, values] = actionArguments(args, [idArgument, plainObjectArgument]);
    return rejectPaymentReport(await requireActor("admin"), id, values);
  });
}

// ── Client portal ────────────────────────────────────────────────────────────

/** "Solicitar cancelación", as POST /api/v1/client/subscriptions/{id}/cancel: `values` is `{ reason? }`, or nothing. */
export async function requestSubscriptionCancellationAction(...args: [id: number, values?: unknown]): Promise<ActionResult<SubscriptionContract>> {
  return runAction(async () => {
    const [id, values] = actionArguments(args, [idArgument, plainObjectArgument.optional()]);
    return requestSubscriptionCancellation(await requireActor(), id, values);
  });
}
