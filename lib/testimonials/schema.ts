// Inputs of the public testimonials (zod 4). Pure. The statuses, limits and labels a screen shows live
// in ./labels.ts (without zod), re-exported here.
import { multilineText, optionalText, singleLineText, z } from "@/lib/zod";
import { pageParams } from "@/lib/list/paging";
import { booleanParam, integerParam, oneOfParam, textParam } from "@/lib/list/query-params";
import { optionalSectorId } from "@/lib/content/schema";
import { mediaReferenceSchema } from "@/lib/media/schema";
import { MAX_RATING, MIN_RATING, TESTIMONIAL_DEFAULTS, TESTIMONIAL_LIMITS, TESTIMONIAL_STATUSES } from "./labels";

export { MAX_RATING, MIN_RATING, TESTIMONIAL_DEFAULTS, TESTIMONIAL_LIMITS, TESTIMONIAL_STATUS_LABELS, TESTIMONIAL_STATUSES } from "./labels";
export type { TestimonialStatus } from "./labels";

/** Most testimonials one public request may ask for. */
export const MAX_PUBLIC_TESTIMONIALS = 50;

/**
 * GET /api/v1/testimonials: ?featured & sector_id & limit & status. Other parameters are ignored.
 *
 * `status` rule: the public only ever sees published, active testimonials. Existing clients
 * may send `status=published`, so the parameter is accepted, and any of the three real
 * statuses is accepted too but never widens the result: `status=draft` or `status=private`
 * still answers the published ones (the parameter is validated, then ignored). A value that
 * is not a testimonial status at all is a 422.
 */
export const testimonialListQuerySchema = z.object({
  featured: booleanParam("featured"),
  sector_id: integerParam(1, 999_999_999, "El parámetro sector_id debe ser un número entero positivo."),
  limit: integerParam(1, MAX_PUBLIC_TESTIMONIALS, `El parámetro limit debe ser un número entero entre 1 y ${MAX_PUBLIC_TESTIMONIALS}.`),
  status: oneOfParam(TESTIMONIAL_STATUSES, "El parámetro status debe ser draft, published o private."),
});

// ---------------------------------------------------------------------------------------
// Admin input: ONE schema for the "Gestión de Testimonios" form
// (react-hook-form), its server actions and POST/PUT /api/v1/admin/testimonials.
// Bounds are the columns' (prisma/schema.prisma, model Testimonial).
// ---------------------------------------------------------------------------------------

export const TESTIMONIAL_MESSAGES = {
  invalid: "Revisa los campos marcados.",
  notFound: "Testimonio no encontrado.",
  sectorMissing: "El sector seleccionado no existe.",
} as const;

const RATING_MESSAGE = `La calificación debe ser un número entero entre ${MIN_RATING} y ${MAX_RATING}.`;

/** A JSON number or, from a <select>, its digits; always an integer 1–5. */
const ratingField = z
  .union([z.number(), z.string()], { error: RATING_MESSAGE })
  .transform((value, context) => {
    const text = String(value).trim();
    const number = /^\d{1,2}$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isInteger(number) || number < MIN_RATING || number > MAX_RATING) {
      context.addIssue({ code: "custom", message: RATING_MESSAGE });
      return z.NEVER;
    }
    return number;
  });

/** The client's photo: an image of the media library (its id or URL), or nothing (blank or null → null). */
const imageField = z
  .union([mediaReferenceSchema, z.literal("")], { error: "La imagen debe ser una imagen de la Biblioteca de medios (su id o su URL)." })
  .nullish()
  .transform((value) => (value === "" || value === undefined ? null : value));

const testimonialFields = {
  client_name: singleLineText({ error: "El nombre del cliente es obligatorio." })
    .min(1, "El nombre del cliente es obligatorio.")
    .max(TESTIMONIAL_LIMITS.clientName, `El nombre del cliente no puede superar los ${TESTIMONIAL_LIMITS.clientName} caracteres.`),
  client_position: optionalText(
    TESTIMONIAL_LIMITS.clientPosition,
    `El cargo no puede superar los ${TESTIMONIAL_LIMITS.clientPosition} caracteres.`,
  ),
  client_company: optionalText(
    TESTIMONIAL_LIMITS.clientCompany,
    `La empresa no puede superar los ${TESTIMONIAL_LIMITS.clientCompany} caracteres.`,
  ),
  content: multilineText({ error: "El testimonio es obligatorio." })
    .min(1, "El testimonio es obligatorio.")
    .max(TESTIMONIAL_LIMITS.content, `El testimonio no puede superar los ${TESTIMONIAL_LIMITS.content} caracteres.`),
  rating: ratingField,
  image: imageField,
  sector_id: optionalSectorId(),
  is_active: z.boolean({ error: "El campo activo debe ser verdadero o falso." }),
  is_featured: z.boolean({ error: "El campo destacado debe ser verdadero o falso." }),
  status: z.enum(TESTIMONIAL_STATUSES, { error: "El estado debe ser draft, published o private." }),
};

/**
 * POST /api/v1/admin/testimonials and the create/edit form: client_name and content required,
 * the rest optional with TESTIMONIAL_DEFAULTS.
 */
export const testimonialInputSchema = z.object({
  ...testimonialFields,
  rating: testimonialFields.rating.optional().transform((value) => value ?? TESTIMONIAL_DEFAULTS.rating),
  is_active: testimonialFields.is_active.default(TESTIMONIAL_DEFAULTS.is_active),
  is_featured: testimonialFields.is_featured.default(TESTIMONIAL_DEFAULTS.is_featured),
  status: testimonialFields.status.default(TESTIMONIAL_DEFAULTS.status),
});

/**
 * PUT /api/v1/admin/testimonials/{id}: the same payload, every field optional; a field left out
 * keeps its value (so a client may send only { status: "published" }).
 */
export const testimonialUpdateSchema = z.object({
  client_name: testimonialFields.client_name.optional(),
  client_position: testimonialFields.client_position.optional(),
  client_company: testimonialFields.client_company.optional(),
  content: testimonialFields.content.optional(),
  rating: testimonialFields.rating.optional(),
  image: testimonialFields.image.optional(),
  sector_id: testimonialFields.sector_id.optional(),
  is_active: testimonialFields.is_active.optional(),
  is_featured: testimonialFields.is_featured.optional(),
  status: testimonialFields.status.optional(),
});

/** What the form holds. */
export type TestimonialFormValues = z.input<typeof testimonialInputSchema>;
export type TestimonialInput = z.output<typeof testimonialInputSchema>;
export type TestimonialUpdate = z.output<typeof testimonialUpdateSchema>;

/** GET /api/v1/admin/testimonials: ?page&per_page (paged shape), ?status, ?q. */
export const adminTestimonialListQuerySchema = z.object({
  ...pageParams,
  status: oneOfParam(TESTIMONIAL_STATUSES, "El parámetro status debe ser draft, published o private."),
  q: textParam(200, "La búsqueda no puede superar los 200 caracteres."),
});
