// Payment reminders (lib/billing/reminders.ts), sent by the daily billing run: one e-mail per
// step (before the due date, on it, then every M days after), none for paid, cancelled or
// reported invoices or when switched off, N and M from the settings, once only even when two runs
// meet, and the Lima day whatever the server's time zone. The e-mails go to a real SMTP server
// started here; runs are scoped to this file's clients (userIds).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { findInvoiceDetail } from "@/lib/billing/invoice-reader";
import { recordPayment } from "@/lib/billing/payments";
import { sendPaymentReminders } from "@/lib/billing/reminders";
import { runBilling } from "@/lib/billing/run";
import { addDays, businessDate } from "@/lib/dates";
import { db } from "@/lib/db";
import type { Prisma, SiteSettings } from "@/lib/generated/prisma/client";
import { createTestUser, type TestUser } from "./helpers/auth";
import { createTestInvoice } from "./helpers/billing";
import { lockSiteSettings, restoreSiteSettings } from "./helpers/settings";
import { startSmtpServer, type TestSmtpServer } from "./helpers/smtp";

let smtp: TestSmtpServer;
let original: SiteSettings | null;
let unlock: () => Promise<void>;

const ACCOUNTS = [
  { bank: "BCP", currency: "USD", account_number: "193-1234567-1-00", cci: "00219300123456710012" },
  { bank: "Interbank", currency: "PEN", account_number: "200-3000123456", cci: null },
];

async function setReminders(reminders: { enabled?: boolean; days_before?: number; every_days?: number }) {
  await db.siteSettings.update({
    where: { id: 1 },
    data: {
      ...(reminders.enabled !== undefined && { remindersEnabled: reminders.enabled }),
      ...(reminders.days_before !== undefined && { reminderDaysBefore: reminders.days_before }),
      ...(reminders.every_days !== undefined && { reminderEveryDays: reminders.every_days }),
    },
  });
}

beforeAll(async () => {
  unlock = await lockSiteSettings();
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  original = await db.siteSettings.findUnique({ where: { id: 1 } });
  if (!original) await db.siteSettings.create({ data: { id: 1, companyName: "Lumen Consultoría TI" } });
  await db.siteSettings.update({
    where: { id: 1 },
    data: {
      paymentAccounts: ACCOUNTS as Prisma.InputJsonValue,
      yapeNumber: "+51 987 654 321",
      plinNumber: null,
      paymentNote: "Indica el número de factura en la referencia.",
    },
  });
});

afterEach(async () => {
  await setReminders({ enabled: true, days_before: 3, every_days: 7 });
});

afterAll(async () => {
  await restoreSiteSettings(original, { collections: true });
  await unlock();
  delete process.env.SMTP_URL;
  await smtp.close();
});

async function client(): Promise<TestUser> {
  const user = await createTestUser({ role: "client" });
  await db.user.update({ where: { id: user.id }, data: { billingName: "Comercial Andina S.A.C.", taxId: "20551234569" } });
  return user;
}

const mailsTo = (user: TestUser) => smtp.received.filter((mail) => mail.recipients.includes(user.email));
const remindersOf = (invoiceId: number) => db.invoiceReminder.findMany({ where: { invoiceId }, orderBy: { sentOn: "asc" } });
const day = (value: Date) => value.toISOString().slice(0, 10);

/** Runs the reminders for `user` on every day from `from` to `to`; returns the days that sent one. */
async function runDays(user: TestUser, from: string, to: string): Promise<string[]> {
  const sent: string[] = [];
  for (let today = from; today <= to; today = addDays(today, 1)) {
    const result = await sendPaymentReminders(today, { userIds: [user.id] });
    expect(result.failed).toBe(0);
    if (result.reminded > 0) sent.push(today);
  }
  return sent;
}

