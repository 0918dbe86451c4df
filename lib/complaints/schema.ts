import { multilineText, optionalText, singleLineText, z } from "@/lib/zod";
import { documentNumberProblem, normalizeDocumentNumber, PERSONAL_DOCUMENT_TYPES } from "@/lib/legal/personal-document";
import { COMPLAINT_CURRENCIES, COMPLAINT_LIMITS, HONEYPOT_FIELD } from "./form";

// One sheet of the Libro de Reclamaciones as the public sends it: ONE schema shared by the form
// (in the browser), the server action and POST /api/v1/complaints. Field names are the API's
// (snake_case); what comes out is what the service stores.

export * from "./form";

const PHONE_PATTERN = /^[\d\s+()-]*$/;
const SUBMISSION_KEY_PATTERN = /^[A-Za-z0-9_-]+$/;
/** Up to 10 integer digits and at most 2 decimals ("1500", "1500.5", "1500.50"). */
const AMOUNT_PATTERN = /^\d{1,10}(\.\d{1,2})?$/;

const tooLong = (label: string, max: number) => `${label} no puede superar los ${max} caracteres.`;

const DOCUMENT_TYPE_MESSAGE = "Elige el tipo de documento: DNI, carné de extranjería, RUC o pasaporte.";
const AMOUNT_MESSAGE = "Ingresa un monto de 0 o más, con hasta 2 decimales y punto decimal (por ejemplo, 1500.50).";

const documentType = z.enum(PERSONAL_DOCUMENT_TYPES, { error: DOCUMENT_TYPE_MESSAGE });

/** A required one-line text field, trimmed and bounded. */
function requiredLine(label: string, required: string, max: number) {
  return singleLineText({ error: required }).min(1, required).max(max, tooLong(label, max));
}

/** A required multi-line text field (line breaks kept), trimmed and bounded. */
function requiredText(label: string, required: string, max: number) {
  return multilineText({ error: required }).min(1, required).max(max, tooLong(label, max));
}

/** A document number as typed: trimmed, bounded, spaces and dashes dropped, upper-cased (checked against its type below). */
function documentNumber(required: string) {
  return singleLineText({ error: required })
    .min(1, required)
    .max(40, "El número de documento es demasiado largo.")
    .transform(normalizeDocumentNumber);
}

/** An optional text, empty or absent → null (the guardian's fields of an adult's sheet). */
const optionalLine = (max: number, label: string) => optionalText(max, tooLong(label, max));

/** "A yes/no", from JSON (true/false) or a checkbox's "on" / "true" / "false". */
function flag(message: string) {
  return z
    .union([z.boolean(), z.literal("true"), z.literal("false"), z.literal("on")], { error: message })
    .optional()
    .transform((value) => value === true || value === "true" || value === "on");
}

/** An optional amount, as a string ("1500.50") or a number; blank or absent → null. */
const amount = z
  .union([z.string(), z.number()], { error: AMOUNT_MESSAGE })
  .nullish()
  .transform((value, context) => {
    if (value === null || value === undefined) return null;
    const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "-") : value.trim();
    if (text === "") return null;
    if (!AMOUNT_PATTERN.test(text)) {
      context.addIssue({ code: "custom", message: text.startsWith("-") ? "El monto no puede ser negativo." : AMOUNT_MESSAGE });
      return z.NEVER;
    }
    const [units, cents = ""] = text.split(".");
    return `${BigInt(units).toString()}.${cents.padEnd(2, "0")}`;
  });

