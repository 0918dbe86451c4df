import "server-only";
import Decimal from "decimal.js";
import { recordAudit, SYSTEM_ACTOR } from "@/lib/audit/service";
import { db } from "@/lib/db";
import { formatMoney } from "@/lib/format";
import { notifyUser } from "@/lib/notifications/service";
import { runSunatQueue, type QueueRun } from "@/lib/sunat/queue";
import { lockRow } from "./guards";
import { balanceDue } from "./money";

// SUNAT's answers, followed by the billing records: the send queue (lib/sunat/queue.ts) runs, then
// what SUNAT refused is undone here. A nota de crédito SUNAT rejected never existed, so what it took
// off its invoice (and any credit it gave the client) is put back; an invoice whose voiding SUNAT
// refused is owed again. Both are idempotent (a reversed note is marked), so any instance may run them.

const Exact = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/** Puts back what rejected notas de crédito took off their invoices; returns how many. */
async function reverseRejectedCreditNotes(): Promise<number> {
  const rejected = await db.creditNote.findMany({
    where: { reversedAt: null, electronicDocument: { status: "rejected" } },
    select: { id: true },
    take: 100,
  });
  let reversed = 0;
  for (const { id } of rejected) {
    const done = await db.$transaction(async (tx) => {
      const note = await tx.creditNote.findUniqueOrThrow({ where: { id }, include: { electronicDocument: { select: { responseCode: true, responseDescription: true } } } });
      if (note.reversedAt) return false;
      await lockRow(tx, "invoices", note.invoiceId);
      const invoice = await tx.invoice.findUniqueOrThrow({ where: { id: note.invoiceId } });
      const credited = Exact.max(new Exact(invoice.amountCredited.toFixed(2)).minus(note.amount.toFixed(2)), 0).toFixed(2);
      const owed = balanceDue(invoice.amount.toFixed(2), invoice.amountPaid.toFixed(2), credited);
      const cancelledByNote = invoice.status === "cancelled" && (invoice.cancelReason ?? "").startsWith(`Nota de crédito ${note.number}`);
      const owedAgain = new Exact(owed).gt(0) && (cancelledByNote || invoice.status === "paid");
      await tx.invoice.update({
        where: { id: invoice.id },
        data: { amountCredited: credited, ...(owedAgain ? { status: "pending", paidAt: null, cancelledAt: null, cancelReason: null } : {}) },
      });
      // The credit it gave the client, taken back (the ledger keeps both entries).
      const given = await tx.customerCredit.aggregate({ where: { creditNoteId: note.id, kind: "credit_note" }, _sum: { amount: true } });
      const credit = given._sum.amount ? new Exact(given._sum.amount.toFixed(2)) : new Exact(0);
      if (credit.gt(0)) {
        await tx.customerCredit.create({ data: { userId: note.userId, currency: note.currency, amount: credit.negated().toFixed(2), kind: "credit_note", creditNoteId: note.id, invoiceId: invoice.id, reference: "Nota de crédito rechazada por SUNAT" } });
      }
      await tx.creditNote.update({ where: { id: note.id }, data: { reversedAt: new Date() } });
      await recordAudit(tx, SYSTEM_ACTOR, {
        action: "credit_note.rejected",
        entityType: "invoice",
        entityId: invoice.id,
        before: { amount_credited: invoice.amountCredited.toFixed(2), status: invoice.status },
        after: {
          credit_note: note.number,
          sunat_code: note.electronicDocument?.responseCode ?? null,
          amount_credited: credited,
          status: owedAgain ? "pending" : invoice.status,
          customer_credit: credit.negated().toFixed(2),
        },
      });
      await notifyUser(
        note.userId,
        {
          type: "credit_note_rejected",
          title: `Nota de crédito ${note.number} sin efecto`,
          body: `SUNAT la rechazó: la ${invoice.invoiceNumber} vuelve a su importe${owedAgain ? `; saldo pendiente ${formatMoney(owed, invoice.currency)}` : ""}. Te emitiremos una nueva si corresponde.`,
          link: `/client/invoices/${invoice.id}`,
          data: { invoice_id: invoice.id, credit_note_id: note.id },
        },
        tx,
      );
      return true;
    });
    if (done) reversed += 1;
  }
  return reversed;
}

