import "server-only";
import { recordAudit, SYSTEM_ACTOR } from "@/lib/audit/service";
import { db } from "@/lib/db";
import { addDays, businessDate, dateColumn, formatCalendarDate } from "@/lib/dates";
import { formatMoney } from "@/lib/format";
import { Prisma } from "@/lib/generated/prisma/client";
import { emailUser } from "@/lib/notifications/email";
import { notifyUser } from "@/lib/notifications/service";
import { getCollectionSettings } from "./collection-settings";
import { paymentInstructionLines, type PaymentInstructions, type PaymentReminderSettings } from "./collection-settings-schema";
import type { ReminderStep } from "./labels";
import { balanceDue } from "./money";

// Payment reminders, sent by the daily billing run. An open invoice (stored pending, with a due
// date and a balance, of a client, issued before today and without a payment report waiting for
// review) gets, on the Lima day `today`:
//   before — once, on a day within [due − N, due − 1];
//   due    — once, on its due date;
//   after  — when at least M days late and the last "after" one is at least M days old.
// N and M come from "Configuración › Cobros" (getCollectionSettings). A reminder is claimed by
// inserting its invoice_reminders row, unique per invoice and Lima day, in the transaction that
// also writes the audit entry and the bell notification; the e-mail goes after the commit. Two
// runs at once: the second insert conflicts and that run sends nothing.

/** Invoices read per batch (by id). */
const BATCH = 200;

export type ReminderHistory = {
  /** "YYYY-MM-DD". */
  dueOn: string;
  issuedOn: string;
  hadBefore: boolean;
  hadDue: boolean;
  /** The Lima day of the last "after" reminder, or null. */
  lastAfterOn: string | null;
  /** Whether any reminder was sent on `today` already. */
  sentToday: boolean;
};

/** Days from `from` to `to` (calendar days, negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dateColumn(to).getTime() - dateColumn(from).getTime()) / 86_400_000);
}

/** The reminder an open invoice is due on `today`, or null. Pure: the rule in one place. */
export function reminderStepFor(history: ReminderHistory, today: string, settings: Pick<PaymentReminderSettings, "days_before" | "every_days">): { step: ReminderStep; daysLate: number } | null {
  // The day an invoice is issued its own e-mail tells the client the due date.
  if (history.sentToday || history.issuedOn >= today) return null;
  const daysLate = daysBetween(history.dueOn, today);
  const every = Math.max(1, settings.every_days);
  if (daysLate < 0) {
    return -daysLate <= settings.days_before && !history.hadBefore ? { step: "before", daysLate } : null;
  }
  if (daysLate === 0) return history.hadDue ? null : { step: "due", daysLate };
  if (daysLate < every) return null;
  if (history.lastAfterOn !== null && daysBetween(history.lastAfterOn, today) < every) return null;
  return { step: "after", daysLate };
}

type CandidateRow = {
  id: number;
  due_on: string;
  issued_on: string;
  had_before: boolean;
  had_due: boolean;
  last_after_on: string | null;
  sent_today: boolean;
  invoice_number: string;
  user_id: string;
  customer_name: string;
  currency: string;
  amount: string;
  amount_paid: string;
  amount_credited: string;
};

const historyOf = (row: CandidateRow): ReminderHistory => ({
  dueOn: row.due_on,
  issuedOn: row.issued_on,
  hadBefore: row.had_before,
  hadDue: row.had_due,
  lastAfterOn: row.last_after_on,
  sentToday: row.sent_today,
});

/**
 * The open invoices a reminder may be due for on `today`, with their reminder history: pending,
 * with a due date no later than today + N, a balance, a client as owner, and no payment report
 * waiting for review.
 */
