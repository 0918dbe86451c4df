// The client's statement (Estado de cuenta) on real PostgreSQL, through the REST handlers
// GET /api/v1/client/statement and GET /api/v1/admin/statement in their three formats: the running
// balance, totals and what is left out (cancelled invoices, notes SUNAT rejected, payments with the
// client's own credit), the balance carried in before `from`, Lima days at the range's edges, bad
// queries, who sees what, the CSV and the PDF. The last block builds a client's history with the
// billing services themselves and checks the statement against the invoices and the credit ledger.
import { randomInt } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as adminStatementRoute } from "@/app/api/v1/admin/statement/route";
import { GET as clientStatementRoute } from "@/app/api/v1/client/statement/route";
import type { AdminActor } from "@/lib/auth/actor";
import { issueCreditNote } from "@/lib/billing/credit-notes";
import { applyCustomerCredit, customerCreditBalances, refundCustomerCredit } from "@/lib/billing/customer-credit";
import { formatInvoiceNumber, isOpenInvoice } from "@/lib/billing/labels";
import { addMoney, balanceDue, compareMoney } from "@/lib/billing/money";
import { recordPayment } from "@/lib/billing/payments";
import { invoiceState } from "@/lib/billing/state";
import { buildStatement, statementForScreen } from "@/lib/billing/statement";
import { STATEMENT_CSV_HEADER } from "@/lib/billing/statement-csv";
import { balanceReading, type StatementContract, type StatementCurrencyContract } from "@/lib/billing/statement-schema";
import { csvCell } from "@/lib/csv";
import { addDays, addMonths, businessDate, calendarDate, dateColumn } from "@/lib/dates";
import { db } from "@/lib/db";
import { formatMoney } from "@/lib/format";
import type { Currency, PaymentMethod, SunatStatus } from "@/lib/generated/prisma/client";
import { PEER_HEADER } from "@/lib/client-address";
import { call, createTestUser, fakeIp, tokenFor, uniqueTag, type Json, type TestUser } from "./helpers/auth";
import { createTestInvoice } from "./helpers/billing";
import { readPdf } from "./helpers/pdf-text";

let admin: TestUser;
let adminToken: string;
let actor: AdminActor;

beforeAll(async () => {
  admin = await createTestUser({ role: "admin" });
  adminToken = await tokenFor(admin);
  actor = { id: admin.id, name: admin.name, email: admin.email, role: "admin", ipAddress: "203.0.113.9", sessionId: null };
});

const newClient = (label = "Cliente") => createTestUser({ role: "client", name: `${label} ${uniqueTag()}` });

/** An instant given as Lima wall-clock time ("2025-03-01T00:10"), Peru being UTC−5. */
const lima = (wallClock: string) => new Date(`${wallClock}:00.000-05:00`);

type Invoice = Awaited<ReturnType<typeof createTestInvoice>>;

function invoice(userId: string, issuedAt: string, unitPrice: string, options: { currency?: Currency; status?: "cancelled"; payments?: { amount: string; paidAt: Date; method?: PaymentMethod; reference?: string }[] } = {}) {
  return createTestInvoice(db, { userId, issuedAt, currency: options.currency ?? "PEN", lines: [{ unitPrice }], status: options.status, payments: options.payments });
}

// Notes of this file's own series, numbered from a random start (like the invoice fixtures).
const NOTE_SERIES = `N${randomInt(36 ** 3).toString(36).toUpperCase().padStart(3, "0")}`;
let noteSequence = randomInt(1, 90_000_000);

