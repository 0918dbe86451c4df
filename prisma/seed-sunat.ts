// The demo's electronic invoicing: the issuer's fiscal data, a self-signed test certificate
// (outside production), and the SUNAT history of the seeded invoices. Invoices older than two
// days were answered back then (accepted, one with observations; boletas through their day's
// resumen diario; cancelled ones voided by a comunicación de baja or the summary), with CDRs as the
// stand-in writes them; the newest wait, pending, so the first `npm start` sends them to the
// SUNAT stand-in and the screens show the live flow.
import { randomBytes } from "node:crypto";
import { addDays, calendarDate, dateColumn } from "../lib/dates";
import type { Prisma } from "../lib/generated/prisma/client";
import { carriedInclude, createSummaryInTx, createVoidingInTx, type CarriedRow } from "../lib/sunat/carriers";
import { createTestPfx } from "../lib/sunat/certificate";
import { signingKeyFor } from "../lib/sunat/credentials";
import { createCreditNoteDocumentInTx, createInvoiceDocumentInTx, issuerSettings } from "../lib/sunat/documents";
import { nextSeriesNumber } from "../lib/sunat/numbering";
import { formatInvoiceNumber } from "../lib/billing/labels";
import { splitTaxIncluded } from "../lib/billing/money";
import { sealSecret } from "../lib/crypto/secret-box";
import { buildCdrXml, zipCdr } from "../scripts/lib/sunat-mock/cdr-builder";

type Env = Record<string, string | undefined>;

/** What the seed puts in Configuración › Facturación electrónica (Miraflores, Lima). */
export const FISCAL_SETTINGS = {
  fiscalUbigeo: "150122",
  fiscalDistrict: "Miraflores",
  fiscalProvince: "Lima",
  fiscalDepartment: "Lima",
  fiscalEstablishment: "0000",
  detractionAccount: "00-068-123456",
  detractionCode: "037",
  exchangeRateUsd: "3.7500",
  exchangeRateEur: "4.0500",
} as const;

/** Invoices issued this many days ago or fewer wait for the stand-in; older ones have their answer. */
const ANSWERED_AFTER_DAYS = 2;

async function seedCertificate(tx: Prisma.TransactionClient, env: Env): Promise<boolean> {
  const settings = await tx.siteSettings.findUniqueOrThrow({ where: { id: 1 } });
  if (settings.certificateSealed) return false;
  // A self-signed certificate has no place in production: there the admin uploads the real one.
  if (env.NODE_ENV === "production" || !settings.companyTaxId) return false;
  const password = randomBytes(12).toString("base64url");
  const notBefore = new Date(Date.now() - 86_400_000);
  const notAfter = new Date(Date.now() + 365 * 86_400_000);
  const pfx = createTestPfx({ ruc: settings.companyTaxId, legalName: settings.companyLegalName || settings.companyName, password, notBefore, notAfter });
  let sealed: { pfx: string; password: string };
  try {
    sealed = { pfx: sealSecret(pfx), password: sealSecret(Buffer.from(password, "utf8")) };
  } catch {
    // No key to seal it with (no AUTH_SECRET nor SUNAT_CERT_ENCRYPTION_KEY): the documents wait, and say why.
    return false;
  }
  await tx.siteSettings.update({
    where: { id: 1 },
    data: {
      certificateSealed: sealed.pfx,
      certificatePasswordSealed: sealed.password,
      certificateSubject: `CN=${settings.companyLegalName || settings.companyName} (certificado de prueba), serialNumber=${settings.companyTaxId}`,
      certificateNotAfter: notAfter,
      certificateUploadedAt: new Date(),
    },
  });
  return true;
}

const answeredAt = (day: string) => new Date(`${day}T18:00:00-05:00`);

function cdrOf(name: string, ruc: string, documentId: string, description: string, at: Date, notes: { code: string; text: string }[] = []) {
  return new Uint8Array(zipCdr(name, buildCdrXml({ id: `${at.getTime()}`, at, issuerRuc: ruc, documentId, responseCode: "0", description, notes })));
}

