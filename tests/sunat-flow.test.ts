import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as adminCdr } from "@/app/api/v1/admin/invoices/[id]/cdr/route";
import { POST as postCreditNote } from "@/app/api/v1/admin/invoices/[id]/credit-notes/route";
import { POST as postResend } from "@/app/api/v1/admin/invoices/[id]/resend/route";
import { GET as adminXml } from "@/app/api/v1/admin/invoices/[id]/xml/route";
import { GET as clientCdr } from "@/app/api/v1/client/invoices/[id]/cdr/route";
import { GET as clientXml } from "@/app/api/v1/client/invoices/[id]/xml/route";
import { db } from "@/lib/db";
import { parseCdr } from "@/lib/sunat/cdr";
import { verifyXmlSignature } from "@/lib/sunat/sign";
import { sunatRoundsSettled, syncWithSunat as runSunatQueue } from "@/lib/billing/sunat-sync";
import { readZip } from "@/lib/sunat/zip";
import { startSunatMock, type SunatMock } from "@/scripts/lib/sunat-mock/server";
import { buildCdrXml, zipCdr } from "@/scripts/lib/sunat-mock/cdr-builder";
import { PEER_HEADER } from "@/lib/client-address";
import { call, createTestUser, fakeIp, tokenFor, uniqueTag, type Json, type TestUser } from "./helpers/auth";
import { billingAdminCalls, createBillingActors } from "./helpers/billing-admin";
import { skipWithoutXmllint, skipWithoutXmlsec1 } from "./helpers/requirements";

// Every path of an electronic document, from the REST API to the SUNAT stand-in on loopback and
// back: accepted, observed, rejected, a timeout or an HTTP 500 then accepted, a boleta through the
// resumen diario (its ticket pending, then done), a nota de crédito, a comunicación de baja, and a
// CDR that does not match. Every XML that leaves is checked with the standard's own tools:
// xmllint against SUNAT's XSDs and xmlsec1 for the signature (each only where installed, outside
// CI; our own verifier judges every signature always).

const XSD = {
  "01": "tests/fixtures/sunat/xsd/2.1/maindoc/UBL-Invoice-2.1.xsd",
  "03": "tests/fixtures/sunat/xsd/2.1/maindoc/UBL-Invoice-2.1.xsd",
  "07": "tests/fixtures/sunat/xsd/2.1/maindoc/UBL-CreditNote-2.1.xsd",
  RC: "tests/fixtures/sunat/xsd/2.0/maindoc/UBL-SummaryDocuments-2.0.xsd",
  RA: "tests/fixtures/sunat/xsd/2.0/maindoc/UBL-VoidedDocuments-2.0.xsd",
} as const;
const withoutXmllint = skipWithoutXmllint();
const withoutXmlsec1 = skipWithoutXmlsec1();

let mock: SunatMock;
let token: string;
let company: TestUser;
let person: TestUser;
let workDir: string;
const { newInvoice, showInvoice, updateInvoice } = billingAdminCalls(() => ({ token, company }));

// A voiding runs several SUNAT rounds (send, ticket, summary, ticket); on a machine busy with the
// other test files each round can take seconds, so these tests get more than the default 30 s.
vi.setConfig({ testTimeout: 120_000 });

beforeAll(async () => {
  // The client's timeout leaves room for a slow first answer on a busy machine (schemas compiled on
  // first use): an answer given up on gets 1033 on its retry and never reaches "accepted". Only
  // "[lento]" should time out, so it hangs well past it.
  mock = await startSunatMock({ hangMs: 20_000, pendingPolls: 1 });
  process.env.SUNAT_ENDPOINT = mock.url;
  process.env.SUNAT_TIMEOUT_MS = "10000";
  ({ token, company, person } = await createBillingActors());
  workDir = mkdtempSync(join(tmpdir(), "sunat-flow-"));
});

