import { pageParams } from "@/lib/list/paging";
import { oneOfParam, textParam } from "@/lib/list/query-params";
import { singleLineText, z } from "@/lib/zod";
import { MEDIA_LIMITS, MEDIA_TYPE_FILTERS } from "./labels";

// The media library's inputs, shared by the screen, its server actions and the REST routes.
// Pure. The limits and the type filter's names live in ./labels.ts (without zod), re-exported here.

export { MEDIA_LIMITS, MEDIA_TYPE_FILTERS, MEDIA_TYPE_LABELS, MEDIA_TYPE_MIME } from "./labels";
export type { MediaTypeFilter } from "./labels";

export const MEDIA_MESSAGES = {
  notFound: "Imagen no encontrada.",
  invalid: "Revisa los datos de la imagen.",
  altTooLong: `El texto alternativo puede tener como máximo ${MEDIA_LIMITS.alt} caracteres.`,
  altNotText: "El texto alternativo debe ser texto.",
  altRequiredInUse: "Esta imagen se usa en páginas públicas: su texto alternativo no puede quedar vacío.",
  focal: "El punto focal debe tener x e y entre 0 y 100.",
  noFile: "Elige un archivo de imagen (campo «file»).",
  notObject: "Envía los cambios de la imagen como un objeto con alt y/o focal_point.",
  unknownFields: "Solo se pueden cambiar alt y focal_point. Campos desconocidos",
} as const;

/** The unknown keys of a refused edit, named (a few, each cut short) so the caller can fix them. */
function unknownFieldsMessage(keys: readonly PropertyKey[]): string {
  const shown = keys.slice(0, 5).map((key) => {
    const name = String(key);
    return name.length > 40 ? `${name.slice(0, 40)}…` : name;
  });
  return `${MEDIA_MESSAGES.unknownFields}: ${shown.join(", ")}${keys.length > shown.length ? "…" : ""}.`;
}

const altField = singleLineText({ error: MEDIA_MESSAGES.altNotText }).max(MEDIA_LIMITS.alt, MEDIA_MESSAGES.altTooLong);

const percent = z.number({ error: MEDIA_MESSAGES.focal }).int(MEDIA_MESSAGES.focal).min(0, MEDIA_MESSAGES.focal).max(100, MEDIA_MESSAGES.focal);

/** The alt text sent with an upload (optional: an image without one cannot be used on a page yet). */
export const mediaUploadFieldsSchema = z.object({ alt: altField.optional() });

/** PUT /api/v1/admin/media/{id} and the library's edit panel: alt text and focal point (null clears it). */
export const mediaUpdateSchema = z.strictObject(
  {
    alt: altField.optional(),
    focal_point: z.object({ x: percent, y: percent }, { error: MEDIA_MESSAGES.focal }).nullable().optional(),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? unknownFieldsMessage(issue.keys) : MEDIA_MESSAGES.notObject) },
);

export type MediaUpdate = z.output<typeof mediaUpdateSchema>;

/** GET /api/v1/admin/media?q&type&page&per_page (always paged) and the library screen. */
export const mediaListQuerySchema = z.object({
  ...pageParams,
  q: textParam(MEDIA_LIMITS.q, `La búsqueda no puede superar los ${MEDIA_LIMITS.q} caracteres.`),
  type: oneOfParam(MEDIA_TYPE_FILTERS, "El parámetro type debe ser jpeg, png, webp, avif, gif o svg."),
});

export type MediaListQuery = z.output<typeof mediaListQuerySchema>;

/**
 * A reference to a library image as products, services and testimonials send it: the item's id,
 * or a URL the library serves (/media/{key}/… or the site path of an imported site file).
 */
const REFERENCE_MESSAGE = "Cada imagen debe ser el id de una imagen de la Biblioteca de medios o su URL (/media/… o /images/…).";

/** A path of this site ("/media/…", "/images/…"): never protocol-relative, no quotes, spaces or backslashes. */
export function isSitePath(value: string): boolean {
  return /^\/(?![/\\])[^\s"'<>\\]*$/.test(value);
}

export const mediaReferenceSchema = z.union(
  [
    z.number({ error: REFERENCE_MESSAGE }).int(REFERENCE_MESSAGE).positive(REFERENCE_MESSAGE).max(2_147_483_647, REFERENCE_MESSAGE),
    singleLineText({ error: REFERENCE_MESSAGE }).min(1, REFERENCE_MESSAGE).max(2048, REFERENCE_MESSAGE).refine(isSitePath, REFERENCE_MESSAGE),
  ],
  { error: REFERENCE_MESSAGE },
);

export type MediaReference = z.output<typeof mediaReferenceSchema>;
