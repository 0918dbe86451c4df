// The seed's collections: how clients pay (bank accounts, Yape, Plin, instructions), the payment
// reminders the daily billing run would have sent on the open invoices, and payments clients
// reported ("Informar pago"): two waiting for confirmation with their vouchers, one confirmed
// (it became the invoice's partial payment) and one rejected with its reason. Everything is added
// once: a re-run finds it and changes nothing.
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { addDays, calendarDate, dateColumn } from "../lib/dates";
import type { Currency, Prisma, PrismaClient } from "../lib/generated/prisma/client";
import { formatMoney } from "../lib/format";
import { balanceDue, compareMoney } from "../lib/billing/money";
import { removeStoredFiles } from "../lib/media/ingest";
import { mediaStorage } from "../lib/media/storage";

type Tx = Prisma.TransactionClient;

/** Configuración › Cobros as a company in Lima fills it in. */
export const seedPaymentInstructions = {
  paymentAccounts: [
    { bank: "BCP", currency: "PEN", account_number: "191-2456789-0-31", cci: "00219100245678903157" },
    { bank: "BCP", currency: "USD", account_number: "191-2456790-1-42", cci: "00219100245679014258" },
    { bank: "Interbank", currency: "USD", account_number: "200-3004567891", cci: "00320000300456789136" },
    { bank: "BBVA", currency: "EUR", account_number: "0011-0172-0200345678", cci: "01117200020034567815" },
  ],
  yapeNumber: "+51 987 654 321",
  plinNumber: "+51 987 654 321",
  paymentNote:
    "Titular: Lumen Consultoría TI S.A.C. (RUC 20601234565).\nEscribe el número de la factura en la referencia de la transferencia.\nDespués de pagar, usa «Informar pago» en tu portal y adjunta el comprobante: lo confirmamos en el día hábil.",
} as const;

