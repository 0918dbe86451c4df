import { MAX_RECORD_ID } from "@/lib/ids";
import { pageParams } from "@/lib/list/paging";
import { optionalParam, textParam } from "@/lib/list/query-params";
import { multilineText, singleLineText, z } from "@/lib/zod";
import { BULK_ACTIONS, CONTACT_STATUSES, INBOX_LIMITS, type ContactStatusValue } from "./inbox-rules";

// The admin inbox's inputs: ONE schema per input, shared by the
// REST handlers, the server actions and the screen's forms.

const FILTER_VALUES = ["all", "unread", ...CONTACT_STATUSES] as const;
const STATUS_MESSAGE = "El parámetro status debe ser new, read, replied, closed o archived.";

/** `?status=` accepts the statuses and the screen's filter values ("unread" → new, "all" → none). */
const statusFilter = optionalParam(
  z.enum(FILTER_VALUES, { error: STATUS_MESSAGE }).transform((value): ContactStatusValue | undefined => {
    if (value === "all") return undefined;
    if (value === "unread") return "new";
    return value;
  }),
);

const searchParam = textParam(INBOX_LIMITS.search, `La búsqueda no puede superar los ${INBOX_LIMITS.search} caracteres.`);

/** The filters shared by the list and the CSV export. */
export const contactFilterSchema = z.object({ status: statusFilter, q: searchParam });
export type ContactFilter = z.output<typeof contactFilterSchema>;

/** GET /api/v1/admin/contact-messages?status=&q=&page=&per_page= */
export const contactListQuerySchema = z.object({ ...pageParams, status: statusFilter, q: searchParam });
export type ContactListQuery = z.output<typeof contactListQuerySchema>;

const replyText = multilineText({ error: "La respuesta debe ser texto." })
  .min(1, "La respuesta no puede estar vacía.")
  .max(INBOX_LIMITS.reply, `La respuesta no puede superar los ${INBOX_LIMITS.reply} caracteres.`);

/** PUT /api/v1/admin/contact-messages/{id}: exactly three bodies, told apart by status. */
export const contactUpdateSchema = z.discriminatedUnion(
  "status",
  [
    z.object({ status: z.literal("replied"), reply: replyText }),
    z.object({ status: z.literal("archived") }),
    z.object({ status: z.literal("closed") }),
  ],
  { error: "El estado debe ser replied (con reply), archived o closed." },
);
export type ContactUpdate = z.output<typeof contactUpdateSchema>;

/** The reply box alone (the screen's form). */
export const contactReplySchema = z.object({ reply: replyText });

const idSchema = z
  .number({ error: "Cada id debe ser un número entero positivo." })
  .int("Cada id debe ser un número entero positivo.")
  .positive("Cada id debe ser un número entero positivo.")
  .max(MAX_RECORD_ID, "Cada id debe ser un número entero positivo.");

/** POST /api/v1/admin/contact-messages/bulk */
export const contactBulkSchema = z.object({
  ids: z
    .array(idSchema, { error: "ids debe ser una lista de ids." })
    .min(1, "Selecciona al menos un mensaje.")
    .max(INBOX_LIMITS.bulkIds, `Como máximo ${INBOX_LIMITS.bulkIds} mensajes a la vez.`)
    .transform((ids) => [...new Set(ids)]),
  action: z.enum(BULK_ACTIONS, { error: "La acción debe ser read, archive o delete." }),
});
export type ContactBulk = z.output<typeof contactBulkSchema>;

/** Ids for restoring after a (bulk) delete. */
export const contactIdsSchema = z.object({ ids: contactBulkSchema.shape.ids });

/** POST /api/v1/admin/contact-messages/{id}/notes */
export const contactNoteSchema = z.object({
  body: multilineText({ error: "La nota debe ser texto." })
    .min(1, "La nota no puede estar vacía.")
    .max(INBOX_LIMITS.note, `La nota no puede superar los ${INBOX_LIMITS.note} caracteres.`),
});
export type ContactNoteInput = z.output<typeof contactNoteSchema>;

/** POST /api/v1/admin/reply-templates, PUT /api/v1/admin/reply-templates/{id} */
export const replyTemplateSchema = z.object({
  name: singleLineText({ error: "El nombre es obligatorio." })
    .min(1, "El nombre es obligatorio.")
    .max(INBOX_LIMITS.templateName, `El nombre no puede superar los ${INBOX_LIMITS.templateName} caracteres.`),
  body: multilineText({ error: "El texto es obligatorio." })
    .min(1, "El texto es obligatorio.")
    .max(INBOX_LIMITS.templateBody, `El texto no puede superar los ${INBOX_LIMITS.templateBody} caracteres.`),
});
export type ReplyTemplateInput = z.output<typeof replyTemplateSchema>;