describe("sendPaymentReminders", () => {
  it("sends one e-mail per step: N days before, on the due date, then every M days late, with the balance, how to pay and the link", async () => {
    const user = await client();
    const invoice = await createTestInvoice(db, {
      userId: user.id,
      currency: "USD",
      lines: [{ unitPrice: "200.00" }],
      issuedAt: "2027-03-01",
      dueDate: "2027-03-20",
      payments: [{ amount: "36.00", paidAt: new Date("2027-03-05T15:00:00Z") }],
    });
    expect(invoice.amount.toFixed(2)).toBe("236.00");

    expect(await runDays(user, "2027-03-14", "2027-04-05")).toEqual(["2027-03-17", "2027-03-20", "2027-03-27", "2027-04-03"]);

    const mails = mailsTo(user);
    const number = invoice.invoiceNumber;
    expect(mails.map((mail) => mail.headers.subject)).toEqual([
      `Recordatorio: tu factura ${number} vence el 20/03/2027`,
      `Recordatorio: tu factura ${number} vence hoy`,
      `Factura ${number} vencida: saldo US$ 200.00`,
      `Factura ${number} vencida: saldo US$ 200.00`,
    ]);
    expect(mails[0].text).toContain(`tu factura ${number} vence el 20/03/2027. Saldo pendiente: US$ 200.00.`);
    expect(mails[1].text).toContain(`tu factura ${number} vence hoy, 20/03/2027.`);
    expect(mails[2].text).toContain(`tu factura ${number} venció hace 7 días, el 20/03/2027.`);
    expect(mails[3].text).toContain("venció hace 14 días");
    for (const mail of mails) {
      expect(mail.text).toContain("Hola, Comercial Andina S.A.C.:");
      // The dollar account and the note; not the soles account nor Yape (soles only).
      expect(mail.text).toContain("BCP (dólares): cuenta 193-1234567-1-00 · CCI 00219300123456710012");
      expect(mail.text).toContain("Indica el número de factura en la referencia.");
      expect(mail.text).not.toContain("Interbank");
      expect(mail.text).not.toContain("Yape");
      expect(mail.text).toContain("Informar pago");
      expect(mail.text).toMatch(new RegExp(`https?://\\S+/client/invoices/${invoice.id}\\b`));
      expect(mail.headers["auto-submitted"]).toBe("auto-generated");
    }

    const rows = await remindersOf(invoice.id);
    expect(rows.map((row) => [row.step, day(row.sentOn), row.daysLate])).toEqual([
      ["before", "2027-03-17", -3],
      ["due", "2027-03-20", 0],
      ["after", "2027-03-27", 7],
      ["after", "2027-04-03", 14],
    ]);

    // The invoice's history, its detail and the client's bell say the same.
    const audit = await db.auditLog.findMany({ where: { entityType: "invoice", entityId: String(invoice.id), action: "invoice.reminder" }, orderBy: { id: "asc" } });
    expect(audit.map((entry) => entry.actorId)).toEqual([null, null, null, null]);
    expect(audit.map((entry) => (entry.details as { after: unknown }).after)).toEqual([
      { step: "before", days_late: -3, balance: "200.00" },
      { step: "due", days_late: 0, balance: "200.00" },
      { step: "after", days_late: 7, balance: "200.00" },
      { step: "after", days_late: 14, balance: "200.00" },
    ]);
    const detail = await findInvoiceDetail(invoice.id);
    expect(detail?.reminders).toEqual([
      { step: "before", sent_on: "2027-03-17", days_late: -3 },
      { step: "due", sent_on: "2027-03-20", days_late: 0 },
      { step: "after", sent_on: "2027-03-27", days_late: 7 },
      { step: "after", sent_on: "2027-04-03", days_late: 14 },
    ]);
    const bell = await db.notification.findMany({ where: { userId: user.id, type: "invoice_reminder" }, orderBy: { id: "asc" } });
    expect(bell.map((n) => n.title)).toEqual([
      `Tu factura ${number} vence el 20/03/2027`,
      `Tu factura ${number} vence hoy`,
      `Tu factura ${number} venció hace 7 días`,
      `Tu factura ${number} venció hace 14 días`,
    ]);
    expect(bell.every((n) => n.link === `/client/invoices/${invoice.id}` && n.body === "Saldo pendiente: US$ 200.00.")).toBe(true);

    // Each e-mail is in the outbound ledger as sent, about this invoice.
    const ledger = await db.outboundEmail.findMany({ where: { relatedType: "invoice", relatedId: String(invoice.id), kind: "invoice_reminder" } });
    expect(ledger.map((row) => row.status)).toEqual(["sent", "sent", "sent", "sent"]);
  });

  it("honours N and M from the settings, and after a missed run counts M days from the last reminder sent", async () => {
    await setReminders({ days_before: 5, every_days: 3 });
    const user = await client();
    const invoice = await createTestInvoice(db, { userId: user.id, issuedAt: "2027-04-20", dueDate: "2027-05-10" });
    expect(await runDays(user, "2027-05-01", "2027-05-17")).toEqual(["2027-05-05", "2027-05-10", "2027-05-13", "2027-05-16"]);
    expect(mailsTo(user)[0].headers.subject).toBe(`Recordatorio: tu factura ${invoice.invoiceNumber} vence el 10/05/2027`);
    expect(mailsTo(user)[2].text).toContain("venció hace 3 días");
    // Soles: the soles account and Yape, not the dollar account.
    expect(mailsTo(user)[0].text).toContain("Interbank (soles): cuenta 200-3000123456");
    expect(mailsTo(user)[0].text).toContain("Yape: +51 987 654 321");
    expect(mailsTo(user)[0].text).not.toContain("BCP");

    await setReminders({ days_before: 1, every_days: 7 });
    const late = await client();
    const missed = await createTestInvoice(db, { userId: late.id, issuedAt: "2027-04-20", dueDate: "2027-05-10" });
    // N = 1: only the day before. Then no run until 9 days late: that day's run sends one, and
    // the next one comes 7 days after it (not at 14 days late).
    expect(await runDays(late, "2027-05-05", "2027-05-09")).toEqual(["2027-05-09"]);
    expect(await runDays(late, "2027-05-19", "2027-05-26")).toEqual(["2027-05-19", "2027-05-26"]);
    expect((await remindersOf(missed.id)).map((row) => [row.step, row.daysLate])).toEqual([
      ["before", -1],
      ["after", 9],
      ["after", 16],
    ]);
  });

  it("sends nothing for paid or cancelled invoices, and stops once the invoice is paid", async () => {
    const user = await client();
    const admin = await createTestUser({ role: "admin" });
    const realToday = businessDate();
    await createTestInvoice(db, { userId: user.id, issuedAt: "2027-01-01", dueDate: "2027-01-20", status: "paid", paidAt: new Date("2027-01-10T15:00:00Z") });
    await createTestInvoice(db, { userId: user.id, issuedAt: "2027-01-01", dueDate: "2027-01-20", status: "cancelled" });
    expect(await runDays(user, "2027-01-15", "2027-02-10")).toEqual([]);

    const open = await createTestInvoice(db, { userId: user.id, issuedAt: addDays(realToday, -30), dueDate: addDays(realToday, -7) });
    expect(await runDays(user, realToday, realToday)).toEqual([realToday]);
    await recordPayment(
      { id: admin.id, name: admin.name, email: admin.email, role: "admin", ipAddress: "127.0.0.1", sessionId: null },
      { invoice_id: open.id, amount: open.amount.toFixed(2), method: "transferencia", paid_at: realToday },
    );
    expect(await runDays(user, addDays(realToday, 1), addDays(realToday, 30))).toEqual([]);
    // One reminder; the other e-mail is the payment's receipt.
    expect(mailsTo(user).filter((mail) => mail.headers.subject.includes(open.invoiceNumber) && /Recordatorio|vencida/.test(mail.headers.subject))).toHaveLength(1);
    expect(await remindersOf(open.id)).toHaveLength(1);
  });

  it("waits while the client's payment report is pending review, and resumes if it is rejected", async () => {
    const user = await client();
    const invoice = await createTestInvoice(db, { userId: user.id, issuedAt: "2027-06-01", dueDate: "2027-06-20" });
    const report = await db.paymentReport.create({
      data: { invoiceId: invoice.id, userId: user.id, amount: invoice.amount, currency: invoice.currency, paidOn: new Date("2027-06-17T00:00:00Z"), method: "transferencia", reference: "0012345" },
    });
    expect(await runDays(user, "2027-06-15", "2027-06-28")).toEqual([]);
    expect(mailsTo(user)).toHaveLength(0);

    await db.paymentReport.update({ where: { id: report.id }, data: { status: "rejected", rejectReason: "No encontramos la operación.", reviewedAt: new Date() } });
    expect(await runDays(user, "2027-06-29", "2027-06-29")).toEqual(["2027-06-29"]);
    expect(mailsTo(user).map((mail) => mail.headers.subject)).toEqual([`Factura ${invoice.invoiceNumber} vencida: saldo S/ 118.00`]);
  });

  it("sends nothing when reminders are off", async () => {
    await setReminders({ enabled: false });
    const user = await client();
    const invoice = await createTestInvoice(db, { userId: user.id, issuedAt: "2027-07-01", dueDate: "2027-07-20" });
    expect(await runDays(user, "2027-07-15", "2027-08-10")).toEqual([]);
    expect(await remindersOf(invoice.id)).toHaveLength(0);
    expect(mailsTo(user)).toHaveLength(0);

    await setReminders({ enabled: true });
    expect(await runDays(user, "2027-08-11", "2027-08-11")).toEqual(["2027-08-11"]);
  });

  it("does not remind on the day the invoice is issued (its own e-mail gives the due date)", async () => {
    const user = await client();
    await createTestInvoice(db, { userId: user.id, issuedAt: "2027-09-10", dueDate: "2027-09-12" });
    expect(await runDays(user, "2027-09-10", "2027-09-12")).toEqual(["2027-09-11", "2027-09-12"]);
  });

  it("two runs at once send each reminder once", async () => {
    const user = await client();
    const invoices = await Promise.all([
      createTestInvoice(db, { userId: user.id, issuedAt: "2027-10-01", dueDate: "2027-10-22" }), // before (due − 2)
      createTestInvoice(db, { userId: user.id, issuedAt: "2027-10-01", dueDate: "2027-10-20" }), // due
      createTestInvoice(db, { userId: user.id, issuedAt: "2027-09-01", dueDate: "2027-10-06" }), // 14 days late
    ]);
    const results = await Promise.all([
      sendPaymentReminders("2027-10-20", { userIds: [user.id] }),
      sendPaymentReminders("2027-10-20", { userIds: [user.id] }),
    ]);
    expect(results[0].reminded + results[1].reminded).toBe(3);
    expect(results[0].failed + results[1].failed).toBe(0);
    expect(mailsTo(user)).toHaveLength(3);
    expect(await db.invoiceReminder.count({ where: { invoiceId: { in: invoices.map((i) => i.id) } } })).toBe(3);
    expect(await db.auditLog.count({ where: { action: "invoice.reminder", entityId: { in: invoices.map((i) => String(i.id)) } } })).toBe(3);
    expect(await db.notification.count({ where: { userId: user.id, type: "invoice_reminder" } })).toBe(3);
    expect(mailsTo(user).map((mail) => mail.headers.subject).sort()).toEqual(
      [
        `Recordatorio: tu factura ${invoices[0].invoiceNumber} vence el 22/10/2027`,
        `Recordatorio: tu factura ${invoices[1].invoiceNumber} vence hoy`,
        `Factura ${invoices[2].invoiceNumber} vencida: saldo S/ 118.00`,
      ].sort(),
    );
  });

  it("takes today's date in Lima, whatever the server's time zone", async () => {
    const user = await client();
    const invoice = await createTestInvoice(db, { userId: user.id, issuedAt: "2027-11-01", dueDate: "2027-11-10" });
    const zone = process.env.TZ;
    process.env.TZ = "Asia/Tokyo";
    // 23:30 on the 10th in Lima: already the 11th in UTC and in Tokyo.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2027-11-11T04:30:00Z"));
    try {
      const result = await sendPaymentReminders(undefined, { userIds: [user.id] });
      expect(result.reminded).toBe(1);
    } finally {
      vi.useRealTimers();
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    expect(mailsTo(user).map((mail) => mail.headers.subject)).toEqual([`Recordatorio: tu factura ${invoice.invoiceNumber} vence hoy`]);
    expect((await remindersOf(invoice.id)).map((row) => [row.step, day(row.sentOn)])).toEqual([["due", "2027-11-10"]]);
  });
});

describe("the billing run", () => {
  it("sends the reminders due that day after billing, and counts them", async () => {
    const user = await client();
    await createTestInvoice(db, { userId: user.id, issuedAt: "2027-12-01", dueDate: "2027-12-15" });
    await createTestInvoice(db, { userId: user.id, issuedAt: "2027-11-01", dueDate: "2027-12-08" });
    const result = await runBilling({ today: "2027-12-15", userIds: [user.id] });
    expect(result.reminded).toBe(2);
    expect(mailsTo(user)).toHaveLength(2);
    const again = await runBilling({ today: "2027-12-15", userIds: [user.id] });
    expect(again.reminded).toBe(0);
    expect(mailsTo(user)).toHaveLength(2);
  });
});
