// Integration tests of "Informar pago" on real PostgreSQL and a real media storage (this file's
// own folder): the client reports a payment of its invoice with a voucher, which changes no
// balance; an admin confirms it (the payment is recorded, the client told) or rejects it with a
// reason; every bad input is a 4xx that leaves no row and no file; two admins confirming at once
// record one payment; a report the invoice no longer admits is refused at confirmation.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as adminList } from "@/app/api/v1/admin/payment-reports/route";
import { POST as confirmRoute } from "@/app/api/v1/admin/payment-reports/[id]/confirm/route";
import { POST as rejectRoute } from "@/app/api/v1/admin/payment-reports/[id]/reject/route";
import { GET as adminVoucher } from "@/app/api/v1/admin/payment-reports/[id]/voucher/route";
import { GET as clientInvoice } from "@/app/api/v1/client/invoices/[id]/route";
import { GET as clientReports, POST as reportRoute } from "@/app/api/v1/client/invoices/[id]/payment-reports/route";
import { GET as clientVoucher } from "@/app/api/v1/client/payment-reports/[id]/voucher/route";
import { POST as paymentRoute } from "@/app/api/v1/admin/payments/route";
import { addDays, businessDate } from "@/lib/dates";
import { db } from "@/lib/db";
import { createTestInvoice } from "./helpers/billing";
import { BASE_URL, call, createTestUser, tokenFor, type Json, type TestUser } from "./helpers/auth";
import { answerOf, requestHeaders, storedKeys, useOwnMediaDir } from "./helpers/media-api";

const today = businessDate();

let restoreMediaDir: () => Promise<void>;
let admin: TestUser;
let adminToken: string;
let secondAdminToken: string;
let client: TestUser;
let clientToken: string;
let otherClient: TestUser;
let otherClientToken: string;
let png: Uint8Array;

beforeAll(async () => {
  restoreMediaDir = await useOwnMediaDir();
  admin = await createTestUser({ role: "admin" });
  adminToken = await tokenFor(admin);
  secondAdminToken = await tokenFor(await createTestUser({ role: "admin" }));
  client = await createTestUser({ role: "client" });
  clientToken = await tokenFor(client);
  otherClient = await createTestUser({ role: "client" });
  otherClientToken = await tokenFor(otherClient);
  png = new Uint8Array(await sharp({ create: { width: 4, height: 3, channels: 3, background: "#1d4ed8" } }).png().toBuffer());
});

afterAll(async () => {
  await restoreMediaDir();
});

/** An open invoice of `owner` for 118.00 (100.00 + IGV), issued five days ago. */
async function openInvoice(owner: TestUser = client) {
  return createTestInvoice(db, { userId: owner.id, issuedAt: addDays(today, -5), dueDate: addDays(today, 10) });
}

type Voucher = { bytes: Uint8Array; name: string; type?: string };

/** POST …/invoices/{id}/payment-reports with a real multipart body. */
async function report(invoiceId: number | string, fields: Record<string, string>, voucher: Voucher | null = null, bearer = clientToken) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (voucher) form.set("voucher", new File([new Uint8Array(voucher.bytes)], voucher.name, { type: voucher.type ?? "application/octet-stream" }));
  const request = new Request(`${BASE_URL}/api/v1/client/invoices/${invoiceId}/payment-reports`, { method: "POST", body: form, headers: requestHeaders({ bearer }) });
  return answerOf(await reportRoute(request, { params: Promise.resolve({ id: String(invoiceId) }) }));
}

const confirm = (id: number, bearer = adminToken) =>
  call(confirmRoute, `/api/v1/admin/payment-reports/${id}/confirm`, { method: "POST", bearer, params: { id: String(id) } });
const reject = (id: number, body: unknown, bearer = adminToken) =>
  call(rejectRoute, `/api/v1/admin/payment-reports/${id}/reject`, { method: "POST", body, bearer, params: { id: String(id) } });
