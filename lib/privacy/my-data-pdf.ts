import "server-only";
import { INVOICE_STATUS_LABELS, PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS, SUBSCRIPTION_STATUS_LABELS } from "@/lib/billing/labels";
import { PAYMENT_REPORT_STATUS_LABELS } from "@/lib/billing/payment-report-schema";
import { A4_WIDTH, CONTENT_WIDTH, ensureRoom, INK, letterhead, MUTED, openPdf, PAGE, pageFooters, pdfText, RULE, type Doc } from "@/lib/billing/pdf";
import { COMPLAINT_KIND_LABELS } from "@/lib/complaints/labels";
import { formatCalendarDate } from "@/lib/dates";
import { db } from "@/lib/db";
import { billingPeriodLabel, formatDate, formatMoney } from "@/lib/format";
import { ticketStatusLabel } from "@/lib/support/labels";
import { MY_DATA_GROUPS } from "./data-map";
import type { MyDataListGroup, MyDataSummary } from "./my-data";

// The readable summary of "Mis datos" as an A4 PDF, drawn with the billing PDFs' pieces (the
// letterhead, fonts, footers): the person's profile, then each group of the export with how
// many rows it has and its most recent rows in one line each. The JSON file has every row and
// every field; the summary says so at the top.

export const MY_DATA_PDF_NOTE = "Este resumen acompaña el archivo JSON con el detalle completo.";

export const MY_DATA_GROUP_TITLES: Record<MyDataListGroup, string> = {
  linked_accounts: "Cuentas vinculadas",
  subscriptions: "Suscripciones",
  invoices: "Comprobantes",
  payments: "Pagos",
  payment_reports: "Pagos informados",
  customer_credits: "Movimientos de saldo a favor",
  tickets: "Tickets de soporte",
  contact_messages: "Mensajes de contacto",
  complaints: "Libro de Reclamaciones",
  data_requests: "Solicitudes sobre tus datos personales",
  notifications: "Notificaciones",
  sessions: "Sesiones",
  api_tokens: "Accesos a la API",
  audit_entries: "Registro de actividad",
  emails_sent_to_me: "Correos que te enviamos",
  emails_received_from_me: "Correos que recibimos de ti",
};

const ROLE_LABELS: Record<string, string> = { client: "Cliente", admin: "Administrador" };
const DATA_REQUEST_KIND_LABELS: Record<string, string> = {
  access: "Acceso",
  rectification: "Rectificación",
  cancellation: "Cancelación",
  opposition: "Oposición",
  portability: "Portabilidad",
};
const DATA_REQUEST_STATUS_LABELS: Record<string, string> = { pending: "Pendiente", completed: "Atendida", rejected: "Rechazada" };
const MAIL_STATUS_LABELS: Record<string, string> = { sending: "Enviando", sent: "Enviado", failed: "No enviado", not_configured: "No enviado (correo sin configurar)" };
const CREDIT_KIND_LABELS: Record<string, string> = { credit_note: "Nota de crédito", refund: "Devolución", applied: "Aplicado a un comprobante" };
const WHO_LABELS: Record<string, string> = { me: "tú", staff: "nuestro equipo", system: "el sistema" };

const label = (labels: Record<string, string>, value: string | null | undefined) => (value ? (labels[value] ?? value) : "—");
const when = (value: string | null | undefined) => (value ? formatDate(value) : "—");
const money = (amount: string, currency: string) => formatMoney(amount, currency);

type Lines = { [G in MyDataListGroup]: (row: MyDataSummary["groups"][G]["rows"][number]) => string };