afterAll(async () => {
  delete process.env.SUNAT_ENDPOINT;
  delete process.env.SUNAT_TIMEOUT_MS;
  await mock?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/**
 * Points the send queue at another SUNAT. A background round in flight keeps the endpoint it
 * started with, so this waits for it first: otherwise it could send the next document to the old one.
 */
async function useSunatEndpoint(url: string) {
  await sunatRoundsSettled();
  process.env.SUNAT_ENDPOINT = url;
}

/** A client whose billing name carries one of the stand-in's markers ("[observar]", "[rechazar]", …). */
async function customer(marker: string, taxId = "20131312955"): Promise<TestUser> {
  const user = await createTestUser({ role: "client", name: `Cliente ${uniqueTag()}` });
  await db.user.update({ where: { id: user.id }, data: { billingName: `Comercial ${uniqueTag()} ${marker} S.A.C.`, taxId } });
  return user;
}

const documentOf = (invoiceId: number) => db.electronicDocument.findUniqueOrThrow({ where: { invoiceId } });

/** Runs the send queue (as the schedule would) until the invoice's document is in one of `states`. */
async function until(invoiceId: number, states: string[], { rounds = 60 } = {}) {
  for (let round = 0; round < rounds; round += 1) {
    const document = await documentOf(invoiceId);
    if (states.includes(document.status)) return document;
    // Whatever waits (a retry, a ticket to ask about again) is due now.
    await db.electronicDocument.updateMany({ where: { status: { in: ["pending", "sent"] } }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
    await runSunatQueue();
    // A send in flight in a background round (the issue's own) holds its claim: give it time.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const document = await documentOf(invoiceId);
  throw new Error(`El documento de la factura ${invoiceId} quedó en ${document.status} (${document.lastError ?? document.responseDescription ?? "sin detalle"})`);
}

/**
 * Waits for the document's first attempt to fail and leave its reason: run by the issue's own
 * background round (which holds the document while it waits for SUNAT, up to the client's
 * timeout) or by a round of ours. Up to 40 s.
 */
async function untilFirstAttemptFailed(invoiceId: number) {
  for (let round = 0; round < 80 && !(await documentOf(invoiceId)).lastError; round += 1) {
    await runSunatQueue();
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Our verifier on the document's signature, and, as separate judges where installed, xmllint
 * against its XSD and xmlsec1 on its signature.
 */
function assertValidAndSigned(xml: string, kind: keyof typeof XSD) {
  const check = verifyXmlSignature(xml);
  expect(check.valid).toBe(true);
  const file = join(workDir, `${kind}-${uniqueTag()}.xml`);
  writeFileSync(file, xml);
  if (!withoutXmllint) execFileSync("xmllint", ["--noout", "--schema", XSD[kind], file], { stdio: "pipe" });
  if (!check.valid || withoutXmlsec1) return;
  const cert = join(workDir, `cert-${uniqueTag()}.pem`);
  writeFileSync(cert, check.certificatePem);
  execFileSync("xmlsec1", ["--verify", "--pubkey-cert-pem", cert, "--id-attr:Id", "Signature", file], { stdio: "pipe" });
}

/** A file download as the browser gets it (the call helper reads answers as text). */
async function adminFile(handler: typeof adminXml, id: number, what: string) {
  const request = new Request(`http://localhost/api/v1/admin/invoices/${id}/${what}`, { headers: { authorization: `Bearer ${token}`, [PEER_HEADER]: fakeIp() } });
  const response = await handler(request, { params: Promise.resolve({ id: String(id) }) });
  return { status: response.status, response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe("a factura", () => {
  it("is signed at issue, sent, and accepted: its XML validates and verifies, its CDR is kept as received", async () => {
    const invoice = await newInvoice({ lines: [{ description: "Soporte TI mensual", quantity: "2", unit_price: "150.00" }] });
    const id = invoice.id as number;
    expect(invoice.sunat).toMatchObject({ status: expect.stringMatching(/pending|accepted/), hash: expect.any(String) });

    const document = await until(id, ["accepted"]);
    expect(document).toMatchObject({ responseCode: "0", cdrProblem: null, kind: "01" });
    assertValidAndSigned(document.xml!, "01");
    expect(document.xml).toContain("<cbc:PayableAmount currencyID=\"PEN\">354.00</cbc:PayableAmount>");

    const shown = (await showInvoice(id)).body.data as Json;
    expect(shown.sunat).toMatchObject({ status: "accepted", status_label: "Aceptado", code: "0", hash: document.hash });

    const xml = await adminFile(adminXml, id, "xml");
    expect(xml.status).toBe(200);
    expect(xml.response.headers.get("content-type")).toContain("application/xml");
    expect(xml.bytes.toString("utf8")).toBe(document.xml);
    const cdr = await adminFile(adminCdr, id, "cdr");
    expect(cdr.status).toBe(200);
    const received = cdr.bytes;
    expect(received.equals(Buffer.from(document.cdr!))).toBe(true);
    expect(parseCdr(received).documentId).toBe(document.documentId);

    // Sent exactly once: more runs never send an answered document again.
    const sends = mock.received.filter((file) => file.fileName === `${document.name}.zip`).length;
    await runSunatQueue();
    expect(mock.received.filter((file) => file.fileName === `${document.name}.zip`)).toHaveLength(sends);
    expect(sends).toBe(1);
    // "Reenviar" an answered document is refused.
    expect((await call(postResend, `/api/v1/admin/invoices/${id}/resend`, { method: "POST", bearer: token, params: { id: String(id) } })).status).toBe(409);
  });

  it("the client downloads its own XML and CDR; another client gets 404", async () => {
    const invoice = await newInvoice();
    const id = invoice.id as number;
    await until(id, ["accepted"]);
    const own = await tokenFor(company);
    const stranger = await tokenFor(await createTestUser({ role: "client" }));
    expect((await call(clientXml, `/api/v1/client/invoices/${id}/xml`, { bearer: own, params: { id: String(id) } })).status).toBe(200);
    expect((await call(clientCdr, `/api/v1/client/invoices/${id}/cdr`, { bearer: own, params: { id: String(id) } })).status).toBe(200);
    expect((await call(clientXml, `/api/v1/client/invoices/${id}/xml`, { bearer: stranger, params: { id: String(id) } })).status).toBe(404);
    expect((await call(clientCdr, `/api/v1/client/invoices/${id}/cdr`, { bearer: stranger, params: { id: String(id) } })).status).toBe(404);
  });

  it("accepted with observations keeps the CDR's notes", async () => {
    const invoice = await newInvoice({ user_id: (await customer("[observar]")).id });
    const document = await until(invoice.id as number, ["observed"]);
    expect(document.notes).toEqual([expect.objectContaining({ code: "4031" })]);
    const shown = (await showInvoice(invoice.id as number)).body.data as Json;
    expect(shown.sunat).toMatchObject({ status: "observed", status_label: "Aceptado con observaciones" });
  });

  it("rejected keeps SUNAT's code and description; it is final (no resend)", async () => {
    const invoice = await newInvoice({ user_id: (await customer("[rechazar]")).id });
    const id = invoice.id as number;
    const document = await until(id, ["rejected"]);
    expect(document.responseCode).toBe("2800");
    expect(document.responseDescription).toBeTruthy();
    expect((await showInvoice(id)).body.data).toMatchObject({ sunat: { status: "rejected", code: "2800" } });
    const resend = await call(postResend, `/api/v1/admin/invoices/${id}/resend`, { method: "POST", bearer: token, params: { id: String(id) } });
    expect(resend.status).toBe(409);
    // A rejected document never existed for SUNAT: cancelling it asks SUNAT nothing.
    expect((await updateInvoice(id, { status: "cancelled" })).status).toBe(200);
    expect((await documentOf(id)).voidRequestedAt).toBeNull();
  });

  it("a timeout leaves it pending with the reason, and the retry is accepted", async () => {
    const invoice = await newInvoice({ user_id: (await customer("[lento]")).id });
    const id = invoice.id as number;
    // The first attempt (the issue's own, or this run) times out.
    await untilFirstAttemptFailed(id);
    const waiting = await documentOf(id);
    expect(waiting.status).toBe("pending");
    expect(waiting.lastError).toMatch(/No se pudo comunicar con SUNAT/);
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    const accepted = await until(id, ["accepted"]);
    expect(accepted.attempts).toBeGreaterThanOrEqual(2);
    expect(accepted.lastError).toBeNull();
  });

  it("an HTTP 500 from SUNAT is retried; \"Reenviar\" sends it at once", async () => {
    const invoice = await newInvoice({ user_id: (await customer("[error500]")).id });
    const id = invoice.id as number;
    await untilFirstAttemptFailed(id);
    expect((await documentOf(id)).status).toBe("pending");
    const resend = await call(postResend, `/api/v1/admin/invoices/${id}/resend`, { method: "POST", bearer: token, params: { id: String(id) } });
    expect(resend.status).toBe(200);
    const after = (await until(id, ["accepted"])).status;
    expect(after).toBe("accepted");
  });
});

describe("SUNAT's sending window", () => {
  it("a factura past it is not sent: it waits with the reason, and cancelling it asks SUNAT nothing", async () => {
    // Issued while SUNAT cannot be reached, so its first attempt fails and leaves it unsent…
    await useSunatEndpoint("http://127.0.0.1:9/billService");
    const invoice = await newInvoice({ user_id: (await customer("")).id });
    const id = invoice.id as number;
    await untilFirstAttemptFailed(id);
    await useSunatEndpoint(mock.url);
    const unsent = await documentOf(id);
    expect(unsent).toMatchObject({ status: "pending", sentAt: null });
    // …and then five days go by.
    const day = new Date(`${new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10)}T00:00:00.000Z`);
    await db.invoice.update({ where: { id }, data: { issuedAt: day } });
    await db.electronicDocument.update({ where: { id: unsent.id }, data: { issueDate: day, nextAttemptAt: new Date(0), lastError: null } });
    await runSunatQueue({ limit: 200 });
    const waiting = await documentOf(id);
    expect(waiting.status).toBe("pending");
    expect(waiting.lastError).toMatch(/Pasó el plazo de envío a SUNAT/);
    expect(mock.received.some((file) => file.fileName === `${waiting.name}.zip`)).toBe(false);
    expect((await updateInvoice(id, { status: "cancelled", cancel_reason: "Fuera de plazo" })).status).toBe(200);
    expect((await documentOf(id)).voidRequestedAt).toBeNull();
  });
});

describe("a boleta", () => {
  it("goes in the resumen diario: the summary's ticket is pending first, then the boleta is accepted", async () => {
    const invoice = await newInvoice({ user_id: person.id });
    const id = invoice.id as number;
    const sent = await until(id, ["sent", "accepted"]);
    assertValidAndSigned(sent.xml!, "03");
    const item = await db.electronicDocumentItem.findFirstOrThrow({ where: { documentId: sent.id, condition: "1" }, include: { carrier: true } });
    expect(item.carrier.kind).toBe("RC");
    assertValidAndSigned(item.carrier.xml!, "RC");
    expect(item.carrier.xml).toContain(`<cbc:ID>${sent.documentId}</cbc:ID>`);

    const accepted = await until(id, ["accepted"]);
    const carrier = await db.electronicDocument.findUniqueOrThrow({ where: { id: item.carrierId } });
    expect(carrier).toMatchObject({ status: "accepted", ticket: expect.any(String) });
    expect(accepted.responseCode).toBe("0");
    // The boleta's CDR is its summary's.
    const cdr = await adminFile(adminCdr, id, "cdr");
    expect(cdr.status).toBe(200);
    expect(parseCdr(cdr.bytes).documentId).toBe(carrier.documentId);
  });
});

describe("a nota de crédito", () => {
  it("takes part of an accepted factura back: its own number, sent and accepted, the balance follows", async () => {
    const invoice = await newInvoice({ lines: [{ description: "Implementación", quantity: "1", unit_price: "1000.00" }] });
    const id = invoice.id as number;
    await until(id, ["accepted"]);
    const early = await call(postCreditNote, `/api/v1/admin/invoices/${id}/credit-notes`, {
      method: "POST",
      bearer: token,
      params: { id: String(id) },
      body: { reason_code: "04", description: "Descuento por pronto pago", amount: "5000.00" },
    });
    expect(early.status).toBe(422);

    const { status, body } = await call(postCreditNote, `/api/v1/admin/invoices/${id}/credit-notes`, {
      method: "POST",
      bearer: token,
      params: { id: String(id) },
      body: { reason_code: "04", description: "Descuento por pronto pago", amount: "118.00" },
    });
    expect(status).toBe(201);
    const note = (body as { data: Json }).data;
    expect(note).toMatchObject({ number: expect.stringMatching(/^FC01-\d{8}$/), amount: "118.00", subtotal: "100.00", tax_amount: "18.00", reason: "Descuento global" });
    expect(note.sunat).toMatchObject({ hash: expect.any(String) });

    const shown = (await showInvoice(id)).body.data as Json;
    expect(shown).toMatchObject({ amount: "1180.00", amount_credited: "118.00", balance: "1062.00" });

    const noteDocument = await db.electronicDocument.findUniqueOrThrow({ where: { creditNoteId: note.id as number } });
    assertValidAndSigned(noteDocument.xml!, "07");
    expect(noteDocument.xml).toContain(`<cbc:ReferenceID>${(await documentOf(id)).documentId}</cbc:ReferenceID>`);
    for (let round = 0; round < 20; round += 1) {
      if ((await db.electronicDocument.findUniqueOrThrow({ where: { id: noteDocument.id } })).status === "accepted") break;
      await db.electronicDocument.updateMany({ where: { status: "pending" }, data: { nextAttemptAt: new Date(0) } });
      await runSunatQueue();
    }
    expect((await db.electronicDocument.findUniqueOrThrow({ where: { id: noteDocument.id } })).status).toBe("accepted");
  });

  it("on money already paid becomes the client's credit", async () => {
    const buyer = await customer("");
    const invoice = await newInvoice({ user_id: buyer.id, lines: [{ description: "Licencias", quantity: "1", unit_price: "100.00" }] });
    const id = invoice.id as number;
    await until(id, ["accepted"]);
    await db.$transaction(async (tx) => {
      await tx.payment.create({ data: { userId: buyer.id, invoiceId: id, amount: "118.00", currency: "PEN", method: "transferencia" } });
      await tx.invoice.update({ where: { id }, data: { amountPaid: "118.00", status: "paid", paidAt: new Date() } });
    });
    const { status } = await call(postCreditNote, `/api/v1/admin/invoices/${id}/credit-notes`, {
      method: "POST",
      bearer: token,
      params: { id: String(id) },
      body: { reason_code: "06", description: "Devolución de las licencias" },
    });
    expect(status).toBe(201);
    const credit = await db.customerCredit.findMany({ where: { userId: buyer.id } });
    expect(credit).toEqual([expect.objectContaining({ kind: "credit_note", currency: "PEN" })]);
    expect(credit[0].amount.toFixed(2)).toBe("118.00");
    expect((await showInvoice(id)).body.data).toMatchObject({ amount_credited: "118.00", balance: "0.00", status: "paid" });
  });

  it("is refused before SUNAT accepted the document (409)", async () => {
    const invoice = await newInvoice({ user_id: (await customer("[rechazar]")).id });
    const id = invoice.id as number;
    await until(id, ["rejected"]);
    const { status } = await call(postCreditNote, `/api/v1/admin/invoices/${id}/credit-notes`, {
      method: "POST",
      bearer: token,
      params: { id: String(id) },
      body: { reason_code: "01", description: "Anulación de la operación" },
    });
    expect(status).toBe(409);
    expect(await db.creditNote.count({ where: { invoiceId: id } })).toBe(0);
  });
});

describe("voiding", () => {
  it("a factura by comunicación de baja: the RA is accepted and the factura is anulada", async () => {
    const invoice = await newInvoice();
    const id = invoice.id as number;
    await until(id, ["accepted"]);
    expect((await updateInvoice(id, { status: "cancelled", cancel_reason: "Emitida por error" })).status).toBe(200);
    expect((await showInvoice(id)).body.data).toMatchObject({ status: "cancelled", sunat: { status: "accepted", voiding: true } });
    const voided = await until(id, ["voided"]);
    const item = await db.electronicDocumentItem.findFirstOrThrow({ where: { documentId: voided.id, condition: "3" }, include: { carrier: true } });
    expect(item.carrier).toMatchObject({ kind: "RA", status: "accepted" });
    assertValidAndSigned(item.carrier.xml!, "RA");
    expect((await showInvoice(id)).body.data).toMatchObject({ sunat: { status: "voided", status_label: "Anulado", voiding: false } });
  });

  it("a boleta by the resumen diario with the voided state", async () => {
    const invoice = await newInvoice({ user_id: person.id });
    const id = invoice.id as number;
    await until(id, ["accepted"]);
    expect((await updateInvoice(id, { status: "cancelled" })).status).toBe(200);
    const voided = await until(id, ["voided"]);
    const item = await db.electronicDocumentItem.findFirstOrThrow({ where: { documentId: voided.id, condition: "3" }, include: { carrier: true } });
    expect(item.carrier).toMatchObject({ kind: "RC", status: "accepted" });
  });
});

describe("a CDR that cannot be trusted", () => {
  let other: Server;
  let otherUrl: string;
  beforeAll(async () => {
    // A billService that answers every sendBill with the CDR of another document.
    other = createServer((request, response) => {
      request.resume();
      request.on("end", () => {
        const cdr = zipCdr("20601234565-01-F001-999999", buildCdrXml({ id: "1", at: new Date(), issuerRuc: "20601234565", documentId: "F001-999999", responseCode: "0", description: "La Factura numero F001-999999, ha sido aceptada" }));
        response.writeHead(200, { "Content-Type": "text/xml; charset=utf-8" });
        response.end(
          `<soap-env:Envelope xmlns:soap-env="http://schemas.xmlsoap.org/soap/envelope/"><soap-env:Body><br:sendBillResponse xmlns:br="http://service.sunat.gob.pe"><applicationResponse>${cdr.toString("base64")}</applicationResponse></br:sendBillResponse></soap-env:Body></soap-env:Envelope>`,
        );
      });
    });
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}/billService`;
  });
  afterAll(async () => {
    await useSunatEndpoint(mock.url);
    await new Promise((resolve) => other.close(resolve));
  });

  it("is kept and flagged, never taken as accepted", async () => {
    await useSunatEndpoint(otherUrl);
    const invoice = await newInvoice();
    const id = invoice.id as number;
    let document = await documentOf(id);
    for (let round = 0; round < 10 && !document.cdrProblem; round += 1) {
      await db.electronicDocument.updateMany({ where: { id: document.id, status: "pending" }, data: { nextAttemptAt: new Date(0) } });
      await runSunatQueue({ limit: 200 });
      document = await documentOf(id);
    }
    await useSunatEndpoint(mock.url);
    expect(document.status).toBe("sent");
    expect(document.cdrProblem).toMatch(/otro documento/);
    expect(document.cdr).not.toBeNull();
    expect(readZip(Buffer.from(document.cdr!)).some((entry) => entry.name.endsWith(".xml"))).toBe(true);
    expect((await showInvoice(id)).body.data).toMatchObject({ sunat: { status: "sent", problem: expect.stringMatching(/otro documento/) } });
  });
});

describe("SUNAT's refusals, followed by the billing records", () => {
  let strict: SunatMock;
  beforeAll(async () => {
    // A stand-in that rejects every nota de crédito (2800) and refuses voidings of the documents named later.
    strict = await startSunatMock({ pendingPolls: 0, checks: [async (_xml, kind) => (kind === "07" ? { code: "2800", message: "Rechazada por la prueba" } : null)] });
  });
  afterAll(async () => {
    await useSunatEndpoint(mock.url);
    await strict?.close();
  });

  it("a nota de crédito SUNAT rejects is undone: the invoice's amount and balance come back, and the client's credit with them", async () => {
    const buyer = await customer("");
    const invoice = await newInvoice({ user_id: buyer.id, lines: [{ description: "Licencias", quantity: "1", unit_price: "100.00" }] });
    const id = invoice.id as number;
    await until(id, ["accepted"]);
    await db.$transaction(async (tx) => {
      await tx.payment.create({ data: { userId: buyer.id, invoiceId: id, amount: "118.00", currency: "PEN", method: "transferencia" } });
      await tx.invoice.update({ where: { id }, data: { amountPaid: "118.00", status: "paid", paidAt: new Date() } });
    });
    await useSunatEndpoint(strict.url);
    const { status, body } = await call(postCreditNote, `/api/v1/admin/invoices/${id}/credit-notes`, {
      method: "POST",
      bearer: token,
      params: { id: String(id) },
      body: { reason_code: "04", description: "Descuento", amount: "59.00" },
    });
    expect(status).toBe(201);
    const noteId = ((body as { data: Json }).data.id) as number;
    expect((await showInvoice(id)).body.data).toMatchObject({ amount_credited: "59.00" });
    for (let round = 0; round < 60 && !(await db.creditNote.findUniqueOrThrow({ where: { id: noteId } })).reversedAt; round += 1) {
      await db.electronicDocument.updateMany({ where: { creditNoteId: noteId, status: "pending" }, data: { nextAttemptAt: new Date(0) } });
      await runSunatQueue({ limit: 200 });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await useSunatEndpoint(mock.url);
    expect((await db.electronicDocument.findUniqueOrThrow({ where: { creditNoteId: noteId } })).status).toBe("rejected");
    expect((await showInvoice(id)).body.data).toMatchObject({ amount_credited: "0.00", balance: "0.00", status: "paid" });
    const ledger = await db.customerCredit.findMany({ where: { userId: buyer.id }, orderBy: { id: "asc" } });
    expect(ledger.map((entry) => entry.amount.toFixed(2))).toEqual(["59.00", "-59.00"]);
    // Once: more rounds change nothing.
    await runSunatQueue();
    expect(await db.customerCredit.count({ where: { userId: buyer.id } })).toBe(2);
  });

  it("an invoice whose voiding SUNAT refuses is owed again", async () => {
    const invoice = await newInvoice();
    const id = invoice.id as number;
    const accepted = await until(id, ["accepted"]);
    const refusing = await startSunatMock({ pendingPolls: 0, rejectSummaryIds: [accepted.documentId] });
    try {
      await useSunatEndpoint(refusing.url);
      expect((await updateInvoice(id, { status: "cancelled", cancel_reason: "Error" })).status).toBe(200);
      expect((await showInvoice(id)).body.data).toMatchObject({ status: "cancelled", sunat: { voiding: true } });
      // The voiding may be in flight in the background round the cancel started: wait for it.
      for (let round = 0; round < 60 && (await documentOf(id)).voidRequestedAt; round += 1) {
        await db.electronicDocument.updateMany({ where: { status: { in: ["pending", "sent"] }, kind: "RA" }, data: { nextAttemptAt: new Date(0) } });
        await runSunatQueue({ limit: 200 });
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    } finally {
      await useSunatEndpoint(mock.url);
      await refusing.close();
    }
    const shown = (await showInvoice(id)).body.data as Json;
    expect(shown).toMatchObject({ status: "pending", cancelled_at: null, sunat: { status: "accepted", voiding: false } });
    expect((shown.sunat as { problem: string }).problem).toMatch(/SUNAT rechazó la anulación/);
  });
});

