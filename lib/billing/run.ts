import "server-only";
import { recordAudit, SYSTEM_ACTOR } from "@/lib/audit/service";
import { db } from "@/lib/db";
import { billingPeriodLabel, formatMoney } from "@/lib/format";
import { emailUser } from "@/lib/notifications/email";
import { notifyUser } from "@/lib/notifications/service";
import { addDays, businessDate, calendarDate, dateColumn, formatCalendarDate, nextPeriodStart } from "@/lib/dates";
import { paymentInstructionsEmailText } from "./collection-settings";
import { issueInvoiceInTx } from "./invoices";
import { sendPaymentReminders } from "./reminders";

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
  /** Payment reminders sent (lib/billing/reminders.ts). */
  reminded: number;
};

/** Periods billed per subscription in one run at most (a long-stopped server catches up gradually). */
const MAX_PERIODS_PER_RUN = 24;
const BATCH = 100;

/** Days a client has to pay an invoice the billing run issues. */
export const BILLING_RUN_DUE_DAYS = 15;

export type BillingPeriodOutcome =
  | { kind: "invoiced"; invoiceId: number; invoiceNumber: string }
  /** The period's invoice already existed: only the date moved on. */
  | { kind: "advanced" | "cancelled" | "expired" }
  /** Not due any more, or another run holds it. */
  | { kind: "skipped" };

/**
 * The billing run's write for one subscription: if it is still due on
 * `today`, invoices its period and moves the date on, or cancels it when the client asked to,
 * or ends a one-time plan. Its own transaction, on the subscription's row lock (SKIP LOCKED: a
 * row another run holds is left to it); one invoice per subscription and period.
 */
export async function billSubscriptionPeriod(subscriptionId: number, today: string): Promise<BillingPeriodOutcome> {
  return db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: number }[]>`
      SELECT id FROM subscriptions
      WHERE id = ${subscriptionId} AND status = 'active' AND next_billing_date <= ${dateColumn(today)}::date
      FOR UPDATE SKIP LOCKED`;
    if (locked.length === 0) return { kind: "skipped" };
    const sub = await tx.subscription.findUniqueOrThrow({
      where: { id: subscriptionId },
      select: { id: true, userId: true, planName: true, amount: true, currency: true, billingPeriod: true, nextBillingDate: true, cancelRequestedAt: true },
    });
    const periodStart = calendarDate(sub.nextBillingDate!);

    if (sub.cancelRequestedAt) {
      await tx.subscription.update({ where: { id: sub.id }, data: { status: "cancelled", cancelledAt: new Date(), nextBillingDate: null } });
      await notifyUser(
        sub.userId,
        { type: "subscription_cancelled", title: `Suscripción cancelada: ${sub.planName}`, body: "Terminó su periodo y se canceló, como solicitaste.", link: `/client/subscriptions/${sub.id}` },
        tx,
      );
      await recordAudit(tx, SYSTEM_ACTOR, {
        action: "subscription.cancel",
        entityType: "subscription",
        entityId: sub.id,
        before: { status: "active", next_billing_date: periodStart },
        after: { status: "cancelled", next_billing_date: null },
      });
      return { kind: "cancelled" };
    }

    const following = nextPeriodStart(periodStart, sub.billingPeriod);
    const already = await tx.invoice.findFirst({ where: { subscriptionId: sub.id, periodStart: dateColumn(periodStart) }, select: { id: true, invoiceNumber: true } });
    let outcome: BillingPeriodOutcome;
    if (already) {
      outcome = { kind: "advanced" };
    } else {
      const periodText = following
        ? `del ${formatCalendarDate(periodStart)} al ${formatCalendarDate(addDays(following, -1))}`
        : `pago único (${formatCalendarDate(periodStart)})`;
      const invoiceId = await issueInvoiceInTx(tx, SYSTEM_ACTOR, {
        userId: sub.userId,
        currency: sub.currency,
        issuedOn: today,
        dueOn: addDays(today, BILLING_RUN_DUE_DAYS),
        description: `${sub.planName} — ${billingPeriodLabel(sub.billingPeriod).toLowerCase()}, ${periodText}`,
        lines: [{ description: `${sub.planName} — periodo ${periodText}`.slice(0, 300), quantity: "1", unit_price: sub.amount.toFixed(2) }],
        subscriptionId: sub.id,
        periodStart,
      });
      const invoice = await tx.invoice.findUniqueOrThrow({ where: { id: invoiceId }, select: { invoiceNumber: true } });
      outcome = { kind: "invoiced", invoiceId, invoiceNumber: invoice.invoiceNumber };
    }
    if (following) {
      await tx.subscription.update({ where: { id: sub.id }, data: { nextBillingDate: dateColumn(following) } });
    } else {
      await tx.subscription.update({ where: { id: sub.id }, data: { status: "expired", nextBillingDate: null } });
      await recordAudit(tx, SYSTEM_ACTOR, {
        action: "subscription.expire",
        entityType: "subscription",
        entityId: sub.id,
        before: { status: "active", next_billing_date: periodStart },
        after: { status: "expired", next_billing_date: null },
      });
      if (outcome.kind !== "invoiced") outcome = { kind: "expired" };
    }
    return outcome;
  });
}

async function emailInvoice(invoiceId: number) {
  const invoice = await db.invoice.findUnique({
    where: { id: invoiceId },
    select: { id: true, userId: true, invoiceNumber: true, amount: true, currency: true, dueDate: true, customerName: true, status: true },
  });
  if (!invoice) return;
  // "Cómo pagar" while it is still owed (stored pending: open, whatever its derived state).
  const howToPay = invoice.status === "pending" ? await paymentInstructionsEmailText(invoice.currency) : "";
  await emailUser(invoice.userId, {
    subject: `Nueva factura ${invoice.invoiceNumber}`,
    text: `Hola, ${invoice.customerName}:\n\nEmitimos la factura ${invoice.invoiceNumber} de tu suscripción por ${formatMoney(invoice.amount.toFixed(2), invoice.currency)} (IGV incluido), con vencimiento el ${invoice.dueDate ? formatCalendarDate(calendarDate(invoice.dueDate)) : "—"}.${howToPay}\n\nPuedes verla y descargar el PDF en tu portal:`,
    link: `/client/invoices/${invoice.id}`,
    kind: "invoice",
    related: { type: "invoice", id: invoice.id },
  });
}

/** Bills everything due up to `today` (Lima's date by default), then sends the payment reminders due that day. */
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
  const result: BillingRunResult = { date: today, invoiced: 0, cancelled: 0, expired: 0, failed: 0, invoiceNumbers: [], reminded: 0 };
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

  // After the subscriptions are billed; a failure here never hides what was invoiced.
  try {
    const reminders = await sendPaymentReminders(today, { userIds: options.userIds, log });
    result.reminded = reminders.reminded;
  } catch (error) {
    console.error(`[billing] recordatorios de pago: ${(error as Error).message}`);
  }
  return result;
}