/** One line per row of each group: what a person recognises it by. */
const LINES: Lines = {
  linked_accounts: (row) => `${row.provider === "google" ? "Google" : row.provider} · vinculada el ${when(row.linked_at)}`,
  subscriptions: (row) =>
    `${row.plan_name} · ${money(row.amount, row.currency)} ${billingPeriodLabel(row.billing_period).toLocaleLowerCase("es-PE")} · ${label(SUBSCRIPTION_STATUS_LABELS, row.status)}`,
  invoices: (row) =>
    `${row.number} · ${formatCalendarDate(row.issued_at)} · ${money(row.total, row.currency)} · ${label(INVOICE_STATUS_LABELS, row.status)}`,
  payments: (row) =>
    `${when(row.paid_at)} · ${money(row.amount, row.currency)} · ${label(PAYMENT_METHOD_LABELS, row.method)} · ${label(PAYMENT_STATUS_LABELS, row.status)}${row.invoice_number ? ` · ${row.invoice_number}` : ""}`,
  payment_reports: (row) =>
    `${formatCalendarDate(row.paid_on)} · ${money(row.amount, row.currency)} · ${row.invoice_number} · ${label(PAYMENT_REPORT_STATUS_LABELS, row.status)}`,
  customer_credits: (row) => `${when(row.created_at)} · ${money(row.amount, row.currency)} · ${label(CREDIT_KIND_LABELS, row.kind)}`,
  tickets: (row) => `#${row.id} ${row.subject} · ${ticketStatusLabel(row.status)} · ${row.replies.length} respuesta${row.replies.length === 1 ? "" : "s"}`,
  contact_messages: (row) => `${when(row.created_at)} · ${row.subject ?? "Sin asunto"} · ${row.entries.length} entrada${row.entries.length === 1 ? "" : "s"}`,
  complaints: (row) => `${row.number} · ${label(COMPLAINT_KIND_LABELS, row.kind)} · ${when(row.submitted_at)} · ${row.answer ? "Respondida" : "Sin respuesta"}`,
  data_requests: (row) => `${label(DATA_REQUEST_KIND_LABELS, row.kind)} · ${when(row.submitted_at)} · ${label(DATA_REQUEST_STATUS_LABELS, row.status)}`,
  notifications: (row) => `${when(row.created_at)} · ${row.title}${row.read_at ? "" : " · sin leer"}`,
  sessions: (row) => `Abierta el ${when(row.created_at)} · vence el ${when(row.expires_at)}`,
  api_tokens: (row) => `${row.name} · creado el ${when(row.created_at)} · último uso: ${when(row.last_used_at)}`,
  audit_entries: (row) => `${when(row.created_at)} · ${row.action} · por ${label(WHO_LABELS, row.by)}`,
  emails_sent_to_me: (row) => `${when(row.sent_at)} · ${row.subject} · ${label(MAIL_STATUS_LABELS, row.status)}`,
  emails_received_from_me: (row) => `${when(row.received_at)} · ${row.subject}`,
};

function lineFor<G extends MyDataListGroup>(group: G, row: MyDataSummary["groups"][G]["rows"][number]): string {
  return (LINES[group] as (row: MyDataSummary["groups"][G]["rows"][number]) => string)(row);
}

function heading(doc: Doc, y: number, text: string): number {
  y = ensureRoom(doc, y, 48);
  doc.font("Helvetica-Bold").fontSize(12).fillColor(INK).text(pdfText(text), PAGE.margin, y, { width: CONTENT_WIDTH });
  const under = doc.y + 2;
  doc.save().lineWidth(0.5).strokeColor(RULE).moveTo(PAGE.margin, under).lineTo(A4_WIDTH - PAGE.margin, under).stroke().restore();
  return under + 6;
}

function bullet(doc: Doc, y: number, text: string, muted = false): number {
  doc.font("Helvetica").fontSize(9);
  y = ensureRoom(doc, y, doc.heightOfString(pdfText(text), { width: CONTENT_WIDTH - 12 }));
  doc.fillColor(muted ? MUTED : INK).text(muted ? pdfText(text) : `• ${pdfText(text)}`, PAGE.margin + (muted ? 0 : 4), y, { width: CONTENT_WIDTH - 12 });
  return doc.y + 2;
}