/** A nota de crédito as issuing leaves it (the invoice's amount credited included), with its electronic document in `sunat`. */
async function creditNote(of: Invoice, amount: string, issuedOn: string, sunat: SunatStatus = "accepted") {
  noteSequence += 1;
  const number = formatInvoiceNumber(NOTE_SERIES, noteSequence);
  const note = await db.creditNote.create({
    data: {
      number,
      series: NOTE_SERIES,
      sequence: noteSequence,
      invoiceId: of.id,
      userId: of.userId,
      reasonCode: "04",
      description: "Descuento por volumen",
      subtotal: amount,
      taxAmount: "0.00",
      amount,
      currency: of.currency,
      issuedAt: dateColumn(issuedOn),
    },
  });
  await db.electronicDocument.create({ data: { kind: "07", creditNoteId: note.id, documentId: number, issueDate: dateColumn(issuedOn), name: `TEST-07-${number}`, status: sunat } });
  await db.invoice.update({ where: { id: of.id }, data: { amountCredited: { increment: amount } } });
  return note;
}

async function clientStatement(user: TestUser, query: string) {
  return call(clientStatementRoute, `/api/v1/client/statement${query}`, { bearer: await tokenFor(user) });
}

const adminStatement = (query: string, bearer = adminToken) => call(adminStatementRoute, `/api/v1/admin/statement${query}`, { bearer });

async function statementOf(user: TestUser, query: string): Promise<StatementContract> {
  const { status, body } = await clientStatement(user, query);
  expect(status).toBe(200);
  return body.data as StatementContract;
}

const section = (statement: StatementContract, currency: Currency) => statement.currencies.find((entry) => entry.currency === currency)!;

/** Each entry as [date, kind, number or reference, debit, credit, balance]. */
const rowsOf = (part: StatementCurrencyContract) => part.entries.map((entry) => [entry.date, entry.kind, entry.number ?? entry.reference, entry.debit, entry.credit, entry.balance]);