/** Registers and signs the electronic documents of `invoiceIds` and writes their history. Returns how many. */
export async function seedElectronicInvoicing(tx: Prisma.TransactionClient, options: { today: string; invoiceIds: number[]; env: Env; demoClientId: string }): Promise<number> {
  await tx.siteSettings.updateMany({ where: { id: 1, fiscalUbigeo: null }, data: FISCAL_SETTINGS });
  await seedCertificate(tx, options.env);
  const settings = await issuerSettings(tx);
  const key = settings.ruc ? await signingKeyFor(settings.ruc, tx) : null;

  for (const invoiceId of options.invoiceIds) await createInvoiceDocumentInTx(tx, invoiceId);
  if (!key?.ok || !settings.ruc) return options.invoiceIds.length;
  const ruc = settings.ruc;

  const answered = await tx.electronicDocument.findMany({
    where: { invoiceId: { in: options.invoiceIds }, xml: { not: null }, issueDate: { lt: dateColumn(addDays(options.today, -ANSWERED_AFTER_DAYS)) } },
    include: { ...carriedInclude, invoice: { select: { ...carriedInclude.invoice.select, status: true, cancelReason: true } } },
    orderBy: { id: "asc" },
  });
  let facturas = 0;
  const boletasByDay = new Map<string, CarriedRow[]>();
  const voidedFacturasByDay = new Map<string, CarriedRow[]>();
  const voidedBoletasByDay = new Map<string, CarriedRow[]>();
  const add = (map: Map<string, CarriedRow[]>, day: string, row: CarriedRow) => map.set(day, [...(map.get(day) ?? []), row]);

  for (const row of answered) {
    const day = calendarDate(row.issueDate);
    const cancelled = row.invoice?.status === "cancelled";
    if (row.kind === "01") {
      facturas += 1;
      // The third factura shows what an observation looks like.
      const notes = facturas === 3 ? [{ code: "4287", text: "El precio unitario ingresado no corresponde al valor calculado" }] : [];
      await tx.electronicDocument.update({
        where: { id: row.id },
        data: {
          status: notes.length ? "observed" : "accepted",
          responseCode: "0",
          responseDescription: `La Factura numero ${row.documentId}, ha sido aceptada`,
          notes,
          cdr: cdrOf(row.name, ruc, row.documentId, `La Factura numero ${row.documentId}, ha sido aceptada`, answeredAt(day), notes),
          sentAt: answeredAt(day),
          answeredAt: answeredAt(day),
        },
      });
      if (cancelled) add(voidedFacturasByDay, day, row);
    } else {
      add(boletasByDay, day, row);
      if (cancelled) add(voidedBoletasByDay, day, row);
    }
  }

  // Each day's boletas went in that day's resumen diario; cancelled documents in a voiding the day after.
  const settle = async (carrierId: number, day: string, description: string) => {
    const carrier = await tx.electronicDocument.update({
      where: { id: carrierId },
      data: { status: "accepted", ticket: `${answeredAt(day).getTime()}`, sentAt: answeredAt(day), answeredAt: answeredAt(day), responseCode: "0", responseDescription: description },
      select: { name: true, documentId: true },
    });
    await tx.electronicDocument.update({ where: { id: carrierId }, data: { cdr: cdrOf(carrier.name, ruc, carrier.documentId, description, answeredAt(day)) } });
  };
  for (const [day, rows] of boletasByDay) {
    const id = await createSummaryInTx(tx, { referenceDate: day, today: day, rows, settings, credential: key.key.credential }, "1");
    await settle(id, day, "El Resumen diario, ha sido aceptado");
    await tx.electronicDocument.updateMany({ where: { id: { in: rows.map((row) => row.id) } }, data: { status: "accepted", responseCode: "0", sentAt: answeredAt(day), answeredAt: answeredAt(day) } });
  }
  for (const [day, rows] of voidedBoletasByDay) {
    const next = addDays(day, 1);
    const id = await createSummaryInTx(tx, { referenceDate: day, today: next, rows, settings, credential: key.key.credential }, "3");
    await settle(id, next, "El Resumen diario, ha sido aceptado");
    await tx.electronicDocument.updateMany({ where: { id: { in: rows.map((row) => row.id) } }, data: { status: "voided", voidRequestedAt: answeredAt(day), voidReason: "Anulación de la operación" } });
  }
  for (const [day, rows] of voidedFacturasByDay) {
    const next = addDays(day, 1);
    const withReasons = rows.map((row) => ({ ...row, voidReason: "Anulación de la operación" }));
    const id = await createVoidingInTx(tx, { referenceDate: day, today: next, rows: withReasons, settings, credential: key.key.credential });
    await settle(id, next, "La Comunicacion de baja, ha sido aceptada");
    await tx.electronicDocument.updateMany({ where: { id: { in: rows.map((row) => row.id) } }, data: { status: "voided", voidRequestedAt: answeredAt(day), voidReason: "Anulación de la operación" } });
  }
  await seedCreditNote(tx, { ruc, invoiceIds: options.invoiceIds, today: options.today, userId: options.demoClientId });
  return options.invoiceIds.length;
}

