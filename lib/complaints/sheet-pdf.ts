import "server-only";
import type { Complaint } from "@/lib/generated/prisma/client";
import { A4_WIDTH, CONTENT_WIDTH, ensureRoom, HEAD_FILL, INK, letterhead, MUTED, openPdf, PAGE, pageFooters, pdfText, RULE, type Doc } from "@/lib/billing/pdf";
import { getSiteSettings } from "@/lib/content/settings";
import { calendarDate, formatCalendarDate } from "@/lib/dates";
import { formatLongDate, formatMoney } from "@/lib/format";
import { PERSONAL_DOCUMENT_LABELS } from "@/lib/legal/personal-document";
import { COMPLAINT_ANSWER_BUSINESS_DAYS, COMPLAINT_GOOD_TYPE_LABELS, COMPLAINT_KIND_DEFINITIONS, COMPLAINT_KIND_LABELS } from "./labels";

// The "Hoja de reclamación" as an A4 PDF, in the order the regulation of the Libro de
// Reclamaciones lays a sheet out: the provider (name, RUC, address) and the sheet's number and
// date, then 1. the consumer (and the parent or guardian of a minor), 2. the good contracted,
// 3. the detail and the consumer's request, 4. the provider's answer (or the term to answer),
// and the legal notes. Drawn with the billing PDFs' pieces (lib/billing/pdf.ts). The consumer
// gets it by e-mail and through their signed link; the admin screen and the authority's export
// use it too.

/** The legal note every sheet carries. */
export const COMPLAINT_LEGAL_NOTE =
  "La formulación del reclamo no impide acudir a otras vías de solución de controversias ni es requisito previo para interponer una denuncia ante el INDECOPI.";

/** The term to answer, as the sheet states it. */
export const COMPLAINT_TERM_NOTE = `El proveedor deberá dar respuesta al reclamo o queja en un plazo no mayor a ${COMPLAINT_ANSWER_BUSINESS_DAYS} días hábiles.`;

/** A numbered section's heading on a shaded band. */
function sectionHeading(doc: Doc, title: string, top: number): number {
  const y = ensureRoom(doc, top, 60);
  doc.save().rect(PAGE.margin, y, CONTENT_WIDTH, 20).fill(HEAD_FILL).restore();
  doc.font("Helvetica-Bold").fontSize(10).fillColor(INK).text(pdfText(title), PAGE.margin + 6, y + 6, { width: CONTENT_WIDTH - 12, lineBreak: false });
  return y + 28;
}

/** "Label: value" rows, the value wrapping under the width. */
function fieldRows(doc: Doc, rows: [string, string][], top: number): number {
  let y = top;
  for (const [label, value] of rows) {
    const text = pdfText(value || "—");
    doc.font("Helvetica").fontSize(9.5);
    const height = doc.heightOfString(`${label}: ${text}`, { width: CONTENT_WIDTH - 12 });
    y = ensureRoom(doc, y, height + 4);
    doc.font("Helvetica-Bold").fontSize(9.5).fillColor(INK).text(`${label}: `, PAGE.margin + 6, y, { width: CONTENT_WIDTH - 12, continued: true });
    doc.font("Helvetica").fillColor(INK).text(text);
    y = doc.y + 4;
  }
  return y + 6;
}

/** A labelled block of free text (the detail, the request, the answer), over several pages if it must. */
function textBlock(doc: Doc, label: string, value: string, top: number): number {
  let y = ensureRoom(doc, top, 40);
  doc.font("Helvetica-Bold").fontSize(9.5).fillColor(INK).text(`${label}:`, PAGE.margin + 6, y, { width: CONTENT_WIDTH - 12 });
  y = doc.y + 3;
  // pdfkit moves on to a new page by itself when a paragraph runs past the bottom margin.
  doc.font("Helvetica").fontSize(9.5).fillColor(INK).text(pdfText(value), PAGE.margin + 6, y, { width: CONTENT_WIDTH - 12 });
  return doc.y + 10;
}

function documentText(type: Complaint["documentType"] | null, number: string | null): string {
  if (!type || !number) return "—";
  return `${PERSONAL_DOCUMENT_LABELS[type]} ${number}`;
}

/**
 * The sheet as an A4 PDF (metadata Title "Hoja de reclamación 2026-000001"), as it stands: with
 * its answer once there is one.
 */
