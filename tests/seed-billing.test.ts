// The seeded billing and support history is what the app itself would have written: checked in SQL
// on a freshly migrated and seeded database of its own, so nothing another test file writes
// meanwhile can hide or fake a fault.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rucProblem } from "@/lib/content/settings-schema";
import { createPrismaClient } from "../lib/db";
import { deployMigrations } from "../prisma/migrate";
import { planInvoices, seedDatabase } from "../prisma/seed";
import { otherClientAccounts } from "../prisma/seed-data/billing-clients";
import { demoClientAccount } from "../prisma/seed-data/demo-account";
import { createTestDatabase, type TestDatabase } from "./setup/databases";

type Db = ReturnType<typeof createPrismaClient>;

const devEnv = { NODE_ENV: "development" } as NodeJS.ProcessEnv;

describe("seeded billing records", () => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase("seedbilling");
    await deployMigrations(database.url, { log: () => {} });
    db = createPrismaClient(database.url);
    await seedDatabase(db, devEnv);
  });
  afterAll(async () => {
    await db?.$disconnect();
    await database?.drop();
  });

  /** Rows breaking a rule; each row names the invoice (or series) and the figures involved. */
  const offenders = (sql: TemplateStringsArray) => db.$queryRaw<Record<string, unknown>[]>(sql);

  it("seeds invoices with lines in every series it uses", async () => {
    const counts = await db.$queryRaw<{ series: string; n: number }[]>`SELECT series, count(*)::int AS n FROM invoices GROUP BY series ORDER BY series`;
    expect(counts.map((row) => row.series)).toEqual(["B001", "F001"]);
    expect(counts.every((row) => row.n >= 5)).toBe(true);
    expect(await offenders`
      SELECT i.invoice_number, count(l.id)::int AS lines FROM invoices i LEFT JOIN invoice_lines l ON l.invoice_id = i.id
      GROUP BY i.id HAVING count(l.id) NOT BETWEEN 1 AND 3`).toEqual([]);
    // Lines numbered 1, 2, 3 without holes.
    expect(await offenders`
      SELECT i.invoice_number FROM invoices i JOIN invoice_lines l ON l.invoice_id = i.id
      GROUP BY i.id HAVING max(l.position) <> count(*) OR min(l.position) <> 1`).toEqual([]);
  });

  it("computes every line, subtotal, 18 % IGV (rounded half up) and total exactly", async () => {
    expect(await offenders`
      SELECT i.invoice_number, l.position, l.quantity::text, l.unit_price::text, l.line_total::text
      FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id
      WHERE l.line_total <> round(l.quantity * l.unit_price, 2)`).toEqual([]);
    expect(await offenders`
      SELECT i.invoice_number, i.subtotal::text, sum(l.line_total)::text AS lines
      FROM invoices i JOIN invoice_lines l ON l.invoice_id = i.id
      GROUP BY i.id HAVING i.subtotal <> sum(l.line_total)`).toEqual([]);
    expect(await offenders`
      SELECT invoice_number, subtotal::text, tax_rate::text, tax_amount::text, amount::text FROM invoices
      WHERE tax_rate <> 18 OR tax_amount <> round(subtotal * 0.18, 2) OR amount <> subtotal + tax_amount`).toEqual([]);
  });

  it("keeps amount_paid equal to the completed payments, paid exactly when they cover the total", async () => {
    expect(await offenders`
      SELECT i.invoice_number, i.amount_paid::text,
             coalesce((SELECT sum(p.amount) FROM payments p WHERE p.invoice_id = i.id AND p.status = 'completed'), 0)::text AS payments
      FROM invoices i
      WHERE i.amount_paid <> coalesce((SELECT sum(p.amount) FROM payments p WHERE p.invoice_id = i.id AND p.status = 'completed'), 0)`).toEqual([]);
    expect(await offenders`
      SELECT invoice_number, status::text, amount::text, amount_paid::text FROM invoices
      WHERE (status = 'paid') <> (amount_paid = amount)
         OR (status = 'cancelled' AND (amount_paid <> 0 OR cancelled_at IS NULL OR cancel_reason IS NULL))
         OR ((status = 'paid') <> (paid_at IS NOT NULL))`).toEqual([]);
    // Payments in the invoice's currency, by the invoice's client, not before it was issued (Lima) nor in the future.
    expect(await offenders`
      SELECT i.invoice_number, p.reference FROM payments p JOIN invoices i ON i.id = p.invoice_id
      WHERE p.currency <> i.currency OR p.user_id <> i.user_id OR p.paid_at > now() AT TIME ZONE 'UTC'
         OR (p.paid_at AT TIME ZONE 'UTC' AT TIME ZONE 'America/Lima')::date < i.issued_at`).toEqual([]);
    expect(await db.payment.count({ where: { invoiceId: null } })).toBe(0);
  });

  it("numbers each series 1, 2, 3… without gaps, in issue-date order, with last_number at the highest", async () => {
    expect(await offenders`
      SELECT series, min(sequence) AS first, max(sequence) AS last, count(*)::int AS n, count(DISTINCT sequence)::int AS distinct_n
      FROM invoices GROUP BY series
      HAVING min(sequence) <> 1 OR max(sequence) <> count(*) OR count(DISTINCT sequence) <> count(*)`).toEqual([]);
    expect(await offenders`
      SELECT invoice_number FROM invoices WHERE invoice_number <> series || '-' || lpad(sequence::text, 8, '0')`).toEqual([]);
    // A later number is never dated before an earlier one of its series.
    expect(await offenders`
      SELECT a.invoice_number AS earlier, b.invoice_number AS later FROM invoices a
      JOIN invoices b ON b.series = a.series AND b.sequence = a.sequence + 1
      WHERE b.issued_at < a.issued_at`).toEqual([]);
    const series = await db.$queryRaw<{ series: string; last_number: number; highest: number | null }[]>`
      SELECT s.series, s.last_number,
        COALESCE((SELECT max(i.sequence) FROM invoices i WHERE i.series = s.series), (SELECT max(c.sequence) FROM credit_notes c WHERE c.series = s.series)) AS highest
      FROM invoice_series s WHERE s.series !~ '^R[AC]-' ORDER BY s.series`;
    // Facturas, boletas, and the demo's nota de crédito on a factura.
    expect(series.map((row) => row.series)).toEqual(["B001", "F001", "FC01"]);
    for (const row of series) expect(row.last_number, row.series).toBe(row.highest);
    // The day counters of the seeded summaries (RC) and voidings (RA) stand at the day's last one.
    const dayCounters = await db.$queryRaw<{ series: string; last_number: number; carriers: number }[]>`
      SELECT s.series, s.last_number,
        (SELECT count(*)::int FROM electronic_documents d WHERE d.document_id LIKE s.series || '-%') AS carriers
      FROM invoice_series s WHERE s.series ~ '^R[AC]-' ORDER BY s.series`;
    expect(dayCounters.length).toBeGreaterThan(0);
    for (const row of dayCounters) expect(row.last_number, row.series).toBe(row.carriers);
    // The facturas interleave several clients (numbered across all of them, by date).
    const clientsInF001 = await db.$queryRaw<{ n: number }[]>`SELECT count(DISTINCT user_id)::int AS n FROM invoices WHERE series = 'F001'`;
    expect(clientsInF001[0].n).toBeGreaterThanOrEqual(3);
  });

  it("issues facturas (F001) only to an 11-digit RUC and boletas (B001) otherwise, to the client's billing profile", async () => {
    expect(await offenders`
      SELECT invoice_number, customer_tax_id FROM invoices
      WHERE (series = 'F001') <> coalesce(customer_tax_id ~ '^[0-9]{11}$', false)
         OR (series = 'B001' AND customer_tax_id IS NOT NULL AND customer_tax_id !~ '^[0-9]{8}$')`).toEqual([]);
    expect(await offenders`
      SELECT i.invoice_number FROM invoices i JOIN users u ON u.id = i.user_id
      WHERE i.customer_tax_id IS DISTINCT FROM u.tax_id OR i.customer_name <> coalesce(u.billing_name, u.name)
         OR i.customer_email <> u.email OR i.issuer_tax_id IS NULL OR i.issuer_name = ''`).toEqual([]);
    const rucs = await db.user.findMany({ where: { role: "client", taxId: { not: null } }, select: { taxId: true } });
    for (const { taxId } of rucs) if (taxId!.length === 11) expect(rucProblem(taxId!), taxId!).toBeNull();
  });

  it("gives the demo client 3 active subscriptions, a cancelled one, and at least 5 invoices with pending ones", async () => {
    const client = await db.user.findUniqueOrThrow({
      where: { email: "cliente@lumenti.pe" },
      include: { subscriptions: true, invoices: true },
    });
    expect(client.subscriptions.filter((s) => s.status === "active")).toHaveLength(3);
    expect(client.subscriptions.some((s) => s.status === "cancelled")).toBe(true);
    expect(client.invoices.length).toBeGreaterThanOrEqual(5);
    expect(client.invoices.some((i) => i.status === "pending")).toBe(true);
    expect(client.taxId).toBe("20551234569");
  });

  it("adds three more clients: two companies with a valid RUC and a person with a DNI billed with boletas", async () => {
    const others = await db.user.findMany({
      where: { email: { in: otherClientAccounts.map((account) => account.email) } },
      include: { subscriptions: true, invoices: true, payments: true, tickets: { include: { replies: true, events: true } } },
    });
    expect(others).toHaveLength(3);
    const companies = others.filter((user) => user.taxId?.length === 11);
    const people = others.filter((user) => user.taxId?.length === 8);
    expect(companies).toHaveLength(2);
    expect(people).toHaveLength(1);
    for (const company of companies) expect(rucProblem(company.taxId!)).toBeNull();
    expect(people[0].invoices.length).toBeGreaterThan(0);
    expect(people[0].invoices.every((invoice) => invoice.series === "B001")).toBe(true);
    for (const user of others) {
      expect(user.role).toBe("client");
      expect(user.billingName).toBeTruthy();
      expect(user.passwordHash, "a password nobody knows, not a demo login").toMatch(/^\$2[aby]\$12\$/);
      expect(user.subscriptions.length, user.email).toBeGreaterThan(0);
      expect(user.invoices.length, user.email).toBeGreaterThan(0);
      expect(user.payments.length, user.email).toBeGreaterThan(0);
      expect(user.tickets.length, user.email).toBeGreaterThan(0);
    }
  });

  it("shows a cancellation request, a partly paid invoice, a cancelled invoice and multi-line invoices", async () => {
    const requested = await db.subscription.findMany({ where: { cancelRequestedAt: { not: null } } });
    expect(requested.length).toBeGreaterThan(0);
    for (const subscription of requested) {
      expect(subscription.status).toBe("active");
      expect(subscription.cancelReason).toBeTruthy();
    }
    const partly = await offenders`SELECT invoice_number FROM invoices WHERE status = 'pending' AND amount_paid > 0 AND amount_paid < amount`;
    expect(partly.length).toBeGreaterThan(0);
    expect(await db.invoice.count({ where: { status: "cancelled", cancelReason: { not: null } } })).toBeGreaterThan(0);
    const multiLine = await offenders`SELECT invoice_id FROM invoice_lines GROUP BY invoice_id HAVING count(*) > 1`;
    expect(multiLine.length).toBeGreaterThan(0);
    const currencies = await db.payment.groupBy({ by: ["currency"], where: { status: "completed" } });
    expect(currencies.map((row) => row.currency).sort()).toEqual(["EUR", "PEN", "USD"]);
  });

  it("shows invoices in every state a client can owe in: pending, partly paid, overdue", async () => {
    const states = await offenders`
      SELECT DISTINCT CASE
        WHEN due_date < (now() AT TIME ZONE 'America/Lima')::date THEN 'overdue'
        WHEN amount_paid > 0 THEN 'partially_paid'
        ELSE 'pending' END AS state
      FROM invoices WHERE status = 'pending'`;
    expect(states.map((row) => row.state).sort()).toEqual(["overdue", "partially_paid", "pending"]);
  });

  it("configures how to pay, and records the reminders the billing run would have sent, once per step", async () => {
    const settings = await db.siteSettings.findUniqueOrThrow({ where: { id: 1 } });
    const accounts = settings.paymentAccounts as { currency: string }[];
    expect(new Set(accounts.map((account) => account.currency))).toEqual(new Set(["PEN", "USD", "EUR"]));
    expect(settings.yapeNumber).toMatch(/^\+51 9\d{2} \d{3} \d{3}$/);
    // A reminder only on an invoice with a due date, never before it was issued, and each one
    // with its history entry.
    expect(await offenders`
      SELECT r.id FROM invoice_reminders r JOIN invoices i ON i.id = r.invoice_id
      WHERE i.due_date IS NULL OR r.sent_on < i.issued_at OR r.sent_on - i.due_date <> r.days_late
        OR (r.step = 'before' AND r.days_late >= 0) OR (r.step = 'due' AND r.days_late <> 0) OR (r.step = 'after' AND r.days_late <= 0)`).toEqual([]);
    expect(await offenders`
      SELECT invoice_id, step FROM invoice_reminders WHERE step IN ('before', 'due') GROUP BY invoice_id, step HAVING count(*) > 1`).toEqual([]);
    const reminders = await db.invoiceReminder.count();
    expect(reminders).toBeGreaterThan(0);
    expect(await db.auditLog.count({ where: { action: "invoice.reminder" } })).toBe(reminders);
  });

  it("has payments clients reported: waiting with a voucher, confirmed into a payment, rejected with a reason", async () => {
    const reports = await db.paymentReport.findMany({ include: { invoice: true, payment: true } });
    const pending = reports.filter((report) => report.status === "pending");
    expect(pending.length).toBe(2);
    for (const report of pending) {
      expect(report.voucherKey).toMatch(/^vouchers\//);
      expect(report.invoice.status).toBe("pending");
      expect(report.userId).toBe(report.invoice.userId);
      expect(report.currency).toBe(report.invoice.currency);
      // Waiting: it has not touched the balance it reports.
      expect(Number(report.amount)).toBeLessThanOrEqual(Number(report.invoice.amount) - Number(report.invoice.amountPaid));
    }
    const confirmed = reports.find((report) => report.status === "confirmed");
    expect(confirmed?.payment).toMatchObject({ invoiceId: confirmed?.invoiceId, status: "completed" });
    expect(confirmed?.payment?.amount.toFixed(2)).toBe(confirmed?.amount.toFixed(2));
    expect(reports.find((report) => report.status === "rejected")?.rejectReason).toBeTruthy();
  });

  it("gives tickets staff replies and status changes that lead from open to their status", async () => {
    const tickets = await db.ticket.findMany({ include: { replies: { include: { author: true } }, events: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] } } });
    expect(tickets.length).toBeGreaterThanOrEqual(6);
    for (const ticket of tickets) {
      for (const reply of ticket.replies) expect(reply.fromStaff, ticket.subject).toBe(reply.author?.role === "admin");
      let status = "open";
      for (const event of ticket.events) {
        expect(event.fromStatus, ticket.subject).toBe(status);
        expect(event.toStatus).not.toBe(event.fromStatus);
        expect(event.createdAt.getTime()).toBeGreaterThanOrEqual(ticket.createdAt.getTime());
        status = event.toStatus;
      }
      expect(ticket.status, ticket.subject).toBe(status);
      expect(ticket.closedAt !== null, ticket.subject).toBe(ticket.status === "resolved" || ticket.status === "closed");
    }
    expect(tickets.filter((ticket) => ticket.replies.some((reply) => reply.fromStaff)).length).toBe(tickets.length);
    expect(tickets.filter((ticket) => ticket.events.length > 0).length).toBeGreaterThanOrEqual(4);
  });

  it("plans the same numbers on every run, and refuses invoices the app could never have issued", () => {
    const accounts = [demoClientAccount, ...otherClientAccounts];
    const numbers = planInvoices(accounts).map((planned) => `${planned.account} ${planned.invoice.description} ${planned.invoiceNumber}`);
    expect(planInvoices(accounts).map((planned) => `${planned.account} ${planned.invoice.description} ${planned.invoiceNumber}`)).toEqual(numbers);
    expect(() => planInvoices([{ taxId: "20551234569", invoices: [{ ...demoClientAccount.invoices[0], lines: [] }] }])).toThrow(/1 a 3 líneas/);
    expect(() =>
      planInvoices([{ taxId: "20551234569", invoices: [{ ...demoClientAccount.invoices[0], payments: [{ method: "yape", reference: "X", paidDaysAfterIssue: 0, amount: "999999.00" }] }] }]),
    ).toThrow(/superan el total/);
  });
});
