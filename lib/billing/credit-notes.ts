import "server-only";
import Decimal from "decimal.js";
import type { AdminActor } from "@/lib/auth/actor";
import { recordAudit } from "@/lib/audit/service";
import { db } from "@/lib/db";
import { conflict, invalid, notFound, parseWith } from "@/lib/errors";
import { formatMoney } from "@/lib/format";
import { emailUser } from "@/lib/notifications/email";
import { notifyUser } from "@/lib/notifications/service";
import { createCreditNoteDocumentInTx } from "@/lib/sunat/documents";
import { nextSeriesNumber } from "@/lib/sunat/numbering";
import { kickSunatQueue } from "./sunat-sync";
import { businessDate, dateColumn } from "@/lib/dates";
import { lockRow } from "./guards";
import { parseInvoiceId } from "./invoices";
import { formatInvoiceNumber } from "./labels";
import { balanceDue, compareMoney, invoiceTotals, lineTotal, moneyString, overpaid, splitTaxIncluded } from "./money";
import { BILLING_MESSAGES, creditNoteCreateSchema, type CreditNoteCreateInput } from "./schema";
import { creditNoteSelect, serializeCreditNote, type CreditNoteContract } from "./serialize";

// Notas de crédito: the only way to take back all or part of a factura or boleta SUNAT already has.
// Issuing one numbers it in its series (FC01 for a factura, BC01 for a boleta, gap-free), lowers
// what the invoice asks for, turns money already paid beyond the new figure into the client's
// credit, and registers its electronic document, all in one transaction with its audit entry.

const Exact = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/** A factura's notes go in FC01, a boleta's in BC01 (SUNAT: the first letter follows the document). */
export const CREDIT_NOTE_SERIES = { factura: "FC01", boleta: "BC01" } as const;

const MESSAGES = {
  cancelled: "La factura está anulada: no admite notas de crédito.",
  notAccepted: "SUNAT aún no aceptó este comprobante: la nota de crédito podrá emitirse cuando lo acepte.",
  voided: "El comprobante fue anulado ante SUNAT: no admite notas de crédito.",
  nothingLeft: "La factura ya fue acreditada por completo.",
  tooMuch: (left: string) => `La nota de crédito no puede superar lo que queda por acreditar de la factura (${left}).`,
  unknownLine: (position: number) => `La factura no tiene la línea ${position}.`,
  lineQuantity: (max: string) => `No puedes acreditar más de ${max} unidades de esta línea.`,
};

type NoteLine = { description: string; quantity: string; unit_price: string };

/** The lines and totals of the note the admin asked for; 422 for more than the invoice has left. */
function noteLines(
  data: CreditNoteCreateInput,
  invoice: { amount: string; amountCredited: string; subtotal: string; taxRate: string; lines: { position: number; description: string; quantity: string; unitPrice: string }[] },
): { lines: NoteLine[]; subtotal: string; tax: string; total: string } {
  const left = new Exact(invoice.amount).minus(invoice.amountCredited);
  if (left.lte(0)) throw conflict(MESSAGES.nothingLeft);
  let result: { lines: NoteLine[]; subtotal: string; tax: string; total: string };
  if (data.lines) {
    const lines = data.lines.map((wanted, index) => {
      const line = invoice.lines.find((candidate) => candidate.position === wanted.position);
      if (!line) throw invalid({ [`lines.${index}.position`]: [MESSAGES.unknownLine(wanted.position)] }, BILLING_MESSAGES.invalid);
      if (compareMoney(wanted.quantity, line.quantity) > 0) throw invalid({ [`lines.${index}.quantity`]: [MESSAGES.lineQuantity(moneyString(line.quantity))] }, BILLING_MESSAGES.invalid);
      return { description: line.description, quantity: wanted.quantity, unit_price: line.unitPrice };
    });
    const totals = invoiceTotals(lines, invoice.taxRate);
    result = { lines, subtotal: totals.subtotal, tax: totals.tax_amount, total: totals.total };
  } else if (data.amount !== undefined) {
    // An amount IGV included: its value without IGV, and the IGV as the rest, so the note is exactly the amount asked.
    const split = splitTaxIncluded(data.amount, invoice.taxRate);
    result = { lines: [{ description: data.description, quantity: "1", unit_price: split.subtotal }], ...split };
  } else {
    // The whole of what is left: the invoice's own lines when nothing was credited yet.
    if (compareMoney(invoice.amountCredited, 0) === 0) {
      const lines = invoice.lines.map((line) => ({ description: line.description, quantity: line.quantity, unit_price: line.unitPrice }));
      const totals = invoiceTotals(lines, invoice.taxRate);
      result = { lines, subtotal: totals.subtotal, tax: totals.tax_amount, total: totals.total };
    } else {
      const split = splitTaxIncluded(left, invoice.taxRate);
      result = { lines: [{ description: data.description, quantity: "1", unit_price: split.subtotal }], ...split };
    }
  }
  if (compareMoney(result.total, left) > 0) {
    const message = MESSAGES.tooMuch(left.toFixed(2));
    throw invalid({ [data.lines ? "lines" : "amount"]: [message] }, message);
  }
  if (compareMoney(result.subtotal, 0) <= 0) throw invalid({ amount: [BILLING_MESSAGES.amount] }, BILLING_MESSAGES.amount);
  return result;
}