export async function complaintSheetPdf(complaint: Complaint): Promise<Buffer> {
  const settings = await getSiteSettings();
  const issuer = { name: settings.companyLegalName ?? settings.companyName, tax_id: settings.companyTaxId, address: settings.contactAddress };
  // A long detail flows onto the next page by itself, above the footer.
  const { doc, done } = openPdf({ title: `Hoja de reclamación ${complaint.number}`, subject: "Libro de Reclamaciones", author: issuer.name }, { flowing: true });

  let y = letterhead(doc, {
    issuer,
    box: [
      [`RUC ${issuer.tax_id ?? "—"}`, 12],
      ["LIBRO DE RECLAMACIONES", 10],
      [`N.° ${complaint.number}`, 13],
    ],
    title: "Libro de Reclamaciones — Hoja de reclamación",
  });
  doc.save().lineWidth(0.75).strokeColor(RULE).moveTo(PAGE.margin, y - 8).lineTo(A4_WIDTH - PAGE.margin, y - 8).stroke().restore();
  y = fieldRows(
    doc,
    [
      ["Hoja de reclamación N.°", complaint.number],
      ["Fecha y hora de registro", `${formatLongDate(complaint.submittedAt)} (hora de Lima)`],
      ["Proveedor", `${issuer.name} · RUC ${issuer.tax_id ?? "—"}${issuer.address ? ` · ${issuer.address}` : ""}`],
    ],
    y,
  );

  y = sectionHeading(doc, "1. Identificación del consumidor reclamante", y);
  y = fieldRows(
    doc,
    [
      ["Nombre", complaint.consumerName],
      ["Documento de identidad", documentText(complaint.documentType, complaint.documentNumber)],
      ["Domicilio", complaint.address],
      ["Teléfono", complaint.phone ?? "—"],
      ["Correo electrónico", complaint.email],
      ["Menor de edad", complaint.isMinor ? "Sí" : "No"],
      ...(complaint.isMinor
        ? ([
            ["Padre, madre o apoderado", complaint.guardianName ?? "—"],
            ["Documento del padre, madre o apoderado", documentText(complaint.guardianDocumentType, complaint.guardianDocumentNumber)],
          ] as [string, string][])
        : []),
    ],
    y,
  );

  y = sectionHeading(doc, "2. Identificación del bien contratado", y);
  y = fieldRows(
    doc,
    [
      ["Tipo", COMPLAINT_GOOD_TYPE_LABELS[complaint.goodType]],
      ["Monto reclamado", complaint.amountClaimed ? formatMoney(complaint.amountClaimed.toFixed(2), complaint.currency) : "No indicado"],
    ],
    y,
  );
  y = textBlock(doc, "Descripción", complaint.goodDescription, y);

  y = sectionHeading(doc, "3. Detalle de la reclamación y pedido del consumidor", y);
  y = fieldRows(doc, [[COMPLAINT_KIND_LABELS[complaint.kind], COMPLAINT_KIND_DEFINITIONS[complaint.kind]]], y);
  y = textBlock(doc, "Detalle", complaint.detail, y);
  y = textBlock(doc, "Pedido del consumidor", complaint.consumerRequest, y);

  y = sectionHeading(doc, "4. Observaciones y acciones adoptadas por el proveedor", y);
  if (complaint.answer && complaint.answeredAt) {
    y = fieldRows(doc, [["Fecha de respuesta", `${formatLongDate(complaint.answeredAt)} (hora de Lima)`]], y);
    y = textBlock(doc, "Respuesta", complaint.answer, y);
  } else {
    y = fieldRows(doc, [["Estado", `Pendiente de respuesta. Plazo: hasta el ${formatCalendarDate(calendarDate(complaint.dueDate))}`]], y);
  }

  y = ensureRoom(doc, y + 4, 70);
  doc.save().lineWidth(0.75).strokeColor(RULE).moveTo(PAGE.margin, y - 6).lineTo(A4_WIDTH - PAGE.margin, y - 6).stroke().restore();
  doc.font("Helvetica").fontSize(8.5).fillColor(MUTED);
  doc.text(`Reclamo: ${COMPLAINT_KIND_DEFINITIONS.reclamo} Queja: ${COMPLAINT_KIND_DEFINITIONS.queja}`, PAGE.margin, y, { width: CONTENT_WIDTH });
  doc.text(pdfText(COMPLAINT_LEGAL_NOTE), PAGE.margin, doc.y + 3, { width: CONTENT_WIDTH });
  doc.text(pdfText(COMPLAINT_TERM_NOTE), PAGE.margin, doc.y + 3, { width: CONTENT_WIDTH });
  doc.text(`Política de privacidad aceptada: versión ${pdfText(complaint.privacyVersion)}.`, PAGE.margin, doc.y + 3, { width: CONTENT_WIDTH });

  pageFooters(doc, pdfText(`Libro de Reclamaciones de ${issuer.name}: hoja N.° ${complaint.number}.`));
  doc.end();
  return done;
}

/** The file name of a sheet's PDF: "hoja-de-reclamacion-2026-000001.pdf". */
export function complaintSheetFilename(complaint: Pick<Complaint, "number">): string {
  return `hoja-de-reclamacion-${complaint.number}.pdf`;
}
