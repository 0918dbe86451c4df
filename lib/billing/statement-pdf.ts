import "server-only";
import { db } from "@/lib/db";
import { formatDate, formatMoney } from "@/lib/format";
import { CURRENCY_LABELS } from "./labels";
import {
  A4_WIDTH,
  amountRows,
  BOTTOM,
  CONTENT_WIDTH,
  displayDate,
  ensureRoom,
  HEAD_FILL,
  INK,
  letterhead,
  openPdf,
  MUTED,
  PAGE,
  pageFooters,
  pdfText,
  RULE,
  type Doc,
} from "./pdf";
import { balanceReading, statementFileName, type StatementContract, type StatementCurrencyContract } from "./statement-schema";

// The statement as an A4 PDF, drawn with the invoice PDF's pieces (lib/billing/pdf.ts: the
// letterhead, fonts, colours, totals rows): the issuer and a box "ESTADO DE CUENTA" with the
// period, the client, then per currency a table (Fecha, Documento, Detalle, Cargo, Abono, Saldo)
// opened by the balance carried in, and its totals with the closing balance.

const COLUMNS = { date: 56, document: 84, debit: 74, credit: 74, balance: 80 } as const;
const DETAIL_WIDTH = CONTENT_WIDTH - COLUMNS.date - COLUMNS.document - COLUMNS.debit - COLUMNS.credit - COLUMNS.balance;
const PADDING = 4;
const FONT_SIZE = 8.5;

type Cell = { text: string; width: number; align: "left" | "right" };

function cells(values: [string, string, string, string, string, string]): Cell[] {
  const widths = [COLUMNS.date, COLUMNS.document, DETAIL_WIDTH, COLUMNS.debit, COLUMNS.credit, COLUMNS.balance];
  return values.map((text, index) => ({ text, width: widths[index], align: index >= 3 ? "right" : "left" }));
}

function tableHeader(doc: Doc, y: number): number {
  const height = 20;
  doc.save().rect(PAGE.margin, y, CONTENT_WIDTH, height).fill(HEAD_FILL).restore();
  doc.font("Helvetica-Bold").fontSize(FONT_SIZE).fillColor(INK);
  let x = PAGE.margin;
  for (const cell of cells(["Fecha", "Documento", "Detalle", "Cargo", "Abono", "Saldo"])) {
    doc.text(cell.text, x + PADDING, y + 6, { width: cell.width - 2 * PADDING, align: cell.align, lineBreak: false });
    x += cell.width;
  }
  return y + height;
}

/** One row; a new page (with the header again) when it does not fit. */
function row(doc: Doc, y: number, values: Parameters<typeof cells>[0], strong = false): number {
  const font = strong ? "Helvetica-Bold" : "Helvetica";
  doc.font(font).fontSize(FONT_SIZE);
  const line = cells(values.map(pdfText) as Parameters<typeof cells>[0]);
  const height = Math.max(...line.map((cell) => doc.heightOfString(cell.text || " ", { width: cell.width - 2 * PADDING })), 10) + 2 * PADDING;
  if (y + height > BOTTOM) {
    doc.addPage();
    y = tableHeader(doc, PAGE.margin);
    doc.font(font).fontSize(FONT_SIZE);
  }
  let x = PAGE.margin;
  doc.fillColor(INK);
  for (const cell of line) {
    doc.text(cell.text, x + PADDING, y + PADDING, { width: cell.width - 2 * PADDING, align: cell.align });
    x += cell.width;
  }
  y += height;
  doc.save().lineWidth(0.5).strokeColor(RULE).moveTo(PAGE.margin, y).lineTo(A4_WIDTH - PAGE.margin, y).stroke().restore();
  return y;
}

