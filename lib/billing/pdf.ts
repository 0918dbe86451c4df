import "server-only";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { formatMoney } from "@/lib/format";
import { absoluteUrl } from "@/lib/site-url";
import { customerOf } from "@/lib/sunat/assemble";
import { amountInWords } from "@/lib/sunat/amount-in-words";
import { businessDate } from "@/lib/dates";
import { getCollectionSettings } from "./collection-settings";
import { paymentInstructionLines, type PaymentInstructions } from "./collection-settings-schema";
import { CURRENCY_LABELS, INVOICE_STATUS_LABELS, isOpenInvoice, PAYMENT_METHOD_LABELS, taxIdLabel, type CurrencyCode, type InvoiceStatusCode, type PaymentMethodCode } from "./labels";
import type { InvoiceDetailContract } from "./serialize";

// The invoice as a printable PDF: the "representación impresa" of a Peruvian electronic factura or
// boleta. The issuer at the top left, the box with RUC, document type and number at the top right,
// the customer and dates, the lines, "Op. gravada", IGV and total, its notas de crédito, the
// payments and the balance, "Cómo pagar" while it is open, then SUNAT's part: the QR code SUNAT asks for, the signature's hash,
// the document's state with SUNAT and where to check it and download the XML. Drawn with pdfkit's
// built-in Helvetica (no font files of ours): its WinAnsi encoding covers Spanish letters, "S/"
// and "€".

export const PAGE = { size: "A4" as const, margin: 40 };
export const A4_WIDTH = 595.28;
export const A4_HEIGHT = 841.89;
export const CONTENT_WIDTH = A4_WIDTH - 2 * PAGE.margin;
/** Room kept at the bottom of every page for its footer. */
const FOOTER_SPACE = 36;
export const BOTTOM = A4_HEIGHT - PAGE.margin - FOOTER_SPACE;

export const INK = "#111827";
export const MUTED = "#4b5563";
export const RULE = "#d1d5db";
export const HEAD_FILL = "#eef2f7";
const CANCELLED_RED = "#b91c1c";

// Table columns: Cant. | Descripción | P. unit. (sin IGV) | Importe.
const COLUMNS = { quantity: 48, unitPrice: 108, total: 108 } as const;
const DESCRIPTION_WIDTH = CONTENT_WIDTH - COLUMNS.quantity - COLUMNS.unitPrice - COLUMNS.total;
const CELL_PADDING = 5;

/** Characters outside Windows-1252 that pdfkit's standard fonts can still draw (through its map). */
const WIN_ANSI_EXTRA = new Set([
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019, 0x201a, 0x201c, 0x201d,
  0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
]);

