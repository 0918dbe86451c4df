import "server-only";
import { A4_WIDTH, BOTTOM, CONTENT_WIDTH, displayDate, HEAD_FILL, INK, letterhead, MUTED, openPdf, PAGE, pageFooters, pdfText, RULE, type Doc } from "@/lib/billing/pdf";
import { db } from "@/lib/db";
import { businessDate } from "@/lib/dates";
import { formatDate, formatMoney } from "@/lib/format";
import { exportComplaints, type ComplaintDetailContract } from "./admin-queries";
import { complaintExportFileName } from "./admin-schema";

// The register of the Libro de Reclamaciones for the authority (INDECOPI): every sheet submitted
// in a period, one line each (number, date, consumer, document, kind, good, amount, state,
// answered date), with the provider's letterhead and the counts. Drawn with the billing PDFs'
// pieces (lib/billing/pdf.ts), on A4 portrait: the nine columns fit at 7.5 pt.

/** Who keeps the book: the company of the site settings. */
export type ComplaintIssuer = { name: string; tax_id: string | null; address: string | null; email: string | null };

export async function complaintIssuer(): Promise<ComplaintIssuer> {
  const settings = await db.siteSettings.findUnique({
    where: { id: 1 },
    select: { companyLegalName: true, companyName: true, companyTaxId: true, contactAddress: true, contactEmail: true },
  });
  return {
    name: settings?.companyLegalName || settings?.companyName || "Lumen Consultoría TI",
    tax_id: settings?.companyTaxId || null,
    address: settings?.contactAddress || null,
    email: settings?.contactEmail || null,
  };
}

type Column = { header: string; width: number; align?: "left" | "right"; value: (sheet: ComplaintDetailContract) => string };

const COLUMNS: Column[] = [
  { header: "N.° de hoja", width: 58, value: (sheet) => sheet.number },
  { header: "Fecha", width: 50, value: (sheet) => displayDate(businessDate(new Date(sheet.submitted_at))) },
  { header: "Consumidor", width: 100, value: (sheet) => sheet.consumer.name },
  { header: "Documento", width: 72, value: (sheet) => `${sheet.consumer.document_type_label} ${sheet.consumer.document_number}` },
  { header: "Tipo", width: 40, value: (sheet) => sheet.kind_label },
  { header: "Bien", width: 44, value: (sheet) => sheet.good_type_label },
  { header: "Monto", width: 55, align: "right", value: (sheet) => (sheet.amount_claimed ? formatMoney(sheet.amount_claimed, sheet.currency) : "—") },
  { header: "Estado", width: 46, value: (sheet) => sheet.state_label },
  { header: "Respondida", width: 50, value: (sheet) => (sheet.answered_at ? displayDate(businessDate(new Date(sheet.answered_at))) : "—") },
];
const PADDING = 3;
const FONT_SIZE = 7.5;

function tableHeader(doc: Doc, y: number): number {
  const height = 18;
  doc.save().rect(PAGE.margin, y, CONTENT_WIDTH, height).fill(HEAD_FILL).restore();
  doc.font("Helvetica-Bold").fontSize(FONT_SIZE).fillColor(INK);
  let x = PAGE.margin;
  for (const column of COLUMNS) {
    doc.text(column.header, x + PADDING, y + 5.5, { width: column.width - 2 * PADDING, align: column.align ?? "left", lineBreak: false });
    x += column.width;
  }
  return y + height;
}