describe("the running balance and totals", () => {
  let client: TestUser;
  const invoices: Record<string, Invoice> = {};

  beforeAll(async () => {
    client = await newClient("Cliente mezcla");
    // Soles: an invoice paid in two parts with a nota de crédito between them, a second invoice
    // (partly paid with the client's credit), a cancelled one, and a note SUNAT rejected.
    invoices.a = await invoice(client.id, "2025-03-03", "100.00", {
      payments: [
        { amount: "50.00", paidAt: lima("2025-03-05T10:00"), reference: "OP-A1" },
        { amount: "50.00", paidAt: lima("2025-03-20T16:30"), method: "yape", reference: "OP-A2" },
      ],
    }); // 118.00
    invoices.b = await invoice(client.id, "2025-03-10", "200.00", { payments: [{ amount: "36.00", paidAt: lima("2025-03-25T09:00"), method: "saldo_a_favor" }] }); // 236.00
    await creditNote(invoices.a, "18.00", "2025-03-10");
    await creditNote(invoices.b, "36.00", "2025-03-26", "rejected");
    invoices.c = await invoice(client.id, "2025-03-15", "500.00", { status: "cancelled" });
    // Dollars: one invoice, paid in full at 23:30 in Lima on the last day (already the 1st in UTC).
    invoices.d = await invoice(client.id, "2025-03-12", "50.00", { currency: "USD", payments: [{ amount: "59.00", paidAt: lima("2025-03-31T23:30"), reference: "WIRE-9" }] });
  });

  it("lists the period's movements per currency in date order (invoices before notes and payments on a day), each with its balance", async () => {
    const statement = await statementOf(client, "?from=2025-03-01&to=2025-03-31");
    expect(statement).toMatchObject({ user: { id: client.id, name: client.name, email: client.email }, from: "2025-03-01", to: "2025-03-31" });
    expect(statement.currencies.map((part) => part.currency)).toEqual(["PEN", "USD"]);

    const soles = section(statement, "PEN");
    expect(soles.opening_balance).toBe("0.00");
    // Left out: the cancelled invoice C, the note SUNAT rejected and the 36.00 paid with the client's credit.
    expect(rowsOf(soles)).toEqual([
      ["2025-03-03", "invoice", invoices.a.invoiceNumber, "118.00", "0.00", "118.00"],
      ["2025-03-05", "payment", "OP-A1", "0.00", "50.00", "68.00"],
      ["2025-03-10", "invoice", invoices.b.invoiceNumber, "236.00", "0.00", "304.00"],
      ["2025-03-10", "credit_note", expect.stringMatching(new RegExp(`^${NOTE_SERIES}-`)), "0.00", "18.00", "286.00"],
      ["2025-03-20", "payment", "OP-A2", "0.00", "50.00", "236.00"],
    ]);
    expect(soles.totals).toEqual({ invoiced: "354.00", credited: "18.00", paid: "100.00", refunded: "0.00" });
    expect(soles.closing_balance).toBe("236.00");
    expect(JSON.stringify(soles)).not.toContain(invoices.c.invoiceNumber);
    expect(soles.entries[3]).toMatchObject({ invoice_id: invoices.a.id, description: `Nota de crédito sobre ${invoices.a.invoiceNumber} · Descuento por volumen` });
    expect(soles.entries[4]).toMatchObject({ invoice_id: invoices.a.id, number: null, reference: "OP-A2", description: `Pago por yape · ${invoices.a.invoiceNumber}` });

    const dollars = section(statement, "USD");
    expect(rowsOf(dollars)).toEqual([
      ["2025-03-12", "invoice", invoices.d.invoiceNumber, "59.00", "0.00", "59.00"],
      ["2025-03-31", "payment", "WIRE-9", "0.00", "59.00", "0.00"],
    ]);
    expect(dollars.totals).toEqual({ invoiced: "59.00", credited: "0.00", paid: "59.00", refunded: "0.00" });
    expect(dollars.closing_balance).toBe("0.00");
  });

  it("carries what came before `from` in the opening balance", async () => {
    const statement = await statementOf(client, "?from=2025-03-11&to=2025-03-31");
    const soles = section(statement, "PEN");
    // Before the 11th: 118.00 − 50.00 + 236.00 − 18.00.
    expect(soles.opening_balance).toBe("286.00");
    expect(rowsOf(soles)).toEqual([["2025-03-20", "payment", "OP-A2", "0.00", "50.00", "236.00"]]);
    expect(soles.totals).toEqual({ invoiced: "0.00", credited: "0.00", paid: "50.00", refunded: "0.00" });
    expect(soles.closing_balance).toBe("236.00");
    // The dollar invoice of the 12th: carried in from the 13th on, then paid on the 31st.
    const dollars = section(await statementOf(client, "?from=2025-03-13&to=2025-03-31"), "USD");
    expect(dollars.opening_balance).toBe("59.00");
    expect(rowsOf(dollars)).toEqual([["2025-03-31", "payment", "WIRE-9", "0.00", "59.00", "0.00"]]);
  });

  it("leaves out a currency with nothing in the period and nothing carried in, and says so when there is nothing at all", async () => {
    const statement = await statementOf(client, "?from=2025-04-01&to=2025-04-30");
    // Soles still owed; the dollars were settled in March.
    expect(statement.currencies.map((part) => [part.currency, part.opening_balance, part.entries.length, part.closing_balance])).toEqual([["PEN", "236.00", 0, "236.00"]]);
    expect((await statementOf(client, "?from=2024-01-01&to=2024-12-31")).currencies).toEqual([]);
  });
});