const showInvoice = async (id: number, bearer = clientToken) =>
  (await call(clientInvoice, `/api/v1/client/invoices/${id}`, { bearer, params: { id: String(id) } })).body.data as Json;

async function download(route: typeof clientVoucher, area: "client" | "admin", id: number, bearer: string) {
  const response = await route(new Request(`${BASE_URL}/api/v1/${area}/payment-reports/${id}/voucher`, { headers: requestHeaders({ bearer }) }), {
    params: Promise.resolve({ id: String(id) }),
  });
  return { status: response.status, response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** What a refused report must not leave behind: rows, files, audit entries, the admins' bell. */
async function traces(invoiceId: number) {
  const [reports, files, audits, bell] = await Promise.all([
    db.paymentReport.count({ where: { invoiceId } }),
    storedKeys("vouchers/"),
    db.auditLog.count({ where: { actorId: client.id, entityType: "payment_report" } }),
    db.notification.count({ where: { userId: admin.id, type: "payment_report" } }),
  ]);
  return { reports, files: files.length, audits, bell };
}

describe("a client reports a payment, an admin confirms it", () => {
  it("changes no balance until confirmed; confirmation records the payment, settles the invoice and tells the client", async () => {
    const invoice = await openInvoice();
    const filesBefore = (await storedKeys("vouchers/")).length;

    const first = await report(invoice.id, { amount: "50.00", paid_at: addDays(today, -1), method: "yape", reference: "YP-778812" }, { bytes: png, name: "voucher yape.png", type: "image/png" });
    expect(first.status).toBe(201);
    const created = first.body.data as Json;
    expect(created).toMatchObject({
      amount: "50.00",
      currency: "PEN",
      paid_at: addDays(today, -1),
      method: "yape",
      method_label: "Yape",
      reference: "YP-778812",
      status: "pending",
      status_label: "Por confirmar",
      payment_id: null,
      reviewed_by: null,
      invoice: { id: invoice.id, invoice_number: invoice.invoiceNumber, balance: "118.00", status: "pending" },
      user: { id: client.id },
    });
    const reportId = created.id as number;
    expect(created.voucher).toEqual({ name: "voucher yape.png", mime: "image/png", bytes: png.byteLength, url: `/api/v1/client/payment-reports/${reportId}/voucher` });

    // Nothing paid yet: the client's invoice shows the report, its balance is whole.
    const pendingView = await showInvoice(invoice.id);
    expect(pendingView).toMatchObject({ status: "pending", amount_paid: "0.00", balance: "118.00", payments: [] });
    expect((pendingView.payment_reports as Json[]).map((r) => [r.id, r.status])).toEqual([[reportId, "pending"]]);
    expect(await db.payment.count({ where: { invoiceId: invoice.id } })).toBe(0);

    // The voucher is kept privately, for the client and the admins only.
    expect((await storedKeys("vouchers/")).length).toBe(filesBefore + 1);
    const own = await download(clientVoucher, "client", reportId, clientToken);
    expect(own.status).toBe(200);
    expect(own.response.headers.get("content-type")).toBe("image/png");
    expect(own.response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(own.bytes).equals(Buffer.from(png))).toBe(true);
    expect((await download(clientVoucher, "client", reportId, otherClientToken)).status).toBe(404);
    expect((await download(adminVoucher, "admin", reportId, adminToken)).status).toBe(200);
    expect((await download(adminVoucher, "admin", reportId, clientToken)).status).toBe(403);

    // The admins were told; the client's own action is in the audit trail.
    expect(await db.notification.count({ where: { userId: admin.id, type: "payment_report", link: "/admin/payment-reports" } })).toBeGreaterThanOrEqual(1);
    expect(await db.auditLog.findFirst({ where: { entityType: "payment_report", entityId: String(reportId), action: "payment_report.create" } })).toMatchObject({ actorId: client.id });
    const listed = await call(adminList, `/api/v1/admin/payment-reports?invoice_id=${invoice.id}`, { bearer: adminToken });
    expect((listed.body.data as Json[]).map((r) => r.id)).toEqual([reportId]);
    expect((listed.body.data as Json[])[0].voucher).toMatchObject({ url: `/api/v1/admin/payment-reports/${reportId}/voucher` });

    const confirmed = await confirm(reportId);
    expect(confirmed.status).toBe(200);
    const paymentId = (confirmed.body.data as Json).payment_id as number;
    expect(confirmed.body.data).toMatchObject({ status: "confirmed", reviewed_by: { id: admin.id }, invoice: { balance: "68.00", status: "partially_paid" } });
    expect(await db.payment.findUniqueOrThrow({ where: { id: paymentId } })).toMatchObject({ invoiceId: invoice.id, method: "yape", reference: "YP-778812", status: "completed" });
    expect(await showInvoice(invoice.id)).toMatchObject({ status: "partially_paid", amount_paid: "50.00", balance: "68.00" });
    const toldPartly = await db.notification.findFirst({ where: { userId: client.id, type: "payment_report_confirmed" }, orderBy: { id: "desc" } });
    expect(toldPartly).toMatchObject({ title: `Pago confirmado: factura ${invoice.invoiceNumber}`, link: `/client/invoices/${invoice.id}` });
    expect(toldPartly?.body).toContain("Saldo pendiente: S/ 68.00");

    // The rest, without voucher: confirmed, the invoice is paid.
    const second = await report(invoice.id, { amount: "68.00", paid_at: today, method: "transferencia" });
    expect(second.status).toBe(201);
    expect((second.body.data as Json).voucher).toBeNull();
    expect((await confirm((second.body.data as Json).id as number)).body.data).toMatchObject({ status: "confirmed", invoice: { balance: "0.00", status: "paid" } });
    expect(await showInvoice(invoice.id)).toMatchObject({ status: "paid", amount_paid: "118.00", balance: "0.00" });
    expect(await db.notification.findFirst({ where: { userId: client.id, type: "payment_report_confirmed" }, orderBy: { id: "desc" } })).toMatchObject({
      title: `Factura ${invoice.invoiceNumber} pagada`,
    });
    const mail = await db.outboundEmail.findFirst({ where: { recipient: client.email, subject: { contains: "Confirmamos tu pago" } }, orderBy: { id: "desc" } });
    expect(mail?.subject).toBe(`Confirmamos tu pago: factura ${invoice.invoiceNumber} pagada`);

    // Confirming again changes nothing.
    const again = await confirm(reportId);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^Este pago ya fue confirmado/);
    expect(await db.payment.count({ where: { invoiceId: invoice.id } })).toBe(2);
  });

  it("two admins confirming the same report at once record one payment", async () => {
    const invoice = await openInvoice();
    const created = await report(invoice.id, { amount: "118.00", paid_at: today, method: "plin", reference: "PL-1" });
    expect(created.status).toBe(201);
    const id = (created.body.data as Json).id as number;
    const answers = await Promise.all([confirm(id, adminToken), confirm(id, secondAdminToken)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await db.payment.count({ where: { invoiceId: invoice.id } })).toBe(1);
    expect((await db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).amountPaid.toFixed(2)).toBe("118.00");
  });
});

describe("rejection", () => {
  it("needs a reason, records no payment and tells the client why", async () => {
    const invoice = await openInvoice();
    const created = await report(invoice.id, { amount: "118.00", paid_at: today, method: "transferencia", reference: "000123" });
    const id = (created.body.data as Json).id as number;

    const noReason = await reject(id, { reason: " " });
    expect(noReason.status).toBe(422);
    expect((noReason.body.errors as Record<string, string[]>).reason[0]).toMatch(/motivo del rechazo/);

    const reason = "No encontramos la operación 000123 en nuestra cuenta del BCP.";
    const rejected = await reject(id, { reason });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: "rejected", status_label: "Rechazado", reject_reason: reason, payment_id: null, reviewed_by: { id: admin.id } });
    expect(await db.payment.count({ where: { invoiceId: invoice.id } })).toBe(0);
    expect(await showInvoice(invoice.id)).toMatchObject({ status: "pending", balance: "118.00" });
    const told = await db.notification.findFirst({ where: { userId: client.id, type: "payment_report_rejected", link: `/client/invoices/${invoice.id}` }, orderBy: { id: "desc" } });
    expect(told?.body).toBe(`Motivo: ${reason}`);
    const mail = await db.outboundEmail.findFirst({ where: { recipient: client.email, subject: `No pudimos confirmar tu pago: factura ${invoice.invoiceNumber}` } });
    expect(mail).not.toBeNull();

    // Reviewed once: neither confirmed nor rejected again.
    expect((await reject(id, { reason: "Otra vez" })).status).toBe(409);
    const late = await confirm(id);
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/^Este pago ya fue rechazado/);
    expect(await db.payment.count({ where: { invoiceId: invoice.id } })).toBe(0);

    // A rejected report no longer holds the balance: the client may report it again.
    expect((await report(invoice.id, { amount: "118.00", paid_at: today, method: "transferencia" })).status).toBe(201);
  });
});

