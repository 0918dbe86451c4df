// The back office's words for the Libro de Reclamaciones: the answer e-mail's states, a sheet's
// states, the limits of the answer and of the authority's export, and the "Plazo" wording. Pure,
// without zod (lib/complaints/admin-schema.ts holds the schemas and re-exports these), and apart
// from ./labels.ts, which the public form loads.

/** Where the answer's e-mail stands (the latest one logged): as lib/mail.ts logs it, or none yet. */
export const ANSWER_EMAIL_STATUSES = ["sent", "failed", "not_configured", "sending", "none"] as const;
export type AnswerEmailStatus = (typeof ANSWER_EMAIL_STATUSES)[number];

export const ANSWER_EMAIL_STATUS_LABELS: Record<AnswerEmailStatus, string> = {
  sent: "Enviado",
  failed: "No se pudo enviar",
  not_configured: "No enviado: el correo saliente no está configurado",
  sending: "Enviando",
  none: "Sin enviar",
};

/** Where a sheet stands: not answered and still in time, not answered past its due date, answered. */
export const COMPLAINT_STATES = ["pending", "overdue", "answered"] as const;
export type ComplaintState = (typeof COMPLAINT_STATES)[number];

export const COMPLAINT_STATE_LABELS: Record<ComplaintState, string> = {
  pending: "Pendiente",
  overdue: "Vencida",
  answered: "Respondida",
};

/** The longest answer, in characters. */
export const COMPLAINT_ANSWER_MAX = 5000;

/** The longest period the authority's export covers, in days (both ends included). */
export const COMPLAINT_EXPORT_MAX_DAYS = 366;

// ── The deadline, as the screens word it ─────────────────────────────────────

const businessDays = (count: number) => `${count} ${count === 1 ? "día hábil" : "días hábiles"}`;

/** "22/11/2026" from "2026-11-22" or an instant (its Lima day). */
function peruDay(value: string): string {
  const calendar = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : new Intl.DateTimeFormat("en-CA", { timeZone: "America/Lima" }).format(new Date(value));
  const [year, month, dayOfMonth] = calendar.split("-");
  return `${dayOfMonth}/${month}/${year}`;
}

export type ComplaintDeadline = { text: string; tone: "ok" | "today" | "overdue" | "answered" };

/**
 * The "Plazo" of a sheet: "Quedan 5 días hábiles", "Vence hoy", "Vencida hace 2 días hábiles"
 * (or, past the due date on a day that is not a business day, "Vencida el 20/11/2026"),
 * "Respondida el 22/11/2026".
 */
export function complaintDeadline(sheet: { state: ComplaintState; days_left: number | null; due_date: string; answered_at: string | null }): ComplaintDeadline {
  if (sheet.state === "answered" || sheet.answered_at) return { text: `Respondida el ${sheet.answered_at ? peruDay(sheet.answered_at) : "—"}`, tone: "answered" };
  const left = sheet.days_left ?? 0;
  if (sheet.state === "overdue") {
    return { text: left < 0 ? `Vencida hace ${businessDays(-left)}` : `Vencida el ${peruDay(sheet.due_date)}`, tone: "overdue" };
  }
  if (left === 0) return { text: "Vence hoy", tone: "today" };
  return { text: `${left === 1 ? "Queda" : "Quedan"} ${businessDays(left)}`, tone: "ok" };
}
