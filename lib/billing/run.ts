import "server-only";
import { db } from "@/lib/db";
import { formatMoney } from "@/lib/format";
import { emailUser } from "@/lib/notifications/email";
import { businessDate, calendarDate, dateColumn, formatCalendarDate } from "./dates";
import { billSubscriptionPeriod } from "./service";

// The billing run (`npm run billing:run`, and once a day inside `npm start`): issues the invoice
// of every active subscription whose next billing date has come, and moves that date on by one
// period; a subscription whose client asked to cancel is cancelled instead of invoiced; a
// one-time plan is invoiced once and then ends.
//
// Safe to run twice, or on two instances at once: each subscription is handled in its own
// transaction that locks its row (FOR UPDATE SKIP LOCKED: a row another run holds is left to
// it), re-checks that it is still due, and writes the invoice and the new date together; an
// invoice is unique per (subscription, period start), so a period is never invoiced twice. A run
// that dies half-way leaves every subscription either done or untouched for the next run.

export type BillingRunResult = {
  /** "YYYY-MM-DD" (Lima) the run billed up to. */
  date: string;
  invoiced: number;
  cancelled: number;
  expired: number;
  /** Subscriptions that failed (logged), e.g. the client's account is no longer a client. */
  failed: number;
  invoiceNumbers: string[];
};

/** Periods billed per subscription in one run at most (a long-stopped server catches up gradually). */
const MAX_PERIODS_PER_RUN = 24;
const BATCH = 100;


async function emailInvoice(invoiceId: number) {
  const invoice = await db.invoice.findUnique({
    where: { id: invoiceId },
    select: { id: true, userId: true, invoiceNumber: true, amount: true, currency: true, dueDate: true, customerName: true },
  });
  if (!invoice) return;
  await emailUser(invoice.userId, {
    subject: `Nueva factura ${invoice.invoiceNumber}`,
    text: `Hola, ${invoice.customerName}:\n\nEmitimos la factura ${invoice.invoiceNumber} de tu suscripción por ${formatMoney(invoice.amount.toFixed(2), invoice.currency)} (IGV incluido), con vencimiento el ${invoice.dueDate ? formatCalendarDate(calendarDate(invoice.dueDate)) : "—"}.\nPuedes verla y descargar el PDF en tu portal:`,
    link: `/client/invoices/${invoice.id}`,
    kind: "invoice",
    related: { type: "invoice", id: invoice.id },
  });
}

/** Bills everything due up to `today` (Lima's date by default). */
export async function runBilling(
  options: {
    today?: string;
    log?: (line: string) => void;
    /** Only these clients' subscriptions (a targeted run; tests use it to stay out of each other's data). */
    userIds?: string[];
  } = {},
): Promise<BillingRunResult> {
  const today = options.today ?? businessDate();
  const log = options.log ?? (() => {});
  const result: BillingRunResult = { date: today, invoiced: 0, cancelled: 0, expired: 0, failed: 0, invoiceNumbers: [] };
  const failedIds = new Set<number>();
  const skippedIds = new Set<number>();
  const periodsBilled = new Map<number, number>();

  for (;;) {
    const due = await db.subscription.findMany({
      where: {
        status: "active",
        nextBillingDate: { lte: dateColumn(today) },
        ...(options.userIds ? { userId: { in: options.userIds } } : {}),
        id: { notIn: [...failedIds, ...skippedIds, ...[...periodsBilled].filter(([, n]) => n >= MAX_PERIODS_PER_RUN).map(([id]) => id)] },
      },
      orderBy: [{ nextBillingDate: "asc" }, { id: "asc" }],
      select: { id: true },
      take: BATCH,
    });
    if (due.length === 0) break;
    for (const { id } of due) {
      try {
        const outcome = await billSubscriptionPeriod(id, today);
        periodsBilled.set(id, (periodsBilled.get(id) ?? 0) + 1);
        if (outcome.kind === "invoiced") {
          result.invoiced += 1;
          result.invoiceNumbers.push(outcome.invoiceNumber);
          log(`Factura ${outcome.invoiceNumber} emitida (suscripción ${id}).`);
          await emailInvoice(outcome.invoiceId);
        } else if (outcome.kind === "cancelled") {
          result.cancelled += 1;
          log(`Suscripción ${id} cancelada al final del periodo, como pidió el cliente.`);
        } else if (outcome.kind === "expired") {
          result.expired += 1;
        }
        // Skipped: another run holds it or already moved it on; this run leaves it alone.
        if (outcome.kind === "skipped") skippedIds.add(id);
      } catch (error) {
        failedIds.add(id);
        result.failed += 1;
        console.error(`[billing] suscripción ${id}: ${(error as Error).message}`);
      }
    }
  }
  return result;
}