const drawable = (code: number) => (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(code);

/**
 * Text the standard fonts can draw: a letter outside WinAnsi loses its accent when that makes it
 * drawable ("ő" → "o"), anything else becomes "?", so no input ever prints as garbage.
 */
export function pdfText(text: string): string {
  let out = "";
  for (const char of text.replace(/\r\n?/g, "\n")) {
    const code = char.codePointAt(0)!;
    if (char === "\n" || drawable(code)) {
      out += char;
      continue;
    }
    if (char === "\t") {
      out += " ";
      continue;
    }
    const base = char.normalize("NFKD").replace(/\p{M}/gu, "");
    out += base !== "" && [...base].every((c) => drawable(c.codePointAt(0)!)) ? base : "?";
  }
  return out;
}

/** "2026-11-23" → "23/11/2026", as Peruvian invoices write dates. */
export function displayDate(calendar: string | null): string {
  if (!calendar) return "—";
  const [year, month, day] = calendar.split("-");
  return `${day}/${month}/${year}`;
}

/** "3.00" → "3", "2.50" → "2.5". */
function displayQuantity(quantity: string): string {
  return quantity.includes(".") ? quantity.replace(/\.?0+$/, "") : quantity;
}

/**
 * The text of the printed copy's QR code, as SUNAT lists its fields (separated and ended by "|"):
 * issuer's RUC | document type (catalogue 01: 01 factura, 03 boleta) | series | number (without
 * leading zeros) | total IGV | total amount | issue date (YYYY-MM-DD) | customer's document type
 * (catalogue 06) | customer's document number ("-" when there is none) |. The optional hash and
 * signature value are left out: the hash is printed as text beside the code.
 */
export function sunatQrPayload(invoice: Pick<InvoiceDetailContract, "issuer" | "series" | "invoice_number" | "tax_amount" | "amount" | "issued_at" | "customer">): string {
  const type = invoice.series.startsWith("F") ? "01" : "03";
  const number = String(Number(invoice.invoice_number.slice(invoice.invoice_number.lastIndexOf("-") + 1)));
  const customer = customerOf(invoice.customer.name, invoice.customer.tax_id);
  const amount = (value: string) => Number(value).toFixed(2);
  return [invoice.issuer.tax_id ?? "", type, invoice.series, number, amount(invoice.tax_amount), amount(invoice.amount), invoice.issued_at, customer.identityType, customer.identityNumber]
    .map((field) => `${field}|`)
    .join("");
}

/** The QR code of `payload` as a PNG (error correction Q, as SUNAT's printed copies commonly use). */
export function sunatQrPng(payload: string): Promise<Buffer> {
  return QRCode.toBuffer(payload, { type: "png", errorCorrectionLevel: "Q", margin: 1, scale: 6 });
}

/** "Representación impresa de la factura electrónica", "… de la boleta de venta electrónica". */
export function printedCopyTitle(invoice: Pick<InvoiceDetailContract, "document_type">): string {
  return `Representación impresa de la ${invoice.document_type.toLocaleLowerCase("es-PE")}`;
}

/** The file a browser saves: "F001-00000143.pdf". */
export function invoicePdfFilename(invoice: Pick<InvoiceDetailContract, "invoice_number">): string {
  return `${invoice.invoice_number.replace(/[^A-Za-z0-9-]/g, "")}.pdf`;
}

export type Doc = PDFKit.PDFDocument;

/**
 * A new A4 document of ours (margins, Spanish, pages buffered for the footers, the title shown
 * by viewers) and the promise of its bytes once `doc.end()` is called. `flowing`: long text
 * continues on a new page by itself, above the footer's room (for free text such as a sheet's
 * detail; tables place their rows with ensureRoom instead).
 */
export function openPdf(info: { title: string; subject: string; author: string }, { flowing = false } = {}): { doc: Doc; done: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: PAGE.size,
    ...(flowing ? { margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: A4_HEIGHT - BOTTOM } } : { margin: PAGE.margin }),
    bufferPages: true,
    lang: "es-PE",
    displayTitle: true,
    info: { Title: pdfText(info.title), Subject: pdfText(info.subject), Author: pdfText(info.author), Creator: pdfText(info.author) },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, done };
}

/** The top of every billing PDF: the issuer at the top left, a framed box at the top right, a centred title under both. */
export type Letterhead = {
  issuer: { name: string; tax_id: string | null; address: string | null };
  /** The box's lines and their font sizes; the second one sits on a shaded band. */
  box: [string, number][];
  title: string;
};

export function letterhead(doc: Doc, header: Letterhead): number {
  const top = PAGE.margin;
  const boxWidth = 200;
  const boxX = A4_WIDTH - PAGE.margin - boxWidth;
  const leftWidth = boxX - PAGE.margin - 20;

  // Issuer, top left.
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(15).text(pdfText(header.issuer.name), PAGE.margin, top, { width: leftWidth });
  doc.moveDown(0.2).font("Helvetica").fontSize(10).fillColor(MUTED);
  doc.text(`RUC ${header.issuer.tax_id ?? "—"}`, { width: leftWidth });
  if (header.issuer.address) doc.text(pdfText(header.issuer.address), { width: leftWidth });
  const leftBottom = doc.y;

  // The box, top right (an invoice's: RUC, document type, number).
  const boxHeight = 84;
  doc.save().lineWidth(1.5).strokeColor(INK).roundedRect(boxX, top, boxWidth, boxHeight, 4).stroke().restore();
  doc.save().rect(boxX + 0.75, top + 29, boxWidth - 1.5, 26).fill(HEAD_FILL).restore();
  let y = top + 10;
  for (const [text, size] of header.box) {
    doc.font("Helvetica-Bold").fontSize(size).fillColor(INK).text(pdfText(text), boxX, y, { width: boxWidth, align: "center" });
    y += 26;
  }
  const titleY = Math.max(leftBottom, top + boxHeight) + 12;
  doc.font("Helvetica-Bold").fontSize(11).fillColor(INK).text(pdfText(header.title), PAGE.margin, titleY, { width: CONTENT_WIDTH, align: "center" });
  return doc.y + 16;
}

