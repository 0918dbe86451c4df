import { PRIVACY_CONSENT_REQUIRED } from "@/lib/consent";
import { documentNumberProblem, normalizeDocumentNumber, PERSONAL_DOCUMENT_TYPES } from "@/lib/legal/personal-document";
import { pageParams } from "@/lib/list/paging";
import { oneOfParam } from "@/lib/list/query-params";
import { multilineText, singleLineText, z } from "@/lib/zod";
import {
  DATA_REQUEST_KINDS,
  DATA_REQUEST_LIMITS,
  DATA_REQUEST_MESSAGES,
  DATA_REQUEST_STATUSES,
  DELETION_CONFIRMATION_WORD,
  KINDS_WITH_REQUIRED_DETAIL,
} from "./data-request-labels";

// The inputs of requests about personal data, ONE schema each, shared by the public form (in the
// browser), its server action, POST /api/v1/data-requests, the admin's resolve form and its route.

/** The hidden field only bots fill in (the same trap as the contact form's). */
export const DATA_REQUEST_HONEYPOT = "website";

const LIMITS = DATA_REQUEST_LIMITS;

export const dataRequestSchema = z
  .object({
    kind: z.enum(DATA_REQUEST_KINDS, { error: "Elige el derecho que quieres ejercer." }),
    name: singleLineText({ error: "El nombre es obligatorio." })
      .min(1, "El nombre es obligatorio.")
      .max(LIMITS.name, `El nombre no puede superar los ${LIMITS.name} caracteres.`),
    email: singleLineText({ error: "El correo electrónico es obligatorio." })
      .min(1, "El correo electrónico es obligatorio.")
      .max(LIMITS.email, `El correo electrónico no puede superar los ${LIMITS.email} caracteres.`)
      .pipe(z.email("Ingresa un correo electrónico válido."))
      .transform((value) => value.toLowerCase()),
    document_type: z.enum(PERSONAL_DOCUMENT_TYPES, { error: "Elige el tipo de documento." }),
    document_number: singleLineText({ error: "El número de documento es obligatorio." })
      .min(1, "El número de documento es obligatorio.")
      .max(LIMITS.documentNumber + 10, `El número de documento no puede superar los ${LIMITS.documentNumber} caracteres.`)
      .transform(normalizeDocumentNumber),
    // Multi-line; required for rectification and opposition (below).
    detail: multilineText({ error: "El detalle debe ser texto." })
      .max(LIMITS.detail, `El detalle no puede superar los ${LIMITS.detail} caracteres.`)
      .nullish()
      .transform((value) => (value ? value : null)),
    privacy_accepted: z.literal(true, { error: PRIVACY_CONSENT_REQUIRED }),
    [DATA_REQUEST_HONEYPOT]: z.string().max(0, "Deja este campo vacío.").nullish(),
  })
  .superRefine((value, context) => {
    const problem = documentNumberProblem(value.document_type, value.document_number);
    if (problem) context.addIssue({ code: "custom", path: ["document_number"], message: problem });
    if (KINDS_WITH_REQUIRED_DETAIL.includes(value.kind) && !value.detail) {
      const message =
        value.kind === "rectification" ? "Indica qué datos quieres corregir y cuál es el dato correcto." : "Indica a qué uso de tus datos te opones y por qué.";
      context.addIssue({ code: "custom", path: ["detail"], message });
    }
  });

/** What the public form holds. */
export type DataRequestFormValues = z.input<typeof dataRequestSchema>;
export type DataRequestInput = z.output<typeof dataRequestSchema>;

export const dataRequestResolveSchema = z.object({
  outcome: z.enum(["completed", "rejected"], { error: "Elige si la solicitud se atendió o se rechaza." }),
  resolution: multilineText({ error: "Escribe la respuesta para el titular." })
    .min(1, "Escribe la respuesta para el titular.")
    .max(LIMITS.resolution, `La respuesta no puede superar los ${LIMITS.resolution} caracteres.`),
});
export type DataRequestResolveInput = z.output<typeof dataRequestResolveSchema>;

/** "Solicitar eliminación": the word ELIMINAR or the account's e-mail (checked against it by the service). */
export const accountDeletionSchema = z.object({
  confirmation: singleLineText({ error: DATA_REQUEST_MESSAGES.deletionConfirm }).min(1, DATA_REQUEST_MESSAGES.deletionConfirm).max(254, DATA_REQUEST_MESSAGES.deletionConfirm),
});

/** Whether what was typed confirms the deletion of the account with `email`. */
export function confirmsDeletion(typed: string, email: string): boolean {
  const value = typed.trim();
  return value === DELETION_CONFIRMATION_WORD || value.toLowerCase() === email.toLowerCase();
}

/** The admin list's query: ?status, ?kind, ?page, ?per_page. */
export const dataRequestListQuerySchema = z.object({
  ...pageParams,
  status: oneOfParam(DATA_REQUEST_STATUSES, "El parámetro status debe ser pending, completed o rejected."),
  kind: oneOfParam(DATA_REQUEST_KINDS, "El parámetro kind debe ser access, rectification, cancellation, opposition o portability."),
});
export type DataRequestListQuery = z.output<typeof dataRequestListQuerySchema>;