describe("what a report refuses, leaving no row and no file", () => {
  it("answers each bad input with its 4xx and stores nothing", async () => {
    const invoice = await openInvoice();
    const foreign = await openInvoice(otherClient);
    const paid = await createTestInvoice(db, { userId: client.id, issuedAt: addDays(today, -5), status: "paid" });
    const cancelled = await createTestInvoice(db, { userId: client.id, issuedAt: addDays(today, -5), status: "cancelled" });
    const good = { amount: "100.00", paid_at: today, method: "yape" };
    const pngVoucher = { bytes: png, name: "pago.png", type: "image/png" };
    const before = await traces(invoice.id);

    const cases: [string, () => ReturnType<typeof report>, number, string | null][] = [
      ["future date", () => report(invoice.id, { ...good, paid_at: addDays(today, 1) }, pngVoucher), 422, "paid_at"],
      ["before the issue date", () => report(invoice.id, { ...good, paid_at: addDays(today, -6) }, pngVoucher), 422, "paid_at"],
      ["not a date", () => report(invoice.id, { ...good, paid_at: "2026-02-30" }, pngVoucher), 422, "paid_at"],
      ["zero amount", () => report(invoice.id, { ...good, amount: "0.00" }, pngVoucher), 422, "amount"],
      ["negative amount", () => report(invoice.id, { ...good, amount: "-5" }, pngVoucher), 422, "amount"],
      ["more than the balance", () => report(invoice.id, { ...good, amount: "118.01" }, pngVoucher), 422, "amount"],
      ["unknown method", () => report(invoice.id, { ...good, method: "bitcoin" }, pngVoucher), 422, "method"],
      ["reference over 100 characters", () => report(invoice.id, { ...good, reference: "9".repeat(101) }, pngVoucher), 422, "reference"],
      ["unknown invoice", () => report(2_000_000_000, good, pngVoucher), 404, null],
      ["another client's invoice", () => report(foreign.id, good, pngVoucher), 404, null],
      ["a paid invoice", () => report(paid.id, good, pngVoucher), 409, null],
      ["a cancelled invoice", () => report(cancelled.id, good, pngVoucher), 409, null],
      ["a .png name with text bytes", () => report(invoice.id, good, { bytes: new TextEncoder().encode("no soy una imagen, solo texto"), name: "comprobante.png", type: "image/png" }), 422, "voucher"],
      ["an SVG (an image, but not one we take)", () => report(invoice.id, good, { bytes: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), name: "pago.svg", type: "image/svg+xml" }), 422, "voucher"],
      ["an empty voucher", () => report(invoice.id, good, { bytes: new Uint8Array(0), name: "vacio.png" }), 422, "voucher"],
      ["a voucher over 5 MB", () => report(invoice.id, good, { bytes: new Uint8Array(5 * 1024 * 1024 + 1), name: "grande.pdf", type: "application/pdf" }), 413, null],
    ];
    for (const [label, send, status, field] of cases) {
      const answer = await send();
      expect(answer.status, label).toBe(status);
      expect(typeof answer.body.message, label).toBe("string");
      if (field) expect(Object.keys(answer.body.errors as Json), label).toContain(field);
    }
    expect(await traces(invoice.id)).toEqual(before);
    expect(await db.paymentReport.count({ where: { invoiceId: { in: [foreign.id, paid.id, cancelled.id] } } })).toBe(0);

    // Not multipart at all.
    const json = await call(reportRoute, `/api/v1/client/invoices/${invoice.id}/payment-reports`, { method: "POST", body: good, bearer: clientToken, params: { id: String(invoice.id) } });
    expect(json.status).toBe(415);

    // Every field is answered at once, the voucher's bytes included.
    const all = await report(invoice.id, { amount: "abc", paid_at: addDays(today, 2), method: "yape" }, { bytes: new TextEncoder().encode("%PNG falso"), name: "x.png" });
    expect(all.status).toBe(422);
    expect(Object.keys(all.body.errors as Json).sort()).toEqual(["amount", "paid_at", "voucher"]);
    expect(await traces(invoice.id)).toEqual(before);
  });

  it("removes the stored voucher when the write fails after it was stored", async () => {
    const invoice = await openInvoice();
    const files = await storedKeys("vouchers/");
    const failing = vi.spyOn(db, "$transaction").mockRejectedValueOnce(new Error("conexión perdida"));
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const answer = await report(invoice.id, { amount: "10.00", paid_at: today, method: "yape" }, { bytes: png, name: "pago.png" });
      expect(answer.status).toBe(500);
      expect(failing).toHaveBeenCalledTimes(1);
    } finally {
      failing.mockRestore();
      quiet.mockRestore();
    }
    expect(await storedKeys("vouchers/")).toEqual(files);
    expect(await db.paymentReport.count({ where: { invoiceId: invoice.id } })).toBe(0);
  });

  it("counts the reports still pending against the balance", async () => {
    const invoice = await openInvoice();
    const pdf = { bytes: new TextEncoder().encode("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n"), name: "constancia.pdf" };
    const first = await report(invoice.id, { amount: "100.00", paid_at: today, method: "transferencia" }, pdf);
    expect(first.status).toBe(201);
    expect((first.body.data as Json).voucher).toMatchObject({ mime: "application/pdf", name: "constancia.pdf" });
    const files = (await storedKeys("vouchers/")).length;

    const above = await report(invoice.id, { amount: "18.01", paid_at: today, method: "yape" }, pdf);
    expect(above.status).toBe(422);
    expect((above.body.errors as Record<string, string[]>).amount[0]).toBe(
      "El monto supera lo que queda por informar de la factura (S/ 18.00): ya informaste pagos por S/ 100.00 que estamos verificando.",
    );
    expect((await storedKeys("vouchers/")).length).toBe(files);
    expect((await report(invoice.id, { amount: "18.00", paid_at: today, method: "yape" })).status).toBe(201);
    const full = await report(invoice.id, { amount: "0.01", paid_at: today, method: "yape" });
    expect((full.body.errors as Record<string, string[]>).amount[0]).toBe("Ya informaste pagos por S/ 118.00, que cubren el saldo de esta factura. Los estamos verificando.");
    expect(await db.paymentReport.count({ where: { invoiceId: invoice.id } })).toBe(2);

    // Only this client's reports, newest first.
    const listed = await call(clientReports, `/api/v1/client/invoices/${invoice.id}/payment-reports`, { bearer: clientToken, params: { id: String(invoice.id) } });
    expect((listed.body.data as Json[]).map((r) => r.amount)).toEqual(["18.00", "100.00"]);
    expect((await call(clientReports, `/api/v1/client/invoices/${invoice.id}/payment-reports`, { bearer: otherClientToken, params: { id: String(invoice.id) } })).status).toBe(404);
  });
});