function candidatesSql(today: string, daysBefore: number, extra: Prisma.Sql) {
  return Prisma.sql`
    SELECT i.id,
      to_char(i.due_date, 'YYYY-MM-DD') AS due_on,
      to_char(i.issued_at, 'YYYY-MM-DD') AS issued_on,
      EXISTS (SELECT 1 FROM invoice_reminders r WHERE r.invoice_id = i.id AND r.step = 'before') AS had_before,
      EXISTS (SELECT 1 FROM invoice_reminders r WHERE r.invoice_id = i.id AND r.step = 'due') AS had_due,
      (SELECT to_char(max(r.sent_on), 'YYYY-MM-DD') FROM invoice_reminders r WHERE r.invoice_id = i.id AND r.step = 'after') AS last_after_on,
      EXISTS (SELECT 1 FROM invoice_reminders r WHERE r.invoice_id = i.id AND r.sent_on = ${today}::date) AS sent_today,
      i.invoice_number, i.user_id, i.customer_name, i.currency::text AS currency,
      i.amount::text AS amount, i.amount_paid::text AS amount_paid, i.amount_credited::text AS amount_credited
    FROM invoices i
    JOIN users u ON u.id = i.user_id
    WHERE i.status = 'pending'
      AND i.due_date IS NOT NULL
      AND i.due_date <= ${addDays(today, Math.max(0, daysBefore))}::date
      AND i.amount - i.amount_credited - i.amount_paid > 0
      AND u.role = 'client'
      AND NOT EXISTS (SELECT 1 FROM payment_reports p WHERE p.invoice_id = i.id AND p.status = 'pending')
      ${extra}`;
}

type ClaimedReminder = { invoiceId: number; userId: string; invoiceNumber: string; customerName: string; currency: string; dueOn: string; balance: string; step: ReminderStep; daysLate: number };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "vence el 02/12/2026", "vence hoy", "venció hace 7 días". */
function stateWording(reminder: Pick<ClaimedReminder, "step" | "dueOn" | "daysLate">): string {
  if (reminder.step === "before") return `vence el ${formatCalendarDate(reminder.dueOn)}`;
  if (reminder.step === "due") return "vence hoy";
  return `venció hace ${plural(reminder.daysLate, "día", "días")}`;
}

/** The bell notification and the e-mail of one reminder. */
function reminderMessages(reminder: ClaimedReminder, instructions: PaymentInstructions) {
  const balance = formatMoney(reminder.balance, reminder.currency);
  const subject =
    reminder.step === "after"
      ? `Factura ${reminder.invoiceNumber} vencida: saldo ${balance}`
      : `Recordatorio: tu factura ${reminder.invoiceNumber} ${stateWording(reminder)}`;
  const how = paymentInstructionLines(instructions, reminder.currency);
  // The date itself too when the wording does not say it.
  const dueText = reminder.step === "before" ? "" : reminder.step === "due" ? `, ${formatCalendarDate(reminder.dueOn)}` : `, el ${formatCalendarDate(reminder.dueOn)}`;
  const text = [
    `Hola, ${reminder.customerName}:`,
    "",
    `Te recordamos que tu factura ${reminder.invoiceNumber} ${stateWording(reminder)}${dueText}. Saldo pendiente: ${balance}.`,
    "",
    ...(how.length > 0 ? ["Cómo pagar:", ...how.map((line) => `- ${line}`), ""] : []),
    "Cuando hayas pagado, avísanos con «Informar pago» en tu portal, adjuntando el comprobante, para registrarlo cuanto antes. Si ya lo hiciste, no tienes que hacer nada más.",
    "",
    "Puedes ver la factura y descargar el PDF aquí:",
  ].join("\n");
  return {
    notification: { title: `Tu factura ${reminder.invoiceNumber} ${stateWording(reminder)}`, body: `Saldo pendiente: ${balance}.` },
    email: { subject, text },
  };
}

/**
 * Claims and records the reminder one invoice is due on `today`, in one transaction on the
 * invoice's row lock (so a payment or a payment report written meanwhile is seen): null when
 * none is due any more or another run claimed it first.
 */