function headerBlock(doc: Doc, invoice: InvoiceDetailContract): number {
  return letterhead(doc, {
    issuer: invoice.issuer,
    box: [
      [`RUC ${invoice.issuer.tax_id ?? "—"}`, 12],
      [invoice.document_type.toLocaleUpperCase("es-PE"), 11],
      [invoice.invoice_number, 13],
    ],
    title: printedCopyTitle(invoice),
  });
}

/** Two columns of "Label: value" rows; returns the y under the taller one. */
function detailsBlock(doc: Doc, invoice: InvoiceDetailContract, top: number): number {
  const gap = 20;
  const half = (CONTENT_WIDTH - gap) / 2;
  const customerId = invoice.customer.tax_id;
  const left: [string, string][] = [
    ["Cliente", invoice.customer.name],
    [customerId ? taxIdLabel(customerId) : "Documento", customerId ?? "Sin documento"],
    ...(invoice.customer.email ? ([["Correo", invoice.customer.email]] as [string, string][]) : []),
  ];
  const right: [string, string][] = [
    ["Fecha de emisión", displayDate(invoice.issued_at)],
    ["Fecha de vencimiento", displayDate(invoice.due_date)],
    ["Moneda", `${invoice.currency} · ${CURRENCY_LABELS[invoice.currency as CurrencyCode] ?? invoice.currency}`],
    ["Estado", INVOICE_STATUS_LABELS[invoice.status as InvoiceStatusCode] ?? invoice.status],
  ];

  doc.save().lineWidth(0.75).strokeColor(RULE).moveTo(PAGE.margin, top - 8).lineTo(A4_WIDTH - PAGE.margin, top - 8).stroke().restore();
  const column = (rows: [string, string][], x: number) => {
    let y = top;
    for (const [label, value] of rows) {
      doc.font("Helvetica-Bold").fontSize(9.5).fillColor(INK).text(`${label}: `, x, y, { width: half, continued: true });
      doc.font("Helvetica").fillColor(INK).text(pdfText(value));
      y = doc.y + 3;
    }
    return y;
  };
  const bottom = Math.max(column(left, PAGE.margin), column(right, PAGE.margin + half + gap));
  let y = bottom + 4;
  if (invoice.description) {
    doc.font("Helvetica-Bold").fontSize(9.5).text("Concepto: ", PAGE.margin, y, { width: CONTENT_WIDTH, continued: true });
    doc.font("Helvetica").text(pdfText(invoice.description));
    y = doc.y + 4;
  }
  return y + 10;
}

function tableHeader(doc: Doc, y: number): number {
  const height = 22;
  doc.save().rect(PAGE.margin, y, CONTENT_WIDTH, height).fill(HEAD_FILL).restore();
  doc.font("Helvetica-Bold").fontSize(9).fillColor(INK);
  let x = PAGE.margin;
  const cells: [string, number, "left" | "right" | "center"][] = [
    ["Cant.", COLUMNS.quantity, "center"],
    ["Descripción", DESCRIPTION_WIDTH, "left"],
    ["P. unit. (sin IGV)", COLUMNS.unitPrice, "right"],
    ["Importe", COLUMNS.total, "right"],
  ];
  for (const [label, width, align] of cells) {
    doc.text(label, x + CELL_PADDING, y + 7, { width: width - 2 * CELL_PADDING, align, lineBreak: false });
    x += width;
  }
  return y + height;
}