describe("the range's edges, in Lima days", () => {
  it("includes what happened on `from` and on `to` and nothing on either side, whatever the UTC date says", async () => {
    const client = await newClient("Cliente bordes");
    const before = await invoice(client.id, "2025-02-28", "100.00", {
      // 23:30 on the 28th in Lima is already March 1st in UTC: still before the period.
      payments: [{ amount: "18.00", paidAt: lima("2025-02-28T23:30"), reference: "ANTES" }],
    });
    const first = await invoice(client.id, "2025-03-01", "10.00", { payments: [{ amount: "1.80", paidAt: lima("2025-03-01T00:10"), reference: "PRIMERO" }] });
    const last = await invoice(client.id, "2025-03-31", "20.00", {
      payments: [
        { amount: "3.60", paidAt: lima("2025-03-31T23:55"), reference: "ULTIMO" },
        { amount: "2.00", paidAt: lima("2025-04-01T00:05"), reference: "DESPUES" },
      ],
    });
    const after = await invoice(client.id, "2025-04-01", "30.00");

    const statement = await statementOf(client, "?from=2025-03-01&to=2025-03-31");
    const soles = section(statement, "PEN");
    expect(soles.opening_balance).toBe("100.00");
    expect(rowsOf(soles)).toEqual([
      ["2025-03-01", "invoice", first.invoiceNumber, "11.80", "0.00", "111.80"],
      ["2025-03-01", "payment", "PRIMERO", "0.00", "1.80", "110.00"],
      ["2025-03-31", "invoice", last.invoiceNumber, "23.60", "0.00", "133.60"],
      ["2025-03-31", "payment", "ULTIMO", "0.00", "3.60", "130.00"],
    ]);
    const shown = JSON.stringify(statement);
    for (const left of [before.invoiceNumber, after.invoiceNumber, "ANTES", "DESPUES"]) expect(shown).not.toContain(left);
  });

  it("defaults to January 1st of this year through today (Lima)", async () => {
    const client = await newClient("Cliente por defecto");
    const today = businessDate();
    const statement = await statementOf(client, "");
    expect([statement.from, statement.to]).toEqual([`${today.slice(0, 4)}-01-01`, today]);
    expect(Date.parse(statement.generated_at)).toBeGreaterThan(Date.now() - 60_000);
    // Only `to`: January 1st of its year.
    expect(await statementOf(client, "?to=2024-06-30")).toMatchObject({ from: "2024-01-01", to: "2024-06-30" });
  });
});

describe("refusals and who sees what", () => {
  let client: TestUser;
  let other: TestUser;
  let othersInvoice: Invoice;

  beforeAll(async () => {
    client = await newClient("Cliente propio");
    other = await newClient("Cliente ajeno");
    await invoice(client.id, "2025-05-05", "10.00");
    othersInvoice = await invoice(other.id, "2025-05-06", "999.00");
  });

  it.each([
    ["?from=2025-02-30", "from"],
    ["?to=2025-13-01", "to"],
    ["?from=hoy", "from"],
    ["?from=2025-05-10&to=2025-05-01", "from"],
    ["?from=2019-01-01&to=2025-01-02", "to"],
    ["?format=xml", "format"],
  ])("%s is a 422 naming %s", async (query, field) => {
    const { status, body } = await clientStatement(client, query);
    expect(status).toBe(422);
    expect(typeof body.message).toBe("string");
    expect(Object.keys(body.errors as Json)).toEqual([field]);
  });

  it("a screen with a bad period in its URL shows the default period and says why", async () => {
    const { statement, problem } = (await statementForScreen(client.id, { from: "2025-02-30" }))!;
    expect(problem).toBe("La fecha «Desde» debe ser una fecha válida (AAAA-MM-DD).");
    expect([statement.from, statement.to]).toEqual([`${businessDate().slice(0, 4)}-01-01`, businessDate()]);
    expect(statement.user).toEqual({ id: client.id, name: client.name, email: client.email });
    expect((await statementForScreen(client.id, { from: "2025-05-01", to: "2025-05-31" }))?.problem).toBeNull();
  });

  it("a screen naming no existing user gets nothing, with a good or a bad period", async () => {
    expect(await statementForScreen("no-existe", { from: "2025-05-01", to: "2025-05-31" })).toBeNull();
    expect(await statementForScreen("no-existe", { from: "2025-02-30" })).toBeNull();
  });

  it("accepts a period of exactly five years", async () => {
    expect((await clientStatement(client, "?from=2020-01-01&to=2025-01-01")).status).toBe(200);
  });

  it("a client only ever sees their own movements, even when naming another user", async () => {
    const statement = await statementOf(client, `?from=2025-05-01&to=2025-05-31&user_id=${other.id}`);
    expect(statement.user.id).toBe(client.id);
    expect(section(statement, "PEN").closing_balance).toBe("11.80");
    expect(JSON.stringify(statement)).not.toContain(othersInvoice.invoiceNumber);
  });

  it("needs credentials", async () => {
    expect((await call(clientStatementRoute, "/api/v1/client/statement")).status).toBe(401);
  });

  it("admin: needs user_id (422), answers 404 for an unknown user and 403 to a client", async () => {
    const missing = await adminStatement("?from=2025-05-01&to=2025-05-31");
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors as Json)).toEqual(["user_id"]);
    expect((await adminStatement("?user_id=no-existe")).status).toBe(404);
    expect((await adminStatement(`?user_id=${client.id}`, await tokenFor(client))).status).toBe(403);
    expect((await adminStatement(`?user_id=${client.id}&from=2025-06-01&to=2025-05-01`)).status).toBe(422);
  });

  it("admin: the client's statement, the same as the client gets", async () => {
    const { status, body } = await adminStatement(`?user_id=${other.id}&from=2025-05-01&to=2025-05-31`);
    expect(status).toBe(200);
    const asAdmin = body.data as StatementContract;
    const asClient = await statementOf(other, "?from=2025-05-01&to=2025-05-31");
    expect({ ...asAdmin, generated_at: null }).toEqual({ ...asClient, generated_at: null });
    expect(section(asAdmin, "PEN").closing_balance).toBe("1178.82");
  });
});

