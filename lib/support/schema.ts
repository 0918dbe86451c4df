// Inputs of support tickets (zod 4). ONE schema per input: the client's and the
// admin's forms (react-hook-form), their server actions and the REST handlers parse with these.
// Bounds are the columns' (prisma/schema.prisma, models Ticket and TicketReply). Pure.
import { pageParams } from "@/lib/list/paging";
import { oneOfParam, textParam } from "@/lib/list/query-params";
import { multilineText, singleLineText, z } from "@/lib/zod";
import { TICKET_PRIORITIES, TICKET_STATUSES } from "./labels";

export const TICKET_LIMITS = { subject: 200, message: 10_000, body: 10_000 } as const;

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
  nothingToChange: "No enviaste ningún cambio (status o priority).",
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

/** PUT /api/v1/admin/tickets/{id} and the admin's status/priority form: `{ status?, priority? }`, at least one. */
export const ticketUpdateSchema = z
  .object({
    status: z.enum(TICKET_STATUSES, { error: SUPPORT_MESSAGES.status }).optional(),
    priority: z.enum(TICKET_PRIORITIES, { error: SUPPORT_MESSAGES.priority }).optional(),
  })
  .refine((value) => value.status !== undefined || value.priority !== undefined, { message: SUPPORT_MESSAGES.nothingToChange, path: ["status"] });

export type TicketCreateValues = z.input<typeof ticketCreateSchema>;
export type TicketReplyValues = z.input<typeof ticketReplySchema>;
export type TicketUpdateValues = z.input<typeof ticketUpdateSchema>;

const statusParam = oneOfParam(TICKET_STATUSES, "El parámetro status debe ser open, in_progress, resolved o closed.");

export const TICKET_SORTS = ["created", "activity"] as const;

/** GET /api/v1/admin/tickets and /admin/tickets: ?page&per_page, ?status, ?priority, ?user_id, ?q, ?sort&dir. */
export const adminTicketListQuerySchema = z.object({
  ...pageParams,
  status: statusParam,
  priority: oneOfParam(TICKET_PRIORITIES, "El parámetro priority debe ser low, medium, high o urgent."),
  user_id: textParam(40, "El parámetro user_id no es válido."),
  q: textParam(200, "La búsqueda no puede superar los 200 caracteres."),
  sort: oneOfParam(TICKET_SORTS, "El parámetro sort debe ser created o activity."),
  dir: oneOfParam(["asc", "desc"] as const, "El parámetro dir debe ser asc o desc."),
});

/** GET /api/v1/client/tickets and /client/tickets: ?page&per_page, ?status. */
export const clientTicketListQuerySchema = z.object({
  ...pageParams,
  status: statusParam,
});