function linesTable(doc: Doc, invoice: InvoiceDetailContract, top: number): number {
  let y = tableHeader(doc, top);
  doc.font("Helvetica").fontSize(9.5);
  for (const line of invoice.lines) {
    const description = pdfText(line.description);
    doc.font("Helvetica").fontSize(9.5);
    const textHeight = doc.heightOfString(description, { width: DESCRIPTION_WIDTH - 2 * CELL_PADDING });
    const rowHeight = Math.max(textHeight, 11) + 2 * CELL_PADDING + 2;
    if (y + rowHeight > BOTTOM) {
      doc.addPage();
      y = tableHeader(doc, PAGE.margin);
      doc.font("Helvetica").fontSize(9.5);
    }
    const textY = y + CELL_PADDING + 1;
    let x = PAGE.margin;
    doc.fillColor(INK);
    doc.text(displayQuantity(line.quantity), x + CELL_PADDING, textY, { width: COLUMNS.quantity - 2 * CELL_PADDING, align: "center" });
    x += COLUMNS.quantity;
    doc.text(description, x + CELL_PADDING, textY, { width: DESCRIPTION_WIDTH - 2 * CELL_PADDING });
    x += DESCRIPTION_WIDTH;
    doc.text(formatMoney(line.unit_price, invoice.currency), x + CELL_PADDING, textY, { width: COLUMNS.unitPrice - 2 * CELL_PADDING, align: "right" });
    x += COLUMNS.unitPrice;
    doc.text(formatMoney(line.line_total, invoice.currency), x + CELL_PADDING, textY, { width: COLUMNS.total - 2 * CELL_PADDING, align: "right" });
    y += rowHeight;
    doc.save().lineWidth(0.5).strokeColor(RULE).moveTo(PAGE.margin, y).lineTo(A4_WIDTH - PAGE.margin, y).stroke().restore();
  }
  return y + 12;
}

/** Moves to a new page when `height` does not fit under `y`. */
export function ensureRoom(doc: Doc, y: number, height: number): number {
  if (y + height <= BOTTOM) return y;
  doc.addPage();
  return PAGE.margin;
}

export function amountRows(doc: Doc, rows: [string, string, boolean][], top: number): number {
  const width = 250;
  const x = A4_WIDTH - PAGE.margin - width;
  let y = top;
  for (const [label, value, strong] of rows) {
    const size = strong ? 11 : 10;
    if (strong) doc.save().rect(x, y - 4, width, 20).fill(HEAD_FILL).restore();
    doc.font(strong ? "Helvetica-Bold" : "Helvetica").fontSize(size).fillColor(INK);
    doc.text(label, x + 6, y, { width: width / 2, lineBreak: false });
    doc.font("Helvetica-Bold").text(value, x + width / 2, y, { width: width / 2 - 6, align: "right", lineBreak: false });
    y += strong ? 22 : 17;
  }
  return y;
}

function totalsBlock(doc: Doc, invoice: InvoiceDetailContract, top: number): number {
  const money = (value: string) => formatMoney(value, invoice.currency);
  const percent = displayQuantity(invoice.tax_rate);
  const y = ensureRoom(doc, top, 3 * 20 + 24);
  const bottom = amountRows(
    doc,
    [
      ["Op. gravada", money(invoice.subtotal), false],
      [`IGV (${percent} %)`, money(invoice.tax_amount), false],
      ["Importe total", money(invoice.amount), true],
    ],
    y,
  );
  doc.font("Helvetica-Bold").fontSize(9.5).fillColor(INK).text(amountInWords(invoice.amount, invoice.currency), PAGE.margin, bottom + 2, { width: CONTENT_WIDTH });
  return doc.y + 14;
}

function paymentsBlock(doc: Doc, invoice: InvoiceDetailContract, top: number): number {
  const money = (value: string) => formatMoney(value, invoice.currency);
  let y = ensureRoom(doc, top, 60);
  doc.font("Helvetica-Bold").fontSize(11).fillColor(INK).text("Pagos recibidos", PAGE.margin, y);
  y = doc.y + 6;
  doc.font("Helvetica").fontSize(9.5);
  if (invoice.payments.length === 0) {
    doc.fillColor(MUTED).text("No hay pagos registrados.", PAGE.margin, y);
    y = doc.y + 8;
  }
  for (const payment of invoice.payments) {
    y = ensureRoom(doc, y, 16);
    const method = PAYMENT_METHOD_LABELS[payment.method as PaymentMethodCode] ?? payment.method;
    const reference = payment.reference ? ` · Ref. ${pdfText(payment.reference)}` : "";
    doc.fillColor(INK).font("Helvetica").fontSize(9.5);
    doc.text(`${displayDate(businessDate(new Date(payment.paid_at)))} · ${method}${reference}`, PAGE.margin, y, { width: CONTENT_WIDTH - 130 });
    const rowBottom = doc.y;
    doc.text(money(payment.amount), A4_WIDTH - PAGE.margin - 130, y, { width: 124, align: "right", lineBreak: false });
    y = rowBottom + 5;
  }
  const credited = Number(invoice.amount_credited) > 0;
  y = ensureRoom(doc, y + 4, (credited ? 3 : 2) * 20);
  y = amountRows(
    doc,
    [
      ...(credited ? ([["Notas de crédito", `-${money(invoice.amount_credited)}`, false]] as [string, string, boolean][]) : []),
      ["Total pagado", money(invoice.amount_paid), false],
      ["Saldo pendiente", money(invoice.balance), true],
    ],
    y,
  );
  // The status is printed once, with the document's details; a cancellation adds its reason here.
  if (invoice.status === "cancelled" && invoice.cancel_reason) {
    y = ensureRoom(doc, y + 6, 30);
    doc.font("Helvetica-Bold").fontSize(10).fillColor(CANCELLED_RED).text("Motivo de la anulación: ", PAGE.margin, y, { width: CONTENT_WIDTH, continued: true });
    doc.font("Helvetica").fontSize(9.5).fillColor(INK).text(pdfText(invoice.cancel_reason));
    return doc.y + 8;
  }
  return y;
}