describe("downloads", () => {
  let client: TestUser;
  let paid: Invoice;
  let open: Invoice;

  beforeAll(async () => {
    client = await newClient("Cliente Peñaloza");
    // Soles: paid in full, then a nota de crédito of 18.00: 18.00 in the client's favour.
    paid = await invoice(client.id, "2025-07-01", "100.00", { payments: [{ amount: "118.00", paidAt: lima("2025-07-02T11:00"), reference: "=HYPERLINK(1)" }] });
    await creditNote(paid, "18.00", "2025-07-20");
    // Dollars: owed. Euros: settled.
    open = await invoice(client.id, "2025-07-15", "1000.00", { currency: "USD" }); // 1,180.00
    await invoice(client.id, "2025-07-16", "10.00", { currency: "EUR", payments: [{ amount: "11.80", paidAt: lima("2025-07-17T09:00") }] });
  });

  async function download(query: string) {
    const request = new Request(`http://localhost/api/v1/client/statement${query}`, { headers: { authorization: `Bearer ${await tokenFor(client)}`, [PEER_HEADER]: fakeIp() } });
    const response = await clientStatementRoute(request, { params: Promise.resolve({}) });
    return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
  }

  it("CSV: BOM, Spanish header, opening and closing rows, money as decimals beside the currency, file named after the period", async () => {
    const { response, bytes } = await download("?from=2025-07-01&to=2025-07-31&format=csv");
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="estado-de-cuenta-2025-07-01_2025-07-31.csv"');
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.slice(1).split("\r\n").filter(Boolean);
    expect(lines[0]).toBe(STATEMENT_CSV_HEADER.map((cell) => `"${cell}"`).join(","));
    expect(lines.slice(1)).toEqual([
      `"PEN","2025-07-01","Saldo inicial","","","","","","0.00",""`,
      `"PEN","2025-07-01","Comprobante","${paid.invoiceNumber}","","Boleta de venta electrónica · Servicio de prueba 1","118.00","0.00","118.00","${paid.id}"`,
      // A reference a spreadsheet would take for a formula is neutralised.
      `"PEN","2025-07-02","Pago","","'=HYPERLINK(1)","Pago por transferencia · ${paid.invoiceNumber}","0.00","118.00","0.00","${paid.id}"`,
      // A balance in the client's favour is a plain negative number (not neutralised: it is no formula).
      expect.stringMatching(new RegExp(`^"PEN","2025-07-20","Nota de crédito","${NOTE_SERIES}-\\d{8}","","Nota de crédito sobre ${paid.invoiceNumber} · Descuento por volumen","0.00","18.00","-18.00","${paid.id}"$`)),
      `"PEN","2025-07-31","Saldo final","","","","118.00","136.00","-18.00",""`,
      `"USD","2025-07-01","Saldo inicial","","","","","","0.00",""`,
      `"USD","2025-07-15","Comprobante","${open.invoiceNumber}","","Boleta de venta electrónica · Servicio de prueba 1","1180.00","0.00","1180.00","${open.id}"`,
      `"USD","2025-07-31","Saldo final","","","","1180.00","0.00","1180.00",""`,
      `"EUR","2025-07-01","Saldo inicial","","","","","","0.00",""`,
      expect.stringMatching(/^"EUR","2025-07-16","Comprobante",.*,"11\.80","0\.00","11\.80","\d+"$/),
      expect.stringMatching(/^"EUR","2025-07-17","Pago",.*,"0\.00","11\.80","0\.00","\d+"$/),
      `"EUR","2025-07-31","Saldo final","","","","11.80","11.80","0.00",""`,
    ]);
    expect(csvCell("-2+3")).toBe(`"'-2+3"`);
  });

  it("PDF: a download named after the period whose text shows every currency's closing balance", async () => {
    const { response, bytes } = await download("?from=2025-07-01&to=2025-07-31&format=pdf");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="estado-de-cuenta-2025-07-01_2025-07-31.pdf"');
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const { text, pages } = await readPdf(bytes);
    // Three currencies take two pages, each with its footer.
    expect(pages.map((page) => /Página (\d) de (\d)/.exec(page)?.slice(1))).toEqual([
      ["1", "2"],
      ["2", "2"],
    ]);
    expect(text).toContain("ESTADO DE CUENTA");
    expect(text).toContain("Estado de cuenta del 01/07/2025 al 31/07/2025");
    expect(text).toContain(client.name); // "Peñaloza" comes out as written
    for (const label of ["Fecha", "Documento", "Detalle", "Cargo", "Abono", "Saldo", "Saldo inicial", "Facturado", "Notas de crédito", "Pagos recibidos"]) expect(text).toContain(label);
    expect(text).toContain(paid.invoiceNumber);
    expect(text).toContain(open.invoiceNumber);
    // Each closing balance with its label: soles in the client's favour, dollars owed, euros settled.
    expect(text).toMatch(/Saldo a favor S\/ 18\.00/);
    expect(text).toMatch(/Saldo a pagar US\$ 1,180\.00/);
    expect(text).toMatch(/Saldo a pagar € 0\.00/);
    expect(text).toMatch(/Notas de crédito -S\/ 18\.00 Pagos recibidos -S\/ 118\.00/);
    expect(text).toMatch(/Notas de crédito US\$ 0\.00 Pagos recibidos US\$ 0\.00/);
  });

  it("PDF: a period without movements says so", async () => {
    const { text } = await readPdf((await download("?from=2024-01-01&to=2024-12-31&format=pdf")).bytes);
    expect(text).toContain("No hay movimientos ni saldos en este periodo.");
  });
});