async function claimReminder(invoiceId: number, today: string, settings: PaymentReminderSettings, instructions: PaymentInstructions) {
  return db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<CandidateRow[]>(
      Prisma.sql`${candidatesSql(today, settings.days_before, Prisma.sql`AND i.id = ${invoiceId}`)} FOR UPDATE OF i`,
    );
    if (!row) return null;
    const due = reminderStepFor(historyOf(row), today, settings);
    if (!due) return null;
    const inserted = await tx.$queryRaw<{ id: number }[]>`
      INSERT INTO invoice_reminders (invoice_id, step, sent_on, days_late)
      VALUES (${invoiceId}, ${due.step}, ${today}::date, ${due.daysLate})
      ON CONFLICT (invoice_id, sent_on) DO NOTHING
      RETURNING id`;
    if (inserted.length === 0) return null;
    const reminder: ClaimedReminder = {
      invoiceId,
      userId: row.user_id,
      invoiceNumber: row.invoice_number,
      customerName: row.customer_name,
      currency: row.currency,
      dueOn: row.due_on,
      balance: balanceDue(row.amount, row.amount_paid, row.amount_credited),
      step: due.step,
      daysLate: due.daysLate,
    };
    const messages = reminderMessages(reminder, instructions);
    await recordAudit(tx, SYSTEM_ACTOR, {
      action: "invoice.reminder",
      entityType: "invoice",
      entityId: invoiceId,
      after: { step: due.step, days_late: due.daysLate, balance: reminder.balance },
    });
    await notifyUser(
      row.user_id,
      { type: "invoice_reminder", title: messages.notification.title, body: messages.notification.body, link: `/client/invoices/${invoiceId}`, data: { invoice_id: invoiceId, step: due.step } },
      tx,
    );
    return { reminder, email: messages.email };
  });
}

export type PaymentRemindersResult = { reminded: number; failed: number };

/**
 * Sends the payment reminders due on `today` (Lima), 200 invoices at a time. Nothing when the
 * reminders are off. `userIds` limits it to those clients' invoices (a targeted run).
 */
export async function sendPaymentReminders(
  today: string = businessDate(),
  options: { userIds?: string[]; log?: (line: string) => void } = {},
): Promise<PaymentRemindersResult> {
  const result: PaymentRemindersResult = { reminded: 0, failed: 0 };
  const { payment_reminders: settings, payment_instructions: instructions } = await getCollectionSettings();
  if (!settings.enabled) return result;
  if (options.userIds && options.userIds.length === 0) return result;
  const scope = options.userIds ? Prisma.sql`AND i.user_id IN (${Prisma.join(options.userIds)})` : Prisma.empty;

  let afterId = 0;
  for (;;) {
    const batch = await db.$queryRaw<CandidateRow[]>(
      Prisma.sql`${candidatesSql(today, settings.days_before, Prisma.sql`${scope} AND i.id > ${afterId}`)} ORDER BY i.id LIMIT ${BATCH}`,
    );
    if (batch.length === 0) break;
    afterId = batch[batch.length - 1].id;
    for (const row of batch) {
      if (!reminderStepFor(historyOf(row), today, settings)) continue;
      try {
        const claimed = await claimReminder(row.id, today, settings, instructions);
        if (!claimed) continue;
        result.reminded += 1;
        options.log?.(`Recordatorio de pago (${claimed.reminder.step}) de la factura ${claimed.reminder.invoiceNumber}.`);
        await emailUser(claimed.reminder.userId, {
          ...claimed.email,
          link: `/client/invoices/${claimed.reminder.invoiceId}`,
          kind: "invoice_reminder",
          related: { type: "invoice", id: claimed.reminder.invoiceId },
        });
      } catch (error) {
        result.failed += 1;
        console.error(`[billing] recordatorio de la factura ${row.id}: ${(error as Error).message}`);
      }
    }
    if (batch.length < BATCH) break;
  }
  return result;
}
