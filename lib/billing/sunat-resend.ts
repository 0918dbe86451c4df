import "server-only";
import type { AdminActor } from "@/lib/auth/actor";
import { recordAudit } from "@/lib/audit/service";
import { findInvoiceDetail } from "./invoice-reader";
import { parseInvoiceId } from "./invoices";
import type { InvoiceDetailContract } from "./serialize";
import { db } from "@/lib/db";
import { conflict, notFound } from "@/lib/errors";
import { syncWithSunat } from "./sunat-sync";

// "Reenviar": sends now a document that has no answer from SUNAT yet (pending, or sent without a
// CDR we could trust), instead of waiting for the next automatic retry. A document SUNAT answered
// is never sent again: its answer is final (a rejected one is corrected with a new document).

const MESSAGES = {
  notFound: "Factura no encontrada.",
  answered: "SUNAT ya respondió por este comprobante: no se reenvía. Si fue rechazado, emite un nuevo comprobante.",
};

export async function resendInvoiceDocument(actor: AdminActor, id: unknown): Promise<InvoiceDetailContract> {
  const invoiceId = parseInvoiceId(id);
  const targets = await db.$transaction(async (tx) => {
    const document = await tx.electronicDocument.findUnique({
      where: { invoiceId },
      select: { id: true, kind: true, status: true, ticket: true, documentId: true },
    });
    if (!document) {
      if (!(await tx.invoice.count({ where: { id: invoiceId } }))) throw notFound(MESSAGES.notFound);
      throw conflict("Este comprobante no tiene documento electrónico.");
    }
    if (document.status !== "pending" && document.status !== "sent") throw conflict(MESSAGES.answered);
    // What to send now: the document itself; a boleta's summary; null (any) for a boleta not yet in one.
    const isBoleta = document.kind === "03" || (document.kind === "07" && document.documentId.startsWith("B"));
    let targets: number[] | null = isBoleta ? null : [document.id];
    if (document.status === "sent" && !isBoleta) {
      // No trustworthy answer came: send it again (SUNAT answers a duplicate with the same CDR or code 1033).
      await tx.electronicDocument.updateMany({ where: { id: document.id, status: "sent" }, data: { status: "pending", nextAttemptAt: new Date(), claimedUntil: null } });
    } else if (document.status === "pending") {
      await tx.electronicDocument.update({ where: { id: document.id }, data: { nextAttemptAt: new Date() } });
    } else {
      // A boleta in a summary: ask about the summary's ticket now.
      const carriers = await tx.electronicDocument.findMany({ where: { carried: { some: { documentId: document.id } }, status: { in: ["pending", "sent"] } }, select: { id: true } });
      await tx.electronicDocument.updateMany({ where: { id: { in: carriers.map((carrier) => carrier.id) } }, data: { nextAttemptAt: new Date() } });
      targets = carriers.map((carrier) => carrier.id);
    }
    await recordAudit(tx, actor, {
      action: "invoice.sunat_resend",
      entityType: "invoice",
      entityId: invoiceId,
      before: { sunat_status: document.status },
    });
    return targets;
  });
  // Sent now, within this request, so the screen shows SUNAT's answer; a few documents at most
  // (each call to SUNAT is bounded by SUNAT_TIMEOUT_MS). Whatever fails here is the queue's to retry.
  try {
    await syncWithSunat({ limit: 3, only: targets });
  } catch (error) {
    console.error("[sunat] Reenviar: la cola de envíos falló", error);
  }
  const invoice = await findInvoiceDetail(invoiceId);
  if (!invoice) throw notFound(MESSAGES.notFound);
  return invoice;
}