describe("reconciliation with the invoices and the client's credit", () => {
  /** A fixture invoice issued today whose electronic document SUNAT accepted (so notas de crédito may be issued on it). */
  async function acceptedInvoice(userId: string, unitPrice: string, currency: Currency) {
    const row = await invoice(userId, businessDate(), unitPrice, { currency });
    await db.electronicDocument.create({
      data: { kind: "03", invoiceId: row.id, documentId: row.invoiceNumber, issueDate: row.issuedAt, name: `TEST-03-${row.invoiceNumber}`, status: "accepted" },
    });
    return row;
  }

  /** Per currency: what the client's open invoices still ask for, less their unapplied credit. */
  async function owedLessCredit(userId: string): Promise<Map<string, string>> {
    const today = businessDate();
    const rows = await db.invoice.findMany({ where: { userId }, select: { status: true, amount: true, amountPaid: true, amountCredited: true, dueDate: true, currency: true } });
    const owed = new Map<string, string>();
    for (const row of rows) {
      const state = invoiceState({ status: row.status, amountPaid: row.amountPaid.toFixed(2), dueDate: row.dueDate ? calendarDate(row.dueDate) : null }, today);
      const balance = isOpenInvoice(state) ? balanceDue(row.amount.toFixed(2), row.amountPaid.toFixed(2), row.amountCredited.toFixed(2)) : "0.00";
      owed.set(row.currency, addMoney(owed.get(row.currency) ?? "0.00", balance));
    }
    for (const credit of await customerCreditBalances(userId)) owed.set(credit.currency, addMoney(owed.get(credit.currency) ?? "0.00", `-${credit.amount}`));
    return owed;
  }

  it("each currency's closing balance is what its open invoices ask for minus the unapplied credit, after payments, notes, credit applied and refunded", async () => {
    const client = await newClient("Cliente conciliación");
    // Soles: paid in full, then a nota de crédito of 30.00 becomes credit; 20.00 of it pays a
    // second invoice, 4.00 is given back; the second invoice also gets 10.00 in money; a
    // cancelled invoice stays out of everything.
    const first = await acceptedInvoice(client.id, "100.00", "PEN"); // 118.00
    await recordPayment(actor, { invoice_id: first.id, amount: "118.00", method: "transferencia", reference: "OP-1" });
    await issueCreditNote(actor, first.id, { reason_code: "04", description: "Descuento por volumen", amount: "30.00" });
    const second = await invoice(client.id, businessDate(), "50.00"); // 59.00
    await applyCustomerCredit(actor, second.id, { amount: "20.00" });
    await refundCustomerCredit(actor, client.id, { amount: "4.00", currency: "PEN", reference: "DEV-1" });
    await recordPayment(actor, { invoice_id: second.id, amount: "10.00", method: "efectivo" });
    await invoice(client.id, businessDate(), "70.00", { status: "cancelled" });
    // Dollars: paid in full, then taken back whole by a nota de crédito: all of it is credit.
    const dollars = await acceptedInvoice(client.id, "100.00", "USD"); // 118.00
    await recordPayment(actor, { invoice_id: dollars.id, amount: "118.00", method: "transferencia", reference: "WIRE-1" });
    await issueCreditNote(actor, dollars.id, { reason_code: "06", description: "Devolución total" });

    const statement = await buildStatement(client.id, { from: addDays(addMonths(businessDate(), -12), 1) });
    const expected = await owedLessCredit(client.id);
    expect(statement.currencies.map((part) => [part.currency, part.closing_balance])).toEqual([
      ["PEN", expected.get("PEN")],
      ["USD", expected.get("USD")],
    ]);
    // The figures themselves: 59.00 − 20.00 − 10.00 owed, less 30.00 − 20.00 − 4.00 of credit; 118.00 in the client's favour.
    expect(expected.get("PEN")).toBe("23.00");
    expect(expected.get("USD")).toBe("-118.00");
    const soles = section(statement, "PEN");
    // The 20.00 paid with the client's credit is not money received; the 4.00 given back is a debit.
    expect(soles.totals).toEqual({ invoiced: "177.00", credited: "30.00", paid: "128.00", refunded: "4.00" });
    expect(soles.entries.map((entry) => entry.kind)).toEqual(["invoice", "invoice", "credit_note", "payment", "payment", "refund"]);
    expect(soles.entries.at(-1)).toMatchObject({ kind: "refund", reference: "DEV-1", debit: "4.00", description: "Devolución de saldo a favor", invoice_id: null });
    expect(balanceReading(section(statement, "USD").closing_balance)).toEqual({ label: "Saldo a favor", amount: "118.00", inFavour: true });
    expect(balanceReading(soles.closing_balance)).toEqual({ label: "Saldo a pagar", amount: "23.00", inFavour: false });
    expect(compareMoney(soles.closing_balance, 0)).toBe(1);
    expect(formatMoney(section(statement, "USD").closing_balance, "USD")).toBe("-US$ 118.00");
  });
});