/**
 * One nota de crédito in the demo: a 10 % discount (motive 04, descuento global) on the demo
 * client's oldest paid factura, accepted by SUNAT; the money already paid for that part is the
 * client's credit (saldo a favor), as issuing it in the product leaves it.
 */
async function seedCreditNote(
  tx: Prisma.TransactionClient,
  { ruc, invoiceIds, today, userId }: { ruc: string; invoiceIds: number[]; today: string; userId: string },
) {
  const invoice = await tx.invoice.findFirst({
    where: { id: { in: invoiceIds }, series: "F001", status: "paid", issuedAt: { lt: dateColumn(addDays(today, -10)) }, userId },
    orderBy: { issuedAt: "asc" },
    include: { electronicDocument: { select: { status: true } } },
  });
  if (!invoice || !invoice.electronicDocument || !["accepted", "observed"].includes(invoice.electronicDocument.status)) return;
  const { subtotal, tax, total: amount } = splitTaxIncluded(invoice.amount.times(0.1).toDecimalPlaces(2).toFixed(2), invoice.taxRate.toFixed(2));
  const sequence = await nextSeriesNumber(tx, "FC01");
  const issuedOn = addDays(calendarDate(invoice.issuedAt), 5);
  const note = await tx.creditNote.create({
    data: {
      number: formatInvoiceNumber("FC01", sequence),
      series: "FC01",
      sequence,
      invoiceId: invoice.id,
      userId: invoice.userId,
      reasonCode: "04",
      description: "Descuento por renovación anual anticipada",
      subtotal,
      taxAmount: tax,
      amount,
      currency: invoice.currency,
      issuedAt: dateColumn(issuedOn),
      createdAt: answeredAt(issuedOn),
      lines: { create: [{ position: 1, description: "Descuento por renovación anual anticipada", quantity: 1, unitPrice: subtotal, lineTotal: subtotal }] },
    },
  });
  await tx.invoice.update({ where: { id: invoice.id }, data: { amountCredited: amount } });
  await tx.customerCredit.create({ data: { userId: invoice.userId, currency: invoice.currency, amount, kind: "credit_note", creditNoteId: note.id, invoiceId: invoice.id, createdAt: answeredAt(issuedOn) } });
  await createCreditNoteDocumentInTx(tx, note.id);
  const document = await tx.electronicDocument.findUniqueOrThrow({ where: { creditNoteId: note.id }, select: { id: true, name: true, documentId: true, xml: true } });
  if (!document.xml) return;
  const description = `La Nota de Credito numero ${document.documentId}, ha sido aceptada`;
  await tx.electronicDocument.update({
    where: { id: document.id },
    data: {
      status: "accepted",
      responseCode: "0",
      responseDescription: description,
      cdr: cdrOf(document.name, ruc, document.documentId, description, answeredAt(issuedOn)),
      sentAt: answeredAt(issuedOn),
      answeredAt: answeredAt(issuedOn),
    },
  });
}