export const complaintSubmissionSchema = z
  .object({
    consumer_name: requiredLine("El nombre", "Ingresa tu nombre completo.", COMPLAINT_LIMITS.consumerName),
    document_type: documentType,
    document_number: documentNumber("Ingresa el número de tu documento."),
    address: requiredLine("El domicilio", "Ingresa tu domicilio.", COMPLAINT_LIMITS.address),
    phone: optionalText(COMPLAINT_LIMITS.phone, tooLong("El teléfono", COMPLAINT_LIMITS.phone)).refine(
      (value) => value === null || (PHONE_PATTERN.test(value) && /\d/.test(value)),
      "Ingresa un teléfono válido: solo dígitos, espacios y los signos + ( ) -.",
    ),
    email: singleLineText({ error: "Ingresa tu correo electrónico." })
      .min(1, "Ingresa tu correo electrónico.")
      .max(COMPLAINT_LIMITS.email, tooLong("El correo electrónico", COMPLAINT_LIMITS.email))
      .pipe(z.email("Ingresa un correo electrónico válido."))
      .transform((value) => value.toLowerCase()),
    is_minor: flag("Indica si eres menor de edad."),
    guardian_name: optionalLine(COMPLAINT_LIMITS.consumerName, "El nombre del padre, madre o apoderado"),
    guardian_document_type: z.union([documentType, z.literal("")], { error: DOCUMENT_TYPE_MESSAGE }).nullish(),
    guardian_document_number: optionalLine(40, "El número de documento"),
    good_type: z.enum(["product", "service"], { error: "Indica si contrataste un producto o un servicio." }),
    good_description: requiredText("La descripción", "Describe el producto o servicio contratado.", COMPLAINT_LIMITS.goodDescription),
    amount_claimed: amount,
    currency: z.union([z.enum(COMPLAINT_CURRENCIES), z.literal("")], { error: "La moneda debe ser PEN, USD o EUR." }).nullish(),
    kind: z.enum(["reclamo", "queja"], { error: "Elige si es un reclamo o una queja." }),
    detail: requiredText("El detalle", "Describe lo ocurrido.", COMPLAINT_LIMITS.detail),
    consumer_request: requiredText("El pedido", "Indica qué pides al proveedor.", COMPLAINT_LIMITS.consumerRequest),
    privacy_accepted: z.literal(true, { error: "Debes aceptar la Política de privacidad." }),
    submission_key: z
      .string({ error: "La clave de envío no es válida." })
      .trim()
      .min(COMPLAINT_LIMITS.submissionKeyMin, "La clave de envío no es válida.")
      .max(COMPLAINT_LIMITS.submissionKeyMax, "La clave de envío no es válida.")
      .regex(SUBMISSION_KEY_PATTERN, "La clave de envío no es válida.")
      .or(z.literal(""))
      .nullish()
      .transform((value) => value || null),
    [HONEYPOT_FIELD]: z.string().max(0, "Deja este campo vacío.").nullish(),
  })
  // Checks across fields. They also run while other fields still have errors (the form shows
  // every problem at once), so each reads only what parsed.
  .superRefine(
    (sheet, context) => {
      const typeOk = (value: unknown): value is (typeof PERSONAL_DOCUMENT_TYPES)[number] =>
        typeof value === "string" && (PERSONAL_DOCUMENT_TYPES as readonly string[]).includes(value);
      if (typeOk(sheet.document_type) && typeof sheet.document_number === "string" && sheet.document_number !== "") {
        const problem = documentNumberProblem(sheet.document_type, sheet.document_number);
        if (problem) context.addIssue({ code: "custom", path: ["document_number"], message: problem });
      }
      if (sheet.is_minor === true) {
        if (!sheet.guardian_name) context.addIssue({ code: "custom", path: ["guardian_name"], message: "Ingresa el nombre del padre, madre o apoderado." });
        if (!sheet.guardian_document_type) context.addIssue({ code: "custom", path: ["guardian_document_type"], message: DOCUMENT_TYPE_MESSAGE });
        const guardianNumber = typeof sheet.guardian_document_number === "string" ? normalizeDocumentNumber(sheet.guardian_document_number) : "";
        if (!guardianNumber) {
          context.addIssue({ code: "custom", path: ["guardian_document_number"], message: "Ingresa el número de documento del padre, madre o apoderado." });
        } else if (typeOk(sheet.guardian_document_type)) {
          const guardianProblem = documentNumberProblem(sheet.guardian_document_type, guardianNumber);
          if (guardianProblem) context.addIssue({ code: "custom", path: ["guardian_document_number"], message: guardianProblem });
        }
      }
      if (typeof sheet.amount_claimed === "string" && !sheet.currency) {
        context.addIssue({ code: "custom", path: ["currency"], message: "Elige la moneda del monto reclamado." });
      }
    },
    { when: (payload) => typeof payload.value === "object" && payload.value !== null && !Array.isArray(payload.value) },
  )
  .transform((sheet) => {
    const minor = sheet.is_minor;
    return {
      consumer_name: sheet.consumer_name,
      document_type: sheet.document_type,
      document_number: sheet.document_number,
      address: sheet.address,
      phone: sheet.phone,
      email: sheet.email,
      is_minor: minor,
      // An adult files for themselves: whatever came in the guardian's fields is not kept.
      guardian_name: minor ? sheet.guardian_name : null,
      guardian_document_type: minor && sheet.guardian_document_type ? sheet.guardian_document_type : null,
      guardian_document_number: minor && sheet.guardian_document_number ? normalizeDocumentNumber(sheet.guardian_document_number) : null,
      good_type: sheet.good_type,
      good_description: sheet.good_description,
      amount_claimed: sheet.amount_claimed,
      // A currency without an amount says nothing: it is not kept.
      currency: sheet.amount_claimed !== null && sheet.currency ? sheet.currency : null,
      kind: sheet.kind,
      detail: sheet.detail,
      consumer_request: sheet.consumer_request,
      submission_key: sheet.submission_key,
    };
  });

/** What the service stores after validation. */
export type ComplaintSubmission = z.output<typeof complaintSubmissionSchema>;