/** The invoice's notas de crédito: number, date, reason and amount, and their total. */
function creditNotesBlock(doc: Doc, invoice: InvoiceDetailContract, top: number): number {
  if (invoice.credit_notes.length === 0) return top;
  const money = (value: string) => formatMoney(value, invoice.currency);
  let y = ensureRoom(doc, top, 60);
  doc.font("Helvetica-Bold").fontSize(11).fillColor(INK).text("Notas de crédito", PAGE.margin, y);
  y = doc.y + 6;
  for (const note of invoice.credit_notes) {
    y = ensureRoom(doc, y, 28);
    const description = note.description ? ` – ${pdfText(note.description)}` : "";
    doc.fillColor(INK).font("Helvetica").fontSize(9.5);
    doc.text(`${note.number} · ${displayDate(note.issued_at)} · ${pdfText(note.reason)}${description}`, PAGE.margin, y, { width: CONTENT_WIDTH - 130 });
    const rowBottom = doc.y;
    doc.text(`-${money(note.amount)}`, A4_WIDTH - PAGE.margin - 130, y, { width: 124, align: "right", lineBreak: false });
    y = rowBottom + 5;
  }
  y = ensureRoom(doc, y + 4, 20);
  return amountRows(doc, [["Total notas de crédito", `-${money(invoice.amount_credited)}`, false]], y) + 8;
}

/** "Cómo pagar" of an open invoice: the accounts of its currency, Yape and Plin (soles), the text. */
function howToPayBlock(doc: Doc, invoice: InvoiceDetailContract, instructions: PaymentInstructions | null, top: number): number {
  if (!instructions || !isOpenInvoice(invoice.status)) return top;
  const lines = paymentInstructionLines(instructions, invoice.currency);
  if (lines.length === 0) return top;
  let y = ensureRoom(doc, top + 6, 40);
  doc.font("Helvetica-Bold").fontSize(11).fillColor(INK).text("Cómo pagar", PAGE.margin, y, { width: CONTENT_WIDTH });
  y = doc.y + 4;
  doc.font("Helvetica").fontSize(9.5).fillColor(INK);
  for (const line of lines) {
    const text = pdfText(line);
    y = ensureRoom(doc, y, doc.heightOfString(text, { width: CONTENT_WIDTH }) + 3);
    doc.font("Helvetica").fontSize(9.5).fillColor(INK).text(text, PAGE.margin, y, { width: CONTENT_WIDTH });
    y = doc.y + 3;
  }
  return y + 8;
}

const QR_SIZE = 92;

/** SUNAT's part: the QR code, the hash, the state and where to check the document and get its XML. */
function sunatBlock(doc: Doc, invoice: InvoiceDetailContract, qrPng: Buffer, top: number): number {
  const y = ensureRoom(doc, top + 6, QR_SIZE + 12);
  doc.save().lineWidth(0.75).strokeColor(RULE).moveTo(PAGE.margin, y - 6).lineTo(A4_WIDTH - PAGE.margin, y - 6).stroke().restore();
  doc.image(qrPng, PAGE.margin, y + 4, { width: QR_SIZE, height: QR_SIZE });
  const x = PAGE.margin + QR_SIZE + 16;
  const width = CONTENT_WIDTH - QR_SIZE - 16;
  const state = invoice.sunat.voiding ? `${invoice.sunat.status_label} (anulación en trámite)` : invoice.sunat.status_label;
  doc.font("Helvetica-Bold").fontSize(9.5).fillColor(INK).text("Código hash: ", x, y + 6, { width, continued: true });
  doc.font("Helvetica").text(invoice.sunat.hash ?? "pendiente de firma");
  doc.font("Helvetica-Bold").text("Estado en SUNAT: ", x, doc.y + 3, { width, continued: true });
  doc.font("Helvetica").text(pdfText(state));
  doc.moveDown(0.4).font("Helvetica").fontSize(9).fillColor(MUTED);
  doc.text("Consulte su comprobante en www.sunat.gob.pe", x, doc.y, { width });
  doc.text(`Descargue el XML y la constancia de SUNAT (CDR) en su portal de cliente: ${absoluteUrl(`/client/invoices/${invoice.id}`)}`, x, doc.y + 2, { width });
  return Math.max(doc.y, y + 4 + QR_SIZE) + 8;
}

