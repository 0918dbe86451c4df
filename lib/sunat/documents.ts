// Not server-only: the demo seed signs its invoices with this too.
import { calendarDate } from "@/lib/dates";
import { db } from "@/lib/db";
import { BUSINESS_TIME_ZONE } from "@/lib/format";
import { DomainError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { creditNoteDocumentOf, documentIdOf, issuerProblem, saleDocumentOf, type IssuerSettings, type RecordLine } from "./assemble";
import { signingKeyFor } from "./credentials";
import { signXml } from "./sign";
import type { CreditNoteReasonCode, CurrencyCode } from "./types";
import { buildCreditNoteXml, buildSaleDocumentXml, documentFileName } from "./ubl";

// The electronic document of each factura, boleta and nota de crédito: created with the record,
// in the same transaction, then built and signed once (its XML never changes afterwards: a resend
// sends the same bytes). When something the document needs is missing (the certificate, the
// issuer's fiscal address) it stays pending with the reason, and the send queue builds it as
// soon as the settings are complete.

type Client = Prisma.TransactionClient | typeof db;

const limaTime = new Intl.DateTimeFormat("en-GB", { timeZone: BUSINESS_TIME_ZONE, hour: "2-digit", minute: "2-digit", second: "2-digit", hour12: false });
const issueTimeOf = (at: Date) => limaTime.format(at);

export async function issuerSettings(client: Client = db): Promise<IssuerSettings> {
  const row = await client.siteSettings.findUnique({ where: { id: 1 } });
  return {
    ruc: row?.companyTaxId?.trim() || null,
    legalName: row?.companyLegalName?.trim() || row?.companyName?.trim() || "",
    street: row?.contactAddress?.trim() || null,
    ubigeo: row?.fiscalUbigeo ?? null,
    district: row?.fiscalDistrict ?? null,
    province: row?.fiscalProvince ?? null,
    department: row?.fiscalDepartment ?? null,
    establishment: row?.fiscalEstablishment ?? null,
    detractionAccount: row?.detractionAccount ?? null,
    detractionCode: row?.detractionCode ?? null,
  };
}

const linesOf = (lines: { position: number; description: string; quantity: Prisma.Decimal; unitPrice: Prisma.Decimal; lineTotal: Prisma.Decimal }[]): RecordLine[] =>
  lines.map((line) => ({
    position: line.position,
    description: line.description,
    quantity: line.quantity.toString(),
    unitPrice: line.unitPrice.toString(),
    lineTotal: line.lineTotal.toString(),
  }));

/** Registers the electronic document of a new invoice (kind 01 or 03) and tries to sign it. */
export async function createInvoiceDocumentInTx(tx: Prisma.TransactionClient, invoiceId: number): Promise<void> {
  const invoice = await tx.invoice.findUniqueOrThrow({ where: { id: invoiceId }, select: { series: true, sequence: true, issuedAt: true, issuerTaxId: true } });
  const kind = invoice.series.startsWith("F") ? "01" : "03";
  const documentId = documentIdOf(invoice.series, invoice.sequence);
  const row = await tx.electronicDocument.create({
    data: { kind, invoiceId, documentId, issueDate: invoice.issuedAt, name: `${invoice.issuerTaxId || "SINRUC"}-${kind}-${documentId}` },
    select: { id: true },
  });
  await signDocument(row.id, tx);
}

/** Registers the electronic document of a new nota de crédito and tries to sign it. */
export async function createCreditNoteDocumentInTx(tx: Prisma.TransactionClient, creditNoteId: number): Promise<void> {
  const note = await tx.creditNote.findUniqueOrThrow({ where: { id: creditNoteId }, select: { series: true, sequence: true, issuedAt: true, invoice: { select: { issuerTaxId: true } } } });
  const documentId = documentIdOf(note.series, note.sequence);
  const row = await tx.electronicDocument.create({
    data: { kind: "07", creditNoteId, documentId, issueDate: note.issuedAt, name: `${note.invoice.issuerTaxId || "SINRUC"}-07-${documentId}` },
    select: { id: true },
  });
  await signDocument(row.id, tx);
}

type Built = { ok: true; xml: string; name: string } | { ok: false; problem: string };

async function buildInvoiceXml(client: Client, invoiceId: number, settings: IssuerSettings): Promise<Built> {
  const invoice = await client.invoice.findUniqueOrThrow({ where: { id: invoiceId }, include: { lines: { orderBy: { position: "asc" } } } });
  const record = {
    series: invoice.series,
    sequence: invoice.sequence,
    issuedOn: calendarDate(invoice.issuedAt),
    issueTime: issueTimeOf(invoice.createdAt),
    dueOn: invoice.dueDate ? calendarDate(invoice.dueDate) : null,
    currency: invoice.currency as CurrencyCode,
    taxPercent: invoice.taxRate.toString(),
    subtotal: invoice.subtotal.toString(),
    taxAmount: invoice.taxAmount.toString(),
    amount: invoice.amount.toString(),
    customerName: invoice.customerName,
    customerTaxId: invoice.customerTaxId,
    exchangeRate: invoice.exchangeRate?.toString() ?? null,
    lines: linesOf(invoice.lines),
  };
  const document = saleDocumentOf(record, settings);
  return { ok: true, xml: buildSaleDocumentXml(document), name: documentFileName(settings.ruc!, document) };
}

async function buildCreditNoteXmlOf(client: Client, creditNoteId: number, settings: IssuerSettings): Promise<Built> {
  const note = await client.creditNote.findUniqueOrThrow({
    where: { id: creditNoteId },
    include: { lines: { orderBy: { position: "asc" } }, invoice: { select: { series: true, sequence: true, taxRate: true, customerName: true, customerTaxId: true } } },
  });
  const document = creditNoteDocumentOf(
    {
      series: note.series,
      sequence: note.sequence,
      issuedOn: calendarDate(note.issuedAt),
      issueTime: issueTimeOf(note.createdAt),
      currency: note.currency as CurrencyCode,
      taxPercent: note.invoice.taxRate.toString(),
      subtotal: note.subtotal.toString(),
      taxAmount: note.taxAmount.toString(),
      amount: note.amount.toString(),
      reasonCode: note.reasonCode as CreditNoteReasonCode,
      description: note.description,
      customerName: note.invoice.customerName,
      customerTaxId: note.invoice.customerTaxId,
      reference: { series: note.invoice.series, sequence: note.invoice.sequence },
      lines: linesOf(note.lines),
    },
    settings,
  );
  return { ok: true, xml: buildCreditNoteXml(document), name: documentFileName(settings.ruc!, document) };
}

/**
 * Builds and signs a factura, boleta or note that has no XML yet. Returns true when it is signed
 * (now or before); otherwise records why not on the document and returns false.
 */
export async function signDocument(documentId: number, client: Client = db): Promise<boolean> {
  const row = await client.electronicDocument.findUniqueOrThrow({ where: { id: documentId }, select: { xml: true, invoiceId: true, creditNoteId: true } });
  if (row.xml) return true;
  const settings = await issuerSettings(client);
  let built: Built;
  const missing = issuerProblem(settings);
  try {
    if (missing) built = { ok: false, problem: missing };
    else if (row.invoiceId !== null) built = await buildInvoiceXml(client, row.invoiceId, settings);
    else if (row.creditNoteId !== null) built = await buildCreditNoteXmlOf(client, row.creditNoteId, settings);
    else throw new Error(`El documento ${documentId} no tiene comprobante de origen.`);
  } catch (error) {
    // A document the builders refuse (missing detracción account or exchange rate, figures that do
    // not add up) waits with the reason instead of leaving.
    if (!(error instanceof DomainError)) throw error;
    built = { ok: false, problem: [error.message, ...Object.values(error.fieldErrors ?? {}).flat()].filter(Boolean).join(" ") };
  }
  if (built.ok) {
    const key = await signingKeyFor(settings.ruc!, client);
    if (!key.ok) built = { ok: false, problem: key.problem };
    else {
      const signed = signXml(built.xml, key.key.credential);
      await client.electronicDocument.update({
        where: { id: documentId },
        data: { xml: signed.xml, hash: signed.digestValue, name: built.name, lastError: null },
      });
      return true;
    }
  }
  await client.electronicDocument.update({ where: { id: documentId }, data: { lastError: built.problem.slice(0, 1000) } });
  return false;
}
