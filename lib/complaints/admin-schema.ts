// The back office's side of the Libro de Reclamaciones: the list's query (GET
// /api/v1/admin/complaints and "Libro de Reclamaciones"), the answer's input, the authority's
// export period. Pure. The sheet's states, the limits and the "Plazo" wording the screens show live
// in ./admin-labels.ts (without zod), re-exported here.
import { addDays, isCalendarDate } from "@/lib/dates";
import { pageParams } from "@/lib/list/paging";
import { oneOfParam, optionalParam, textParam } from "@/lib/list/query-params";
import { multilineText, z } from "@/lib/zod";
import { COMPLAINT_ANSWER_MAX, COMPLAINT_EXPORT_MAX_DAYS, COMPLAINT_STATES } from "./admin-labels";
import { COMPLAINT_KINDS } from "./labels";

export { COMPLAINT_ANSWER_MAX, COMPLAINT_EXPORT_MAX_DAYS, COMPLAINT_STATE_LABELS, COMPLAINT_STATES, complaintDeadline } from "./admin-labels";
export type { ComplaintDeadline, ComplaintState } from "./admin-labels";

/** The list's orders: newest submitted first (the default), or the nearest due date first. */
export const COMPLAINT_SORTS = ["submitted_at", "due_date"] as const;
export type ComplaintSort = (typeof COMPLAINT_SORTS)[number];

export { ANSWER_EMAIL_STATUS_LABELS, ANSWER_EMAIL_STATUSES } from "./admin-labels";
export type { AnswerEmailStatus } from "./admin-labels";

/** The mail log's kind of the answer's e-mail (outbound_emails.kind), with related { type: "complaint", id }. */
export const COMPLAINT_ANSWER_MAIL_KIND = "complaint_answer";
export const COMPLAINT_RELATED_TYPE = "complaint";

export const COMPLAINT_ADMIN_MESSAGES = {
  notFound: "Hoja de reclamación no encontrada.",
  alreadyAnswered: "Esta hoja ya fue respondida.",
  answerRequired: "Escribe la respuesta.",
  answerTooLong: `La respuesta no puede superar los ${COMPLAINT_ANSWER_MAX.toLocaleString("es-PE")} caracteres.`,
  answerNotText: "La respuesta debe ser texto.",
  notAnswered: "Esta hoja aún no tiene respuesta que reenviar.",
  alreadySent: "El correo de la respuesta ya se envió.",
  mailNotConfigured: "El correo saliente no está configurado (SMTP_URL): configúralo y vuelve a intentarlo.",
  sending: "El correo de la respuesta se está enviando. Espera un momento y vuelve a intentarlo.",
  methodNotAllowed: "Una hoja del Libro de Reclamaciones no se puede modificar ni eliminar; solo se registra su respuesta.",
  from: "La fecha «Desde» debe ser una fecha válida (AAAA-MM-DD).",
  to: "La fecha «Hasta» debe ser una fecha válida (AAAA-MM-DD).",
  order: "La fecha «Desde» no puede ser posterior a «Hasta».",
  fromRequired: "Indica desde qué fecha exportar (AAAA-MM-DD).",
  toRequired: "Indica hasta qué fecha exportar (AAAA-MM-DD).",
  tooLong: `El periodo no puede superar los ${COMPLAINT_EXPORT_MAX_DAYS} días.`,
  format: "El parámetro format debe ser csv o pdf.",
} as const;

const M = COMPLAINT_ADMIN_MESSAGES;

const day = (message: string) => z.string({ error: message }).trim().refine(isCalendarDate, { error: message });

/**
 * ?page&per_page&state&kind&from&to&q&sort. `from` and `to` are Lima days of submission, both
 * included; `q` finds the number, the consumer's name, document number or e-mail.
 */
export const complaintListQuerySchema = z
  .object({
    ...pageParams,
    state: oneOfParam(COMPLAINT_STATES, "El parámetro state debe ser pending, overdue o answered."),
    kind: oneOfParam(COMPLAINT_KINDS as unknown as readonly ["reclamo", "queja"], "El parámetro kind debe ser reclamo o queja."),
    from: optionalParam(day(M.from)),
    to: optionalParam(day(M.to)),
    q: textParam(200, "La búsqueda no puede superar los 200 caracteres."),
    sort: oneOfParam(COMPLAINT_SORTS, "El parámetro sort debe ser submitted_at o due_date."),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: M.order, path: ["from"] });

export type ComplaintListQuery = z.output<typeof complaintListQuerySchema>;

/** POST …/complaints/{id}/answer and the answer form: `{ answer }`, 1 to 5,000 characters, several lines allowed. */
export const complaintAnswerSchema = z.object({
  answer: multilineText({ error: M.answerNotText }).min(1, M.answerRequired).max(COMPLAINT_ANSWER_MAX, M.answerTooLong),
});

export type ComplaintAnswerValues = z.input<typeof complaintAnswerSchema>;

export const COMPLAINT_EXPORT_FORMATS = ["csv", "pdf"] as const;
export type ComplaintExportFormat = (typeof COMPLAINT_EXPORT_FORMATS)[number];

/** The export's period: both days required, in order, at most COMPLAINT_EXPORT_MAX_DAYS days. */
function checkPeriod(range: { from: string; to: string }, context: z.core.$RefinementCtx) {
  if (range.from > range.to) context.addIssue({ code: "custom", message: M.order, path: ["from"] });
  else if (range.to > addDays(range.from, COMPLAINT_EXPORT_MAX_DAYS - 1)) context.addIssue({ code: "custom", message: M.tooLong, path: ["to"] });
}

/** GET /api/v1/admin/complaints/export?format=csv|pdf&from=YYYY-MM-DD&to=YYYY-MM-DD. */
export const complaintExportQuerySchema = z
  .object({
    format: z.enum(COMPLAINT_EXPORT_FORMATS, { error: M.format }),
    from: z.string({ error: M.fromRequired }).pipe(day(M.from)),
    to: z.string({ error: M.toRequired }).pipe(day(M.to)),
  })
  .superRefine(checkPeriod);

export type ComplaintExportQuery = z.output<typeof complaintExportQuerySchema>;

/** The export form on the screen (Desde, Hasta), checked as the route checks them. */
export const complaintExportFormSchema = z
  .object({ from: day(M.from), to: day(M.to), format: z.enum(COMPLAINT_EXPORT_FORMATS, { error: M.format }) })
  .superRefine(checkPeriod);

export type ComplaintExportFormValues = z.input<typeof complaintExportFormSchema>;

/** The export's download: "libro-de-reclamaciones-2026-01-01_2026-12-31.csv". */
export function complaintExportFileName(range: { from: string; to: string }, format: ComplaintExportFormat): string {
  return `libro-de-reclamaciones-${range.from}_${range.to}.${format}`;
}