/**
 * On every page: a rule, `text` on the left and "Página n de N" on the right, then `decorate`
 * (a mark across the page). Shared by the invoice and the statement.
 */
export function pageFooters(doc: Doc, text: string, decorate?: () => void) {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    // Writing inside the bottom margin must not open a new page.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const footerY = A4_HEIGHT - PAGE.margin - 14;
    doc.save().lineWidth(0.5).strokeColor(RULE).moveTo(PAGE.margin, footerY - 8).lineTo(A4_WIDTH - PAGE.margin, footerY - 8).stroke().restore();
    doc.font("Helvetica").fontSize(8).fillColor(MUTED);
    doc.text(text, PAGE.margin, footerY, { width: CONTENT_WIDTH - 90, lineBreak: false, ellipsis: true });
    doc.text(`Página ${index - range.start + 1} de ${range.count}`, A4_WIDTH - PAGE.margin - 90, footerY, { width: 90, align: "right", lineBreak: false });
    decorate?.();
    doc.page.margins.bottom = bottomMargin;
  }
}

/** On every page: the footer, and the "ANULADA" mark across a cancelled invoice. */
function decoratePages(doc: Doc, invoice: InvoiceDetailContract) {
  const cancelledMark = () => {
    doc.save();
    doc.rotate(-35, { origin: [A4_WIDTH / 2, A4_HEIGHT / 2] });
    doc.font("Helvetica-Bold").fontSize(110).fillColor(CANCELLED_RED).fillOpacity(0.22);
    doc.text("ANULADA", 0, A4_HEIGHT / 2 - 55, { width: A4_WIDTH, align: "center", lineBreak: false });
    doc.restore();
  };
  pageFooters(
    doc,
    `Representación impresa de la ${invoice.document_type.toLocaleLowerCase("es-PE")} ${invoice.invoice_number}.`,
    invoice.status === "cancelled" ? cancelledMark : undefined,
  );
}

/**
 * The invoice as an A4 PDF (metadata Title = its number). `instructions` ("Configuración ›
 * Cobros") are printed as "Cómo pagar" only while the invoice is open.
 */
export async function renderInvoicePdf(invoice: InvoiceDetailContract, instructions: PaymentInstructions | null = null): Promise<Buffer> {
  const qrPng = await sunatQrPng(sunatQrPayload(invoice));
  const { doc, done } = openPdf({ title: invoice.invoice_number, subject: `${invoice.document_type} ${invoice.invoice_number}`, author: invoice.issuer.name });

  let y = headerBlock(doc, invoice);
  y = detailsBlock(doc, invoice, y);
  y = linesTable(doc, invoice, y);
  y = totalsBlock(doc, invoice, y);
  y = creditNotesBlock(doc, invoice, y);
  y = paymentsBlock(doc, invoice, y);
  y = howToPayBlock(doc, invoice, instructions, y);
  sunatBlock(doc, invoice, qrPng, y);
  decoratePages(doc, invoice);
  doc.end();
  return done;
}

/** The invoice's printed copy as a download (the route answers it with lib/http/file-response). */
export async function invoicePdfFile(invoice: InvoiceDetailContract): Promise<{ fileName: string; contentType: string; body: Uint8Array }> {
  const instructions = isOpenInvoice(invoice.status) ? (await getCollectionSettings()).payment_instructions : null;
  const pdf = await renderInvoicePdf(invoice, instructions);
  return { fileName: invoicePdfFilename(invoice), contentType: "application/pdf", body: new Uint8Array(pdf) };
}
