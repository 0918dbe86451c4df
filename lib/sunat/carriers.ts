// Not server-only: the demo seed builds the carriers of its history with these too.
import { businessDate, calendarDate, dateColumn } from "@/lib/dates";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { customerOf, documentIdOf, issuerOf, issuerProblem, type IssuerSettings } from "./assemble";
import { signingKeyFor } from "./credentials";
import { issuerSettings } from "./documents";
import { OUT_OF_WINDOW, withinSendWindow } from "./rules";
import { nextSeriesNumber } from "./numbering";
import { signXml } from "./sign";
import type { CurrencyCode, DailySummaryDocument, SigningCredential, VoidedDocumentsDocument } from "./types";
import { buildDailySummaryXml, buildVoidedDocumentsXml } from "./ubl";

// Boletas (and their notes) reach SUNAT in a resumen diario (RC) rather than one by one, and a
// voided document is reported in a summary with the voided state (boletas) or in a comunicación de
// baja (RA, facturas and their notes). These functions gather what is waiting into new carrier
// documents; the send queue sends them like any other. A document is in at most one carrier
// waiting for an answer at a time.

/** SUNAT takes at most this many lines in one summary or voiding. */
const MAX_LINES = 500;

/** Documents no carrier in flight (pending or sent) holds. */
const notInFlight: Prisma.ElectronicDocumentWhereInput = { carriers: { none: { carrier: { status: { in: ["pending", "sent"] } } } } };

/** The day's next summary or voiding number ("RC-20261128" → 1, 2, …). */
const nextDailyNumber = (tx: Prisma.TransactionClient, prefix: "RC" | "RA", day: string) => nextSeriesNumber(tx, `${prefix}-${day.replaceAll("-", "")}`);

export type CarriedRow = Prisma.ElectronicDocumentGetPayload<{
  include: {
    invoice: { select: { series: true; sequence: true; currency: true; subtotal: true; taxAmount: true; amount: true; customerName: true; customerTaxId: true } };
    creditNote: { select: { series: true; sequence: true; currency: true; subtotal: true; taxAmount: true; amount: true; invoice: { select: { series: true; sequence: true; customerName: true; customerTaxId: true } } } };
  };
}>;

export const carriedInclude = {
  invoice: { select: { series: true, sequence: true, currency: true, subtotal: true, taxAmount: true, amount: true, customerName: true, customerTaxId: true } },
  creditNote: { select: { series: true, sequence: true, currency: true, subtotal: true, taxAmount: true, amount: true, invoice: { select: { series: true, sequence: true, customerName: true, customerTaxId: true } } } },
} as const;

function summaryLine(row: CarriedRow, condition: "1" | "3"): DailySummaryDocument["lines"][number] {
  const source = row.invoice ?? row.creditNote!;
  const customer = row.invoice ?? row.creditNote!.invoice;
  return {
    type: row.kind as "03" | "07",
    id: documentIdOf(source.series, source.sequence),
    customer: customerOf(customer.customerName, customer.customerTaxId),
    condition,
    currency: source.currency as CurrencyCode,
    totals: { taxable: source.subtotal.toFixed(2), igv: source.taxAmount.toFixed(2), total: source.amount.toFixed(2) },
    ...(row.creditNote && { reference: { type: "03" as const, id: documentIdOf(row.creditNote.invoice.series, row.creditNote.invoice.sequence) } }),
  };
}

/**
 * Creates the carriers that are due: one summary per issue date for signed boletas and notes not yet
 * reported, one summary for accepted boletas asked to be voided, one voiding for accepted facturas
 * (and their notes) asked to be voided. Returns how many it created.
 */
