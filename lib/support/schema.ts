// Inputs of support tickets (zod 4). ONE schema per input: the client's and the
// admin's forms (react-hook-form), their server actions and the REST handlers parse with these.
// Bounds are the columns' (prisma/schema.prisma, models Ticket and TicketReply). Pure.
import { pageParams } from "@/lib/list/paging";
import { oneOfParam, textParam } from "@/lib/list/query-params";
import { MAX_RECORD_ID } from "@/lib/ids";
import { multilineText, singleLineText, stripUnsafeText, z } from "@/lib/zod";
import { TICKET_PRIORITIES, TICKET_STATUSES } from "./labels";
import { TICKET_LIMITS } from "./limits";

export { TICKET_LIMITS };

export const SUPPORT_MESSAGES = {
  invalid: "Revisa los campos marcados.",
  notFound: "Ticket no encontrado.",
  closed: "El ticket está cerrado y no admite más respuestas. Si necesitas más ayuda, abre un ticket nuevo.",
  subjectRequired: "El asunto es obligatorio.",
  subjectTooLong: `El asunto no puede superar los ${TICKET_LIMITS.subject} caracteres.`,
  messageRequired: "Describe tu consulta.",
  messageTooLong: "El mensaje no puede superar los 10.000 caracteres.",
  bodyRequired: "Escribe una respuesta.",
  bodyTooLong: "La respuesta no puede superar los 10.000 caracteres.",
  status: "El estado debe ser open, in_progress, resolved o closed.",
  priority: "La prioridad debe ser low, medium, high o urgent.",
  nothingToChange: "No enviaste ningún cambio (status, priority o assigned_to).",
  assignee: "El usuario no es administrador.",
  replyNotFound: "Respuesta no encontrada.",
  nothingToResend: "Esta respuesta no tiene un correo que reenviar.",
  alreadySent: "La respuesta ya se envió por correo.",
  mailNotConfigured: "El correo saliente no está configurado: la respuesta no se puede reenviar todavía.",
  sendInFlight: "La respuesta ya se está enviando por correo. Espera unos segundos.",
  attachmentNotFound: "Archivo adjunto no encontrado.",
} as const;

/** POST /api/v1/client/tickets and the "Nuevo ticket" form: `{ subject, message }`. */
export const ticketCreateSchema = z.object({
  subject: singleLineText({ error: SUPPORT_MESSAGES.subjectRequired })
    .min(1, SUPPORT_MESSAGES.subjectRequired)
    .max(TICKET_LIMITS.subject, SUPPORT_MESSAGES.subjectTooLong),
  message: multilineText({ error: SUPPORT_MESSAGES.messageRequired })
    .min(1, SUPPORT_MESSAGES.messageRequired)
    .max(TICKET_LIMITS.message, SUPPORT_MESSAGES.messageTooLong),
});

/** POST …/tickets/{id}/replies (client and admin) and the reply forms: `{ body }`. */
export const ticketReplySchema = z.object({
  body: multilineText({ error: SUPPORT_MESSAGES.bodyRequired })
    .min(1, SUPPORT_MESSAGES.bodyRequired)
    .max(TICKET_LIMITS.body, SUPPORT_MESSAGES.bodyTooLong),
});

/** A user id as the database writes them (cuid-like, at most 40 characters). */
const USER_ID_MAX = 40;

/**
 * Who a ticket is assigned to: an admin's user id, or null (or "", the form's "Sin asignar") for
 * nobody. Whether the id is an admin's is checked against the database by the service.
 */
const assigneeSchema = z.union(
  [
    z.literal("").transform(() => null),
    z.null(),
    singleLineText({ error: SUPPORT_MESSAGES.assignee }).min(1, SUPPORT_MESSAGES.assignee).max(USER_ID_MAX, SUPPORT_MESSAGES.assignee),
  ],
  { error: SUPPORT_MESSAGES.assignee },
);

/**
 * PUT /api/v1/admin/tickets/{id} and the admin's "Gestión" form: `{ status?, priority?,
 * assigned_to? }`, at least one.
 */
export const ticketUpdateSchema = z
  .object({
    status: z.enum(TICKET_STATUSES, { error: SUPPORT_MESSAGES.status }).optional(),
    priority: z.enum(TICKET_PRIORITIES, { error: SUPPORT_MESSAGES.priority }).optional(),
    assigned_to: assigneeSchema.optional(),
  })
  .refine((value) => value.status !== undefined || value.priority !== undefined || value.assigned_to !== undefined, {
    message: SUPPORT_MESSAGES.nothingToChange,
    path: ["status"],
  });