function currencySection(doc: Doc, statement: StatementContract, section: StatementCurrencyContract, top: number): number {
  const money = (value: string) => formatMoney(value, section.currency);
  const less = (value: string) => (value === "0.00" ? money(value) : `-${money(value)}`);
  const blank = "";
  let y = ensureRoom(doc, top, 90);
  doc.font("Helvetica-Bold").fontSize(12).fillColor(INK).text(`${CURRENCY_LABELS[section.currency]} · ${section.currency}`, PAGE.margin, y, { width: CONTENT_WIDTH });
  y = tableHeader(doc, doc.y + 6);
  y = row(doc, y, [displayDate(statement.from), blank, "Saldo inicial", blank, blank, money(section.opening_balance)], true);
  for (const entry of section.entries) {
    const document = entry.number ?? (entry.reference ? `Ref. ${entry.reference}` : "—");
    const debit = entry.debit === "0.00" ? blank : money(entry.debit);
    const credit = entry.credit === "0.00" ? blank : money(entry.credit);
    y = row(doc, y, [displayDate(entry.date), document, entry.description, debit, credit, money(entry.balance)]);
  }
  if (section.entries.length === 0) {
    y = ensureRoom(doc, y, 20);
    doc.font("Helvetica").fontSize(FONT_SIZE).fillColor(MUTED).text("Sin movimientos en este periodo.", PAGE.margin + PADDING, y + 6, { width: CONTENT_WIDTH });
    y = doc.y + 4;
  }

  const closing = balanceReading(section.closing_balance);
  const totals: [string, string, boolean][] = [
    ["Saldo inicial", money(section.opening_balance), false],
    ["Facturado", money(section.totals.invoiced), false],
    ["Notas de crédito", less(section.totals.credited), false],
    ["Pagos recibidos", less(section.totals.paid), false],
    ...(section.totals.refunded !== "0.00" ? ([["Devoluciones de saldo a favor", money(section.totals.refunded), false]] as [string, string, boolean][]) : []),
    [closing.label, money(closing.amount), true],
  ];
  y = ensureRoom(doc, y + 12, totals.length * 18 + 8);
  return amountRows(doc, totals, y) + 16;
}

/** On every page: who and which period, and the page number. */
function footers(doc: Doc, statement: StatementContract) {
  pageFooters(doc, pdfText(`Estado de cuenta de ${statement.user.name}, del ${displayDate(statement.from)} al ${displayDate(statement.to)}.`));
}

export type StatementIssuer = { name: string; tax_id: string | null; address: string | null };

/** The statement as an A4 PDF (metadata Title "Estado de cuenta …"). */
export async function renderStatementPdf(statement: StatementContract, issuer: StatementIssuer): Promise<Buffer> {
  const title = `Estado de cuenta ${statement.from} – ${statement.to}`;
  const { doc, done } = openPdf({ title, subject: `Estado de cuenta de ${statement.user.name}`, author: issuer.name });

  let y = letterhead(doc, {
    issuer,
    box: [
      [`RUC ${issuer.tax_id ?? "—"}`, 12],
      ["ESTADO DE CUENTA", 11],
      [`${displayDate(statement.from)} – ${displayDate(statement.to)}`, 11],
    ],
    title: `Estado de cuenta del ${displayDate(statement.from)} al ${displayDate(statement.to)}`,
  });
  doc.save().lineWidth(0.75).strokeColor(RULE).moveTo(PAGE.margin, y - 8).lineTo(A4_WIDTH - PAGE.margin, y - 8).stroke().restore();
  for (const [label, value] of [
    ["Cliente", statement.user.name],
    ["Correo", statement.user.email],
    ["Generado el", formatDate(statement.generated_at)],
  ]) {
    doc.font("Helvetica-Bold").fontSize(9.5).fillColor(INK).text(`${label}: `, PAGE.margin, y, { width: CONTENT_WIDTH, continued: true });
    doc.font("Helvetica").text(pdfText(value));
    y = doc.y + 3;
  }
  doc.font("Helvetica").fontSize(8.5).fillColor(MUTED).text("Saldo positivo: importe a pagar. Saldo negativo: saldo a favor del cliente.", PAGE.margin, y + 2, { width: CONTENT_WIDTH });
  y = doc.y + 14;

  if (statement.currencies.length === 0) {
    doc.font("Helvetica").fontSize(10).fillColor(INK).text("No hay movimientos ni saldos en este periodo.", PAGE.margin, y, { width: CONTENT_WIDTH });
  }
  for (const section of statement.currencies) y = currencySection(doc, statement, section, y);
  footers(doc, statement);
  doc.end();
  return done;
}

/** The statement's PDF as a download ("estado-de-cuenta-2026-01-01_2026-11-29.pdf"), issued by the company in the site settings. */
export async function statementPdfFile(statement: StatementContract): Promise<{ fileName: string; contentType: string; body: Uint8Array }> {
  const settings = await db.siteSettings.findUnique({ where: { id: 1 }, select: { companyLegalName: true, companyName: true, companyTaxId: true, contactAddress: true } });
  const issuer = {
    name: settings?.companyLegalName || settings?.companyName || "Lumen Consultoría TI",
    tax_id: settings?.companyTaxId ?? null,
    address: settings?.contactAddress ?? null,
  };
  const pdf = await renderStatementPdf(statement, issuer);
  return { fileName: statementFileName(statement, "pdf"), contentType: "application/pdf", body: new Uint8Array(pdf) };
}
