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

const ASSIGNED_MESSAGE = "El parámetro assigned_to debe ser me, none o el id de un administrador.";

/** `?assigned_to=`: "me" ("Mis conversaciones"), "none" (sin asignar) or an admin's id. */
const assignedFilter = optionalParam(
  z
    .string({ error: ASSIGNED_MESSAGE })
    .trim()
    .min(1, ASSIGNED_MESSAGE)
    .max(64, ASSIGNED_MESSAGE)
    .regex(/^[A-Za-z0-9_-]+$/, ASSIGNED_MESSAGE),
);

/** The filters shared by the list and the CSV export. */
export const contactFilterSchema = z.object({ status: statusFilter, q: searchParam, assigned_to: assignedFilter }).transform(({ assigned_to, ...rest }) => ({
  ...rest,
  assigned: assigned_to,
}));
export type ContactFilter = z.output<typeof contactFilterSchema>;

/** GET /api/v1/admin/contact-messages?status=&q=&page=&per_page= */
export const contactListQuerySchema = z
  .object({ ...pageParams, status: statusFilter, q: searchParam, assigned_to: assignedFilter })
  .transform(({ assigned_to, ...rest }) => ({ ...rest, assigned: assigned_to }));
export type ContactListQuery = z.output<typeof contactListQuerySchema>;

const replyText = multilineText({ error: "La respuesta debe ser texto." })
  .min(1, "La respuesta no puede estar vacía.")
  .max(INBOX_LIMITS.reply, `La respuesta no puede superar los ${INBOX_LIMITS.reply} caracteres.`);

const ASSIGNEE_MESSAGE = "assigned_to debe ser el id de un administrador, o null para quitar la asignación.";

/** An admin's user id, or null (no one). */
const assigneeSchema = z
  .string({ error: ASSIGNEE_MESSAGE })
  .trim()
  .min(1, ASSIGNEE_MESSAGE)
  .max(64, ASSIGNEE_MESSAGE)
  .regex(/^[A-Za-z0-9_-]+$/, ASSIGNEE_MESSAGE)
  .nullable();

/** "Asignado a": `{ assigned_to }`. */
export const contactAssignSchema = z.object({ assigned_to: assigneeSchema });

const statusUpdateSchema = z.discriminatedUnion(
  "status",
  [
    z.object({ status: z.literal("replied"), reply: replyText }),
    z.object({ status: z.literal("archived") }),
    z.object({ status: z.literal("closed") }),
  ],
  { error: "El estado debe ser replied (con reply), archived o closed." },
);

/**
 * PUT /api/v1/admin/contact-messages/{id}: a status body (`{ status: "replied", reply }`,
 * `{ status: "archived" }`, `{ status: "closed" }`) or an assignment (`{ assigned_to }`).
 */
export const contactUpdateSchema = z.unknown().transform((value, context) => {
  const isAssignment = typeof value === "object" && value !== null && !("status" in value) && "assigned_to" in value;
  const parsed = isAssignment ? contactAssignSchema.safeParse(value) : statusUpdateSchema.safeParse(value);
  if (parsed.success) return parsed.data as z.output<typeof statusUpdateSchema> | z.output<typeof contactAssignSchema>;
  for (const issue of parsed.error.issues) context.addIssue({ code: "custom", message: issue.message, path: issue.path });
  return z.NEVER;
});
export type ContactUpdate = z.output<typeof contactUpdateSchema>;

/** The reply box alone (the screen's form). */
export const contactReplySchema = z.object({ reply: replyText });

/** POST /{id}/replies `{ body }`: the same reply, named as the tickets' replies are. */
export const contactReplyBodySchema = z.object({ body: replyText }).transform(({ body }) => ({ reply: body }));

/** POST /{id}/resend: which reply ("entry-12" or 12; the latest without it). */
export const contactResendSchema = z.object({
  entry_id: z
    .union([z.number(), z.string().regex(/^(entry-)?\d{1,9}$/, "entry_id no es válido.")], { error: "entry_id no es válido." })
    .transform((value) => (typeof value === "number" ? value : Number(value.replace("entry-", ""))))
    .pipe(z.number().int("entry_id no es válido.").positive("entry_id no es válido.").max(MAX_RECORD_ID, "entry_id no es válido."))
    .optional(),
});

/** POST /{id}/merge: the conversation this one is merged into. */
export const contactMergeSchema = z.object({
  into: z
    .number({ error: "into debe ser el id de otra conversación." })
    .int("into debe ser el id de otra conversación.")
    .positive("into debe ser el id de otra conversación.")
    .max(MAX_RECORD_ID, "into debe ser el id de otra conversación."),
});

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
  action: z.enum(BULK_ACTIONS, { error: "La acción debe ser read, close, archive o delete." }),
});
export type ContactBulk = z.output<typeof contactBulkSchema>;

/** Ids for restoring after a (bulk) delete, or for undoing a (bulk) close or archive. */
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