// ── E-mail that comes in (the inbound pipeline's calls) ─────────────────────
// Nobody can be asked to correct an e-mail: its texts are cleaned (characters the text fields
// refuse are dropped, CRLF becomes LF) and cut to the columns' bounds instead of refused. Only a
// value of the wrong kind (a bug in the caller) is refused.

/** The longest e-mail kept as received (the inbound parser's own bound on a mail's text). */
export const EMAILED_ORIGINAL_MAX = 200_000;

/** A text cut to `max` characters, the last one an ellipsis when it was longer. */
function cut(value: string, max: number): string {
  if (value.length <= max) return value;
  let end = max - 1;
  // Never half of a character written as two UTF-16 units (an emoji).
  if (/[\uD800-\uDBFF]/.test(value[end - 1])) end -= 1;
  return `${value.slice(0, end)}…`;
}

const inboundText = (max: number) => z.string().transform((value) => cut(stripUnsafeText(value.replace(/\r\n?/g, "\n")).trim(), max));
const inboundLine = (max: number) => z.string().transform((value) => cut(stripUnsafeText(value.replace(/\s+/g, " ")).trim(), max));

/** What the ticket shows of an e-mail with no text of its own (only attachments, say). */
export const EMPTY_EMAIL_BODY = "(Correo sin texto)";
export const EMPTY_EMAIL_SUBJECT = "(sin asunto)";

const emailedParts = {
  userId: z.string().min(1).max(40),
  /** The answer without the quoted history (shown in the thread). */
  body: inboundText(TICKET_LIMITS.body).transform((value) => value || EMPTY_EMAIL_BODY),
  /** The whole text as received (behind "Ver original"). */
  originalText: inboundText(EMAILED_ORIGINAL_MAX),
  fromAddress: inboundLine(254).pipe(z.string().min(3)),
  authWarning: inboundLine(300)
    .nullable()
    .transform((value) => value || null),
  inboundEmailId: z.number().int().min(1).max(MAX_RECORD_ID),
  mailMessageId: inboundLine(255)
    .nullable()
    .transform((value) => value || null),
  /** When the mail arrived (the entry's time); now when not given. */
  receivedAt: z.date().optional(),
};

/** addEmailedClientReply: a client's e-mailed answer on one of their tickets. */
export const emailedClientReplySchema = z.object({ ticketId: z.number().int().min(1).max(MAX_RECORD_ID), ...emailedParts });

/** openTicketFromEmail: a client's e-mail that opens a ticket; a blank subject is "(sin asunto)". */
export const emailedTicketSchema = z.object({
  subject: inboundLine(TICKET_LIMITS.subject).transform((value) => value || EMPTY_EMAIL_SUBJECT),
  ...emailedParts,
});

export type EmailedClientReplyInput = z.input<typeof emailedClientReplySchema>;
export type EmailedTicketInput = z.input<typeof emailedTicketSchema>;

export type TicketCreateValues = z.input<typeof ticketCreateSchema>;
export type TicketReplyValues = z.input<typeof ticketReplySchema>;
export type TicketUpdateValues = z.input<typeof ticketUpdateSchema>;

const statusParam = oneOfParam(TICKET_STATUSES, "El parámetro status debe ser open, in_progress, resolved o closed.");

export const TICKET_SORTS = ["created", "activity"] as const;

/**
 * GET /api/v1/admin/tickets and /admin/tickets: ?page&per_page, ?status, ?priority, ?user_id,
 * ?assigned_to (me: the caller's, none: nobody's, or an admin's user id), ?q, ?sort&dir.
 */
export const adminTicketListQuerySchema = z.object({
  ...pageParams,
  status: statusParam,
  priority: oneOfParam(TICKET_PRIORITIES, "El parámetro priority debe ser low, medium, high o urgent."),
  user_id: textParam(USER_ID_MAX, "El parámetro user_id no es válido."),
  assigned_to: textParam(USER_ID_MAX, "El parámetro assigned_to debe ser me, none o el id de un administrador."),
  q: textParam(200, "La búsqueda no puede superar los 200 caracteres."),
  sort: oneOfParam(TICKET_SORTS, "El parámetro sort debe ser created o activity."),
  dir: oneOfParam(["asc", "desc"] as const, "El parámetro dir debe ser asc o desc."),
});

/** GET /api/v1/client/tickets and /client/tickets: ?page&per_page, ?status. */
export const clientTicketListQuerySchema = z.object({
  ...pageParams,
  status: statusParam,
});