function profileBlock(doc: Doc, summary: MyDataSummary, top: number): number {
  const profile = summary.profile;
  const rows: [string, string][] = [
    ["Nombre", profile.name],
    ["Correo", `${profile.email} (${profile.email_verified ? "verificado" : "sin verificar"})`],
    ["Rol", label(ROLE_LABELS, profile.role)],
    ["Nombre de facturación", profile.billing_name ?? "—"],
    ["RUC o DNI", profile.tax_id ?? "—"],
    ["Política de privacidad aceptada", profile.privacy_version ? `versión ${profile.privacy_version}, el ${when(profile.privacy_accepted_at)}` : "—"],
    ["Segundo factor", profile.second_factor.enabled ? `activado desde el ${when(profile.second_factor.enabled_since)}` : "no activado"],
    ["Cuenta creada el", when(profile.created_at)],
  ];
  let y = heading(doc, top, "Tu perfil");
  for (const [name, value] of rows) {
    y = ensureRoom(doc, y, 14);
    doc.font("Helvetica-Bold").fontSize(9.5).fillColor(INK).text(`${name}: `, PAGE.margin, y, { width: CONTENT_WIDTH, continued: true });
    doc.font("Helvetica").text(pdfText(value));
    y = doc.y + 3;
  }
  return y + 10;
}

/** The summary as an A4 PDF (metadata Title "Mis datos personales"). */
export async function renderMyDataPdf(summary: MyDataSummary, issuer: { name: string; tax_id: string | null; address: string | null }): Promise<Buffer> {
  const { doc, done } = openPdf({ title: "Mis datos personales", subject: `Datos personales de ${summary.profile.name}`, author: issuer.name });

  let y = letterhead(doc, {
    issuer,
    box: [
      [`RUC ${issuer.tax_id ?? "—"}`, 12],
      ["MIS DATOS PERSONALES", 11],
      [formatDate(summary.generated_at).split(",")[0], 11],
    ],
    title: `Resumen de los datos personales de ${summary.profile.name}`,
  });
  doc.font("Helvetica").fontSize(9.5).fillColor(MUTED).text(MY_DATA_PDF_NOTE, PAGE.margin, y - 6, { width: CONTENT_WIDTH });
  doc.text(pdfText(`Generado el ${formatDate(summary.generated_at)} (hora de Lima).`), { width: CONTENT_WIDTH });
  y = doc.y + 12;

  y = profileBlock(doc, summary, y);
  for (const group of MY_DATA_GROUPS) {
    if (group === "profile") continue;
    const { count, rows } = summary.groups[group];
    y = heading(doc, y, `${MY_DATA_GROUP_TITLES[group]} (${count})`);
    if (count === 0) y = bullet(doc, y, "Ninguno.", true);
    for (const row of rows) y = bullet(doc, y, lineFor(group, row as never));
    if (count > rows.length) y = bullet(doc, y, `Se muestran los ${rows.length} más recientes de ${count}; el archivo JSON los tiene todos.`, true);
    y += 10;
  }

  pageFooters(doc, pdfText(`Datos personales de ${summary.profile.name}. ${MY_DATA_PDF_NOTE}`));
  doc.end();
  return done;
}

/** The summary's PDF as a download, issued by the company in the site settings. */
export async function myDataPdfFile(summary: MyDataSummary, fileName: string): Promise<{ fileName: string; contentType: string; body: Uint8Array }> {
  const settings = await db.siteSettings.findUnique({ where: { id: 1 }, select: { companyLegalName: true, companyName: true, companyTaxId: true, contactAddress: true } });
  const issuer = {
    name: settings?.companyLegalName || settings?.companyName || "Lumen Consultoría TI",
    tax_id: settings?.companyTaxId ?? null,
    address: settings?.contactAddress ?? null,
  };
  const pdf = await renderMyDataPdf(summary, issuer);
  return { fileName, contentType: "application/pdf", body: new Uint8Array(pdf) };
}