function row(doc: Doc, y: number, sheet: ComplaintDetailContract): number {
  doc.font("Helvetica").fontSize(FONT_SIZE);
  const values = COLUMNS.map((column) => pdfText(column.value(sheet)));
  const height = Math.max(...values.map((text, index) => doc.heightOfString(text || " ", { width: COLUMNS[index].width - 2 * PADDING })), 9) + 2 * PADDING;
  if (y + height > BOTTOM) {
    doc.addPage();
    y = tableHeader(doc, PAGE.margin);
    doc.font("Helvetica").fontSize(FONT_SIZE);
  }
  let x = PAGE.margin;
  doc.fillColor(INK);
  values.forEach((text, index) => {
    const column = COLUMNS[index];
    doc.text(text, x + PADDING, y + PADDING, { width: column.width - 2 * PADDING, align: column.align ?? "left" });
    x += column.width;
  });
  y += height;
  doc.save().lineWidth(0.5).strokeColor(RULE).moveTo(PAGE.margin, y).lineTo(A4_WIDTH - PAGE.margin, y).stroke().restore();
  return y;
}

const plural = (count: number, one: string, many: string) => `${count.toLocaleString("es-PE")} ${count === 1 ? one : many}`;

/** The register of the sheets (already read, in order) as an A4 PDF. */
export async function renderComplaintRegisterPdf(sheets: ComplaintDetailContract[], range: { from: string; to: string }, issuer: ComplaintIssuer, now = new Date()): Promise<Buffer> {
  const period = `del ${displayDate(range.from)} al ${displayDate(range.to)}`;
  const { doc, done } = openPdf({ title: `Libro de Reclamaciones ${range.from} – ${range.to}`, subject: "Registro de hojas de reclamación", author: issuer.name });

  let y = letterhead(doc, {
    issuer,
    box: [
      [`RUC ${issuer.tax_id ?? "—"}`, 12],
      ["LIBRO DE RECLAMACIONES", 10],
      [`${displayDate(range.from)} – ${displayDate(range.to)}`, 11],
    ],
    title: `Registro de hojas de reclamación ${period}`,
  });
  const count = (test: (sheet: ComplaintDetailContract) => boolean) => sheets.filter(test).length;
  const summary = [
    plural(sheets.length, "hoja", "hojas"),
    plural(count((sheet) => sheet.kind === "reclamo"), "reclamo", "reclamos"),
    plural(count((sheet) => sheet.kind === "queja"), "queja", "quejas"),
    plural(count((sheet) => sheet.state === "answered"), "respondida", "respondidas"),
    plural(count((sheet) => sheet.state === "pending"), "pendiente", "pendientes"),
    plural(count((sheet) => sheet.state === "overdue"), "vencida", "vencidas"),
  ].join(" · ");
  doc.font("Helvetica").fontSize(9).fillColor(INK).text(pdfText(summary), PAGE.margin, y - 4, { width: CONTENT_WIDTH });
  doc.font("Helvetica").fontSize(8).fillColor(MUTED).text(pdfText(`Generado el ${formatDate(now)} (hora de Lima). Estados a esa fecha; plazo de respuesta: 15 días hábiles.`), PAGE.margin, doc.y + 2, { width: CONTENT_WIDTH });
  y = tableHeader(doc, doc.y + 10);
  if (sheets.length === 0) {
    doc.font("Helvetica").fontSize(9).fillColor(MUTED).text("No se presentaron hojas de reclamación en este periodo.", PAGE.margin + PADDING, y + 6, { width: CONTENT_WIDTH });
  }
  for (const sheet of sheets) y = row(doc, y, sheet);
  pageFooters(doc, pdfText(`Libro de Reclamaciones de ${issuer.name}, ${period}.`));
  doc.end();
  return done;
}

/** The register of a period as a download ("libro-de-reclamaciones-2026-01-01_2026-12-31.pdf"). */
export async function complaintRegisterPdfFile(range: { from: string; to: string }): Promise<{ fileName: string; contentType: string; body: Uint8Array }> {
  const sheets: ComplaintDetailContract[] = [];
  for await (const batch of exportComplaints(range)) sheets.push(...batch);
  const pdf = await renderComplaintRegisterPdf(sheets, range, await complaintIssuer());
  return { fileName: complaintExportFileName(range, "pdf"), contentType: "application/pdf", body: new Uint8Array(pdf) };
}
