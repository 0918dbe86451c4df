import "server-only";
import type { AdminActor } from "@/lib/auth/actor";
import { recordAudit } from "@/lib/audit/service";
import { findInvoiceDetail } from "./invoice-reader";
import { parseInvoiceId } from "./invoices";
import type { InvoiceDetailContract } from "./serialize";
import { db } from "@/lib/db";
import { conflict, notFound } from "@/lib/errors";
import { runSunatQueue } from "@/lib/sunat/queue";

// "Reenviar": sends now a document that has no answer from SUNAT yet (pending, or sent without a
// CDR we could trust), instead of waiting for the next automatic retry. A document SUNAT answered
// is never sent again: its answer is final (a rejected one is corrected with a new document).

const MESSAGES = {
  notFound: "Factura no encontrada.",
  answered: "SUNAT ya respondió por este comprobante: no se reenvía. Si fue rechazado, emite un nuevo comprobante.",
};

export async function resendInvoiceDocument(actor: AdminActor, id: unknown): Promise<InvoiceDetailContract> {
  const invoiceId = parseInvoiceId(id);
  await db.$transaction(async (tx) => {
    const document = await tx.electronicDocument.findUnique({
      where: { invoiceId },
      select: { id: true, kind: true, status: true, ticket: true, documentId: true },
    });
    if (!document) {
      if (!(await tx.invoice.count({ where: { id: invoiceId } }))) throw notFound(MESSAGES.notFound);
      throw conflict("Este comprobante no tiene documento electrónico.");
    }
    if (document.status !== "pending" && document.status !== "sent") throw conflict(MESSAGES.answered);
    if (document.status === "sent" && document.kind === "01") {
      // No trustworthy answer came: send it again (SUNAT answers a duplicate with the same CDR or code 1033).
      await tx.electronicDocument.update({ where: { id: document.id }, data: { status: "pending", nextAttemptAt: new Date(), claimedUntil: null } });
    } else if (document.status === "pending") {
      await tx.electronicDocument.update({ where: { id: document.id }, data: { nextAttemptAt: new Date() } });
    } else {
      // A boleta in a summary: ask about the summary's ticket now.
      await tx.electronicDocument.updateMany({
        where: { carried: { some: { documentId: document.id } }, status: { in: ["pending", "sent"] } },
        data: { nextAttemptAt: new Date() },
      });
    }
    await recordAudit(tx, actor, {
      action: "invoice.sunat_resend",
      entityType: "invoice",
      entityId: invoiceId,
      before: { sunat_status: document.status },
    });
  });
  await runSunatQueue({ limit: 10 });
  const invoice = await findInvoiceDetail(invoiceId);
  if (!invoice) throw notFound(MESSAGES.notFound);
  return invoice;
}