/** "Emitir nota de crédito" and POST /api/v1/admin/invoices/{id}/credit-notes. */
export async function issueCreditNote(actor: AdminActor, invoiceIdInput: unknown, input: unknown): Promise<CreditNoteContract> {
  const invoiceId = parseInvoiceId(invoiceIdInput);
  const data = parseWith(creditNoteCreateSchema, input, BILLING_MESSAGES.invalid);
  const note = await db.$transaction(async (tx) => {
    if (!(await lockRow(tx, "invoices", invoiceId))) throw notFound(BILLING_MESSAGES.invoiceNotFound);
    const invoice = await tx.invoice.findUniqueOrThrow({
      where: { id: invoiceId },
      include: { lines: { orderBy: { position: "asc" } }, electronicDocument: { select: { status: true, voidRequestedAt: true } } },
    });
    if (invoice.status === "cancelled") throw conflict(MESSAGES.cancelled);
    const sunat = invoice.electronicDocument;
    if (sunat?.status === "voided" || sunat?.voidRequestedAt) throw conflict(MESSAGES.voided);
    if (!sunat || (sunat.status !== "accepted" && sunat.status !== "observed")) throw conflict(MESSAGES.notAccepted);

    const figures = noteLines(data, {
      amount: invoice.amount.toFixed(2),
      amountCredited: invoice.amountCredited.toFixed(2),
      subtotal: invoice.subtotal.toFixed(2),
      taxRate: invoice.taxRate.toString(),
      lines: invoice.lines.map((line) => ({ position: line.position, description: line.description, quantity: line.quantity.toFixed(2), unitPrice: line.unitPrice.toFixed(2) })),
    });
    const series = invoice.series.startsWith("F") ? CREDIT_NOTE_SERIES.factura : CREDIT_NOTE_SERIES.boleta;
    const sequence = await nextSeriesNumber(tx, series);
    const today = businessDate();
    const created = await tx.creditNote.create({
      data: {
        number: formatInvoiceNumber(series, sequence),
        series,
        sequence,
        invoiceId,
        userId: invoice.userId,
        reasonCode: data.reason_code,
        description: data.description,
        subtotal: figures.subtotal,
        taxAmount: figures.tax,
        amount: figures.total,
        currency: invoice.currency,
        issuedAt: dateColumn(today),
        lines: {
          create: figures.lines.map((line, index) => ({
            position: index + 1,
            description: line.description.slice(0, 300),
            quantity: line.quantity,
            unitPrice: line.unit_price,
            lineTotal: lineTotal(line),
          })),
        },
      },
      select: { id: true, number: true },
    });

    // What the invoice asks for now; money paid beyond it becomes the client's credit.
    const paid = invoice.amountPaid.toFixed(2);
    const creditedBefore = invoice.amountCredited.toFixed(2);
    const creditedAfter = new Exact(creditedBefore).plus(figures.total).toFixed(2);
    const newCredit = new Exact(overpaid(invoice.amount.toFixed(2), paid, creditedAfter)).minus(overpaid(invoice.amount.toFixed(2), paid, creditedBefore));
    const owed = balanceDue(invoice.amount.toFixed(2), paid, creditedAfter);
    const settled = compareMoney(owed, 0) === 0;
    await tx.invoice.update({
      where: { id: invoiceId },
      data: {
        amountCredited: creditedAfter,
        ...(settled && compareMoney(paid, 0) > 0 && invoice.status === "pending" ? { status: "paid", paidAt: new Date() } : {}),
        ...(settled && compareMoney(paid, 0) === 0 ? { status: "cancelled", cancelledAt: new Date(), cancelReason: `Nota de crédito ${created.number}: ${data.description}`.slice(0, 500) } : {}),
      },
    });
    if (newCredit.gt(0)) {
      await tx.customerCredit.create({
        data: { userId: invoice.userId, currency: invoice.currency, amount: newCredit.toFixed(2), kind: "credit_note", creditNoteId: created.id, invoiceId },
      });
    }
    await createCreditNoteDocumentInTx(tx, created.id);
    await recordAudit(tx, actor, {
      action: "credit_note.create",
      entityType: "invoice",
      entityId: invoiceId,
      before: { amount_credited: creditedBefore, status: invoice.status },
      after: {
        credit_note: created.number,
        reason_code: data.reason_code,
        description: data.description,
        amount: figures.total,
        amount_credited: creditedAfter,
        customer_credit: newCredit.toFixed(2),
      },
    });
    await notifyUser(
      invoice.userId,
      {
        type: "credit_note_issued",
        title: `Nota de crédito ${created.number}`,
        body: `Sobre la ${invoice.invoiceNumber}: ${formatMoney(figures.total, invoice.currency)}. ${data.description}`,
        link: `/client/invoices/${invoiceId}`,
        data: { invoice_id: invoiceId, credit_note_id: created.id },
      },
      tx,
    );
    const row = await tx.creditNote.findUniqueOrThrow({ where: { id: created.id }, select: creditNoteSelect });
    return { contract: serializeCreditNote(row), userId: invoice.userId, invoiceNumber: invoice.invoiceNumber };
  });
  kickSunatQueue();
  await emailUser(note.userId, {
    subject: `Nota de crédito ${note.contract.number}`,
    text: `Emitimos la nota de crédito ${note.contract.number} sobre la ${note.invoiceNumber} por ${formatMoney(note.contract.amount, note.contract.currency)} (${note.contract.reason}: ${note.contract.description}).\nPuedes verla en tu portal:`,
    link: `/client/invoices/${note.contract.invoice_id}`,
    kind: "credit_note",
    related: { type: "invoice", id: note.contract.invoice_id },
  });
  return note.contract;
}