/**
 * Invoices cancelled here whose voiding SUNAT refused: the document still stands for SUNAT, so the
 * invoice is owed again. (Cancelling asks for a voiding whenever the document reached SUNAT; the
 * refusal clears that request and leaves the document accepted.)
 */
async function reopenInvoicesWithRefusedVoiding(): Promise<number> {
  const stuck = await db.invoice.findMany({
    where: { status: "cancelled", electronicDocument: { status: { in: ["accepted", "observed"] }, voidRequestedAt: null } },
    select: { id: true },
    take: 100,
  });
  let reopened = 0;
  for (const { id } of stuck) {
    const done = await db.$transaction(async (tx) => {
      await lockRow(tx, "invoices", id);
      const invoice = await tx.invoice.findUniqueOrThrow({ where: { id }, include: { electronicDocument: { select: { status: true, voidRequestedAt: true, lastError: true } } } });
      const document = invoice.electronicDocument;
      if (invoice.status !== "cancelled" || !document || document.voidRequestedAt || !["accepted", "observed"].includes(document.status)) return false;
      await tx.invoice.update({ where: { id }, data: { status: "pending", cancelledAt: null, cancelReason: null } });
      await recordAudit(tx, SYSTEM_ACTOR, {
        action: "invoice.void_refused",
        entityType: "invoice",
        entityId: id,
        before: { status: "cancelled", cancel_reason: invoice.cancelReason },
        after: { status: "pending", sunat: document.lastError },
      });
      return true;
    });
    if (done) reopened += 1;
  }
  return reopened;
}

export type SunatSync = QueueRun & { creditNotesReversed: number; invoicesReopened: number };

/** One round with SUNAT: send what is due, then make the billing records follow the answers. */
export async function syncWithSunat(options: Parameters<typeof runSunatQueue>[0] = {}): Promise<SunatSync> {
  const run = await runSunatQueue(options);
  return { ...run, creditNotesReversed: await reverseRejectedCreditNotes(), invoicesReopened: await reopenInvoicesWithRefusedVoiding() };
}

let running: Promise<unknown> | null = null;
let again = false;

/**
 * Starts a round in the background now (after an issue, a note, a voiding). One at a time per
 * process; a kick during a round makes it go once more, so nothing issued meanwhile waits for the
 * next periodic round.
 */
export function kickSunatQueue(): void {
  if (running) {
    again = true;
    return;
  }
  running = syncWithSunat()
    .catch((error: unknown) => console.error("[sunat] la cola de envíos falló:", error instanceof Error ? error.message : error))
    .finally(() => {
      running = null;
      if (again) {
        again = false;
        kickSunatQueue();
      }
    });
}

/**
 * Resolves once no background round is running or queued to follow. A round reads the endpoint
 * and credentials when it starts, so whoever changes them waits for this first.
 */
export async function sunatRoundsSettled(): Promise<void> {
  while (running) await running;
}

let timer: NodeJS.Timeout | null = null;

/**
 * The periodic round inside each server (every SUNAT_POLL_SECONDS, default 15): retries, tickets and
 * summaries move on even when nobody issues anything. SUNAT_SCHEDULE=off turns it off.
 */
export function startSunatSchedule(): void {
  if (timer || process.env.SUNAT_SCHEDULE === "off") return;
  const seconds = Number(process.env.SUNAT_POLL_SECONDS);
  const every = (Number.isFinite(seconds) && seconds >= 1 ? seconds : 15) * 1000;
  timer = setInterval(kickSunatQueue, every);
  timer.unref();
}