describe("confirming what the invoice no longer admits", () => {
  it("refuses a report once the invoice was paid by hand (409), and one above the balance left (422), writing nothing", async () => {
    const invoice = await openInvoice();
    const created = await report(invoice.id, { amount: "118.00", paid_at: today, method: "yape" });
    const id = (created.body.data as Json).id as number;

    // An admin records part of it by hand meanwhile: the report is now above the balance.
    expect((await call(paymentRoute, "/api/v1/admin/payments", { method: "POST", body: { invoice_id: invoice.id, amount: "18.00", method: "efectivo" }, bearer: adminToken })).status).toBe(201);
    const audits = await db.auditLog.count({ where: { entityType: "payment_report", entityId: String(id) } });
    const above = await confirm(id);
    expect(above.status).toBe(422);
    expect((above.body.errors as Record<string, string[]>).amount[0]).toBe(
      "El pago informado (S/ 118.00) supera el saldo pendiente de la factura (S/ 100.00). Recházalo indicando el motivo, o registra a mano el monto correcto con «Registrar pago».",
    );

    // Then the rest by hand: the invoice is paid.
    expect((await call(paymentRoute, "/api/v1/admin/payments", { method: "POST", body: { invoice_id: invoice.id, amount: "100.00", method: "efectivo" }, bearer: adminToken })).status).toBe(201);
    const paid = await confirm(id);
    expect(paid.status).toBe(409);
    expect(paid.body.message).toBe("La factura ya está pagada: no se puede confirmar este pago. Recházalo indicando el motivo.");

    expect(await db.payment.count({ where: { invoiceId: invoice.id } })).toBe(2);
    expect(await db.paymentReport.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "pending", paymentId: null, reviewedById: null });
    expect(await db.auditLog.count({ where: { entityType: "payment_report", entityId: String(id) } })).toBe(audits);

    // What is left to do: reject it.
    expect((await reject(id, { reason: "Ya registramos este pago a mano." })).status).toBe(200);
  });

  it("answers 404 for an unknown report and 403 to a client", async () => {
    expect((await confirm(2_000_000_000)).status).toBe(404);
    expect((await confirm(1, clientToken)).status).toBe(403);
    expect((await reject(2_000_000_000, { reason: "No existe" })).status).toBe(404);
  });
});