function voucherSvg(bank: string, operation: string, amount: string, day: string): string {
  const [year, month, date] = day.split("-");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="640" viewBox="0 0 480 640">
  <rect width="480" height="640" fill="#ffffff"/>
  <rect width="480" height="96" fill="#0b3d91"/>
  <text x="32" y="60" font-family="sans-serif" font-size="30" font-weight="700" fill="#ffffff">${bank}</text>
  <text x="32" y="156" font-family="sans-serif" font-size="24" font-weight="700" fill="#1f2937">Constancia de transferencia</text>
  <text x="32" y="206" font-family="sans-serif" font-size="18" fill="#4b5563">Operación realizada con éxito</text>
  <text x="32" y="276" font-family="sans-serif" font-size="16" fill="#6b7280">Monto</text>
  <text x="32" y="308" font-family="sans-serif" font-size="30" font-weight="700" fill="#111827">${amount}</text>
  <text x="32" y="366" font-family="sans-serif" font-size="16" fill="#6b7280">Número de operación</text>
  <text x="32" y="394" font-family="monospace" font-size="22" fill="#111827">${operation}</text>
  <text x="32" y="452" font-family="sans-serif" font-size="16" fill="#6b7280">Fecha</text>
  <text x="32" y="480" font-family="sans-serif" font-size="22" fill="#111827">${date}/${month}/${year}</text>
  <text x="32" y="538" font-family="sans-serif" font-size="16" fill="#6b7280">Beneficiario</text>
  <text x="32" y="566" font-family="sans-serif" font-size="18" fill="#111827">Lumen Consultoría TI S.A.C.</text>
</svg>`;
}

/** The payments waiting for confirmation: which client's open invoice, with what a client would write. */
const PENDING_REPORTS = [
  { who: "demo", bank: "BCP", reference: "BCP-OP-57012288", reportedDaysAgo: 1, paidDaysAgo: 1 },
  { who: "other", bank: "Interbank", reference: "IBK-OP-302011745", reportedDaysAgo: 0, paidDaysAgo: 0 },
] as const;

type Counts = { reminders: number; paymentReports: number; auditLogs: number; notifications: number };

/**
 * The reminder steps the billing run sends for an invoice due on `due` up to `today`, with the
 * default settings (3 days before, on the day, every 7 days after), never before it was issued.
 */
function reminderDays(issued: string, due: string, today: string): { step: "before" | "due" | "after"; day: string; daysLate: number }[] {
  const steps: { step: "before" | "due" | "after"; day: string; daysLate: number }[] = [];
  const before = addDays(due, -3);
  if (before >= issued && before <= today) steps.push({ step: "before", day: before, daysLate: -3 });
  if (due <= today) steps.push({ step: "due", day: due, daysLate: 0 });
  for (let late = 7; addDays(due, late) <= today; late += 7) steps.push({ step: "after", day: addDays(due, late), daysLate: late });
  return steps;
}

/** How to pay and the reminders already sent: inside the seed's transaction. */
export async function seedCollections(tx: Tx, options: { today: string; instantOn: (day: string, time?: string) => Date }): Promise<Counts> {
  const { today, instantOn } = options;
  const counts: Counts = { reminders: 0, paymentReports: 0, auditLogs: 0, notifications: 0 };

  // How to pay: filled in once, unless an admin already configured something.
  const settings = await tx.siteSettings.findUnique({ where: { id: 1 }, select: { paymentAccounts: true, yapeNumber: true, plinNumber: true, paymentNote: true } });
  const untouched = settings && Array.isArray(settings.paymentAccounts) && settings.paymentAccounts.length === 0 && !settings.yapeNumber && !settings.plinNumber && !settings.paymentNote;
  if (untouched) {
    await tx.siteSettings.update({ where: { id: 1 }, data: { ...seedPaymentInstructions, paymentAccounts: [...seedPaymentInstructions.paymentAccounts] } });
  }

  const open = await tx.invoice.findMany({
    where: { status: "pending", dueDate: { not: null } },
    orderBy: [{ dueDate: "asc" }, { id: "asc" }],
    select: { id: true, invoiceNumber: true, userId: true, amount: true, amountPaid: true, amountCredited: true, currency: true, issuedAt: true, dueDate: true },
  });

  // Reminders the billing run sent on each open invoice, with their history entries.
  if ((await tx.invoiceReminder.count()) === 0) {
    for (const invoice of open) {
      const due = calendarDate(invoice.dueDate!);
      const balance = balanceDue(invoice.amount.toFixed(2), invoice.amountPaid.toFixed(2), invoice.amountCredited.toFixed(2));
      for (const reminder of reminderDays(calendarDate(invoice.issuedAt), due, today)) {
        const at = instantOn(reminder.day, "08:00");
        await tx.invoiceReminder.create({ data: { invoiceId: invoice.id, step: reminder.step, sentOn: dateColumn(reminder.day), daysLate: reminder.daysLate, createdAt: at } });
        await tx.auditLog.create({
          data: {
            actorId: null,
            action: "invoice.reminder",
            entityType: "invoice",
            entityId: String(invoice.id),
            ipAddress: "",
            details: { after: { step: reminder.step, days_late: reminder.daysLate, balance } },
            createdAt: at,
          },
        });
        counts.reminders += 1;
        counts.auditLogs += 1;
      }
    }
  }

  return counts;
}

const openInvoiceSelect = {
  id: true,
  invoiceNumber: true,
  userId: true,
  amount: true,
  amountPaid: true,
  amountCredited: true,
  currency: true,
  issuedAt: true,
  dueDate: true,
} as const;

/**
 * The payments clients reported, after the seed's transaction: their vouchers are files in
 * storage (not transactional), written first and removed again if the rows cannot be.
 * Nothing when reports exist already.
 */
export async function seedPaymentReports(
  db: PrismaClient,
  options: { today: string; instantOn: (day: string, time?: string) => Date; demoClientId: string; adminId: string },
): Promise<Counts> {
  const counts: Counts = { reminders: 0, paymentReports: 0, auditLogs: 0, notifications: 0 };
  if ((await db.paymentReport.count()) > 0) return counts;
  const { today } = options;
  const open = await db.invoice.findMany({ where: { status: "pending", dueDate: { not: null } }, orderBy: [{ dueDate: "asc" }, { id: "asc" }], select: openInvoiceSelect });

  // Two payments waiting for confirmation: the demo client's on its nearest open invoice, and
  // another client's on its most overdue one; neither changes a balance until confirmed.
  const demoInvoice = open.find((invoice) => invoice.userId === options.demoClientId && compareMoney(invoice.amountPaid.toFixed(2), 0) === 0);
  const otherInvoice = open.find((invoice) => invoice.userId !== options.demoClientId && compareMoney(invoice.amountPaid.toFixed(2), 0) === 0);
  const targets = [demoInvoice, otherInvoice];
  const planned = PENDING_REPORTS.flatMap((plan, index) => {
    const invoice = targets[index];
    if (!invoice) return [];
    const amount = balanceDue(invoice.amount.toFixed(2), invoice.amountPaid.toFixed(2), invoice.amountCredited.toFixed(2));
    const issuedOn = calendarDate(invoice.issuedAt);
    const paidOn = addDays(today, -plan.paidDaysAgo) < issuedOn ? issuedOn : addDays(today, -plan.paidDaysAgo);
    return [{ plan, invoice, amount, paidOn }];
  });
  const vouchers: { key: string; name: string; bytes: number }[] = [];
  for (const { plan, invoice, amount, paidOn } of planned) {
    const svg = voucherSvg(plan.bank, plan.reference, formatMoney(amount, invoice.currency), paidOn);
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    const key = `vouchers/${randomUUID()}`;
    await mediaStorage().put(key, png, "image/png");
    vouchers.push({ key, name: `constancia-${plan.reference.toLowerCase()}.png`, bytes: png.length });
  }
  try {
    await db.$transaction((tx) => writePaymentReports(tx, { ...options, planned, vouchers, counts }));
  } catch (error) {
    await removeStoredFiles(vouchers.map((voucher) => voucher.key));
    throw error;
  }
  return counts;
}

type PlannedReport = {
  plan: (typeof PENDING_REPORTS)[number];
  invoice: { id: number; invoiceNumber: string; userId: string; currency: Currency };
  amount: string;
  paidOn: string;
};

async function writePaymentReports(
  tx: Tx,
  options: { today: string; instantOn: (day: string, time?: string) => Date; adminId: string; planned: PlannedReport[]; vouchers: { key: string; name: string; bytes: number }[]; counts: Counts },
): Promise<void> {
  const { today, instantOn, counts } = options;
  for (const [index, { plan, invoice, amount, paidOn }] of options.planned.entries()) {
    const voucher = options.vouchers[index];
    const report = await tx.paymentReport.create({
      data: {
        invoiceId: invoice.id,
        userId: invoice.userId,
        amount,
        currency: invoice.currency,
        paidOn: dateColumn(paidOn),
        method: "transferencia",
        reference: plan.reference,
        voucherKey: voucher.key,
        voucherName: voucher.name,
        voucherMime: "image/png",
        voucherBytes: voucher.bytes,
        createdAt: instantOn(addDays(today, -plan.reportedDaysAgo), "10:30"),
      },
    });
    await tx.auditLog.create({
      data: {
        actorId: invoice.userId,
        action: "payment_report.create",
        entityType: "payment_report",
        entityId: String(report.id),
        ipAddress: "190.234.18.77",
        details: { after: { invoice_number: invoice.invoiceNumber, amount, currency: invoice.currency, method: "transferencia", reference: plan.reference } },
        createdAt: report.createdAt,
      },
    });
    await tx.notification.create({
      data: {
        userId: options.adminId,
        adminOnly: true,
        type: "payment_report",
        title: `Pago informado: factura ${invoice.invoiceNumber}`,
        body: `Informaron un pago de ${formatMoney(amount, invoice.currency)} por transferencia (${plan.reference}). Revísalo en Pagos por confirmar.`,
        link: "/admin/payment-reports",
        createdAt: report.createdAt,
      },
    });
    counts.paymentReports += 1;
    counts.auditLogs += 1;
    counts.notifications += 1;
  }

  // A confirmed report behind a partial payment already recorded, and a rejected one on the
  // same invoice (the client had typed another operation number).
  const partial = await tx.payment.findFirst({
    where: { status: "completed", method: "transferencia", invoice: { status: "pending", amountPaid: { gt: 0 } } },
    orderBy: { paidAt: "desc" },
    select: { id: true, userId: true, invoiceId: true, amount: true, currency: true, reference: true, paidAt: true, invoice: { select: { invoiceNumber: true } } },
  });
  if (partial?.invoiceId) {
    const reportedAt = new Date(partial.paidAt.getTime() - 2 * 3_600_000);
    const rejectedAt = new Date(partial.paidAt.getTime() - 26 * 3_600_000);
    await tx.paymentReport.create({
      data: {
        invoiceId: partial.invoiceId,
        userId: partial.userId,
        amount: partial.amount,
        currency: partial.currency,
        paidOn: dateColumn(calendarDate(new Date(rejectedAt.getTime() - 5 * 3_600_000))),
        method: "transferencia",
        // The number typed with a digit missing.
        reference: partial.reference ? partial.reference.slice(0, -1) : null,
        status: "rejected",
        rejectReason: "El número de operación no figura en el estado de cuenta del banco. Revisa la constancia y vuelve a informarlo con el número completo.",
        reviewedById: options.adminId,
        reviewedAt: new Date(rejectedAt.getTime() + 3_600_000),
        createdAt: rejectedAt,
      },
    });
    await tx.paymentReport.create({
      data: {
        invoiceId: partial.invoiceId,
        userId: partial.userId,
        amount: partial.amount,
        currency: partial.currency,
        paidOn: dateColumn(calendarDate(new Date(partial.paidAt.getTime() - 5 * 3_600_000))),
        method: "transferencia",
        reference: partial.reference,
        status: "confirmed",
        reviewedById: options.adminId,
        reviewedAt: partial.paidAt,
        paymentId: partial.id,
        createdAt: reportedAt,
      },
    });
    counts.paymentReports += 2;
  }
}