export async function createDueCarriers(today = businessDate()): Promise<number> {
  const settings = await issuerSettings();
  if (issuerProblem(settings)) return 0;
  const key = await signingKeyFor(settings.ruc!);
  if (!key.ok) return 0;
  let created = 0;

  const boletaKinds: Prisma.ElectronicDocumentWhereInput = {
    OR: [{ kind: "03" }, { kind: "07", documentId: { startsWith: "B" } }],
  };
  const toReport = await db.electronicDocument.findMany({
    where: {
      AND: [boletaKinds, { OR: [{ lastError: null }, { lastError: { not: OUT_OF_WINDOW } }] }],
      status: "pending",
      xml: { not: null },
      ...notInFlight,
    },
    include: carriedInclude,
    orderBy: { id: "asc" },
    take: MAX_LINES * 4,
  });
  const byDate = new Map<string, CarriedRow[]>();
  const late: number[] = [];
  for (const row of toReport) {
    const day = calendarDate(row.issueDate);
    if (!withinSendWindow(day, today)) late.push(row.id);
    else byDate.set(day, [...(byDate.get(day) ?? []), row]);
  }
  // SUNAT would refuse a summary with them: they wait for a person, with the reason.
  if (late.length) await db.electronicDocument.updateMany({ where: { id: { in: late }, lastError: null }, data: { lastError: OUT_OF_WINDOW } });
  for (const [day, rows] of byDate) {
    for (let start = 0; start < rows.length; start += MAX_LINES) {
      await createSummary(day, today, rows.slice(start, start + MAX_LINES), "1", settings, key.key.credential);
      created += 1;
    }
  }

  const boletasToVoid = await db.electronicDocument.findMany({
    where: { ...boletaKinds, status: { in: ["accepted", "observed"] }, voidRequestedAt: { not: null }, ...notInFlight },
    include: carriedInclude,
    take: MAX_LINES,
  });
  const voidByDate = new Map<string, CarriedRow[]>();
  for (const row of boletasToVoid) voidByDate.set(calendarDate(row.issueDate), [...(voidByDate.get(calendarDate(row.issueDate)) ?? []), row]);
  for (const [day, rows] of voidByDate) {
    await createSummary(day, today, rows, "3", settings, key.key.credential);
    created += 1;
  }

  const facturasToVoid = await db.electronicDocument.findMany({
    where: {
      OR: [{ kind: "01" }, { kind: "07", documentId: { startsWith: "F" } }],
      status: { in: ["accepted", "observed"] },
      voidRequestedAt: { not: null },
      ...notInFlight,
    },
    include: carriedInclude,
    take: MAX_LINES,
  });
  const facturasByDate = new Map<string, CarriedRow[]>();
  for (const row of facturasToVoid) facturasByDate.set(calendarDate(row.issueDate), [...(facturasByDate.get(calendarDate(row.issueDate)) ?? []), row]);
  for (const [day, rows] of facturasByDate) {
    await createVoiding(day, today, rows, settings, key.key.credential);
    created += 1;
  }
  return created;
}

type Carrier = { referenceDate: string; today: string; rows: CarriedRow[]; settings: IssuerSettings; credential: SigningCredential };

async function createSummary(referenceDate: string, today: string, rows: CarriedRow[], condition: "1" | "3", settings: IssuerSettings, credential: SigningCredential) {
  await db.$transaction((tx) => createSummaryInTx(tx, { referenceDate, today, rows, settings, credential }, condition));
}

async function createVoiding(referenceDate: string, today: string, rows: CarriedRow[], settings: IssuerSettings, credential: SigningCredential) {
  await db.$transaction((tx) => createVoidingInTx(tx, { referenceDate, today, rows, settings, credential }));
}

/** A signed resumen diario carrying `rows` with `condition`, pending; returns its id. */
export async function createSummaryInTx(tx: Prisma.TransactionClient, { referenceDate, today, rows, settings, credential }: Carrier, condition: "1" | "3"): Promise<number> {
  {
    const number = await nextDailyNumber(tx, "RC", today);
    const id = `RC-${today.replaceAll("-", "")}-${number}`;
    const document: DailySummaryDocument = {
      id,
      referenceDate,
      issueDate: today,
      issuer: issuerOf(settings),
      lines: rows.map((row) => summaryLine(row, condition)),
    };
    const signed = signXml(buildDailySummaryXml(document), credential);
    const carrier = await tx.electronicDocument.create({
      data: {
        kind: "RC",
        documentId: id,
        name: `${settings.ruc}-${id}`,
        issueDate: dateColumn(today),
        xml: signed.xml,
        hash: signed.digestValue,
        carried: { create: rows.map((row) => ({ documentId: row.id, condition })) },
      },
      select: { id: true },
    });
    return carrier.id;
  }
}

/** A signed comunicación de baja carrying `rows`, pending; returns its id. */
export async function createVoidingInTx(tx: Prisma.TransactionClient, { referenceDate, today, rows, settings, credential }: Carrier): Promise<number> {
  {
    const number = await nextDailyNumber(tx, "RA", today);
    const id = `RA-${today.replaceAll("-", "")}-${number}`;
    const document: VoidedDocumentsDocument = {
      id,
      referenceDate,
      issueDate: today,
      issuer: issuerOf(settings),
      lines: rows.map((row) => {
        const source = row.invoice ?? row.creditNote!;
        return { type: row.kind as "01" | "07", series: source.series, number: source.sequence, reason: (row.voidReason || "Anulación de la operación").slice(0, 100) };
      }),
    };
    const signed = signXml(buildVoidedDocumentsXml(document), credential);
    const carrier = await tx.electronicDocument.create({
      data: {
        kind: "RA",
        documentId: id,
        name: `${settings.ruc}-${id}`,
        issueDate: dateColumn(today),
        xml: signed.xml,
        hash: signed.digestValue,
        carried: { create: rows.map((row) => ({ documentId: row.id, condition: "3" })) },
      },
      select: { id: true },
    });
    return carrier.id;
  }
}