describe("Pagos por confirmar (admin list)", () => {
  it("lists pending reports by default and filters by status and client", async () => {
    const invoice = await openInvoice(otherClient);
    const a = await report(invoice.id, { amount: "10.00", paid_at: today, method: "yape" }, null, otherClientToken);
    const b = await report(invoice.id, { amount: "20.00", paid_at: today, method: "plin" }, null, otherClientToken);
    const [idA, idB] = [(a.body.data as Json).id as number, (b.body.data as Json).id as number];
    await reject(idB, { reason: "Monto distinto al depositado." });

    const pending = await call(adminList, `/api/v1/admin/payment-reports?user_id=${otherClient.id}`, { bearer: adminToken });
    expect((pending.body.data as Json[]).map((r) => r.id)).toEqual([idA]);
    const rejected = await call(adminList, `/api/v1/admin/payment-reports?status=rejected&user_id=${otherClient.id}&page=1`, { bearer: adminToken });
    expect(rejected.body.data).toMatchObject({ total: 1, current_page: 1, data: [{ id: idB, reject_reason: "Monto distinto al depositado." }] });
    expect((await call(adminList, "/api/v1/admin/payment-reports?status=perdido", { bearer: adminToken })).status).toBe(422);
    expect((await call(adminList, "/api/v1/admin/payment-reports", { bearer: clientToken })).status).toBe(403);
  });
});
