// Inputs of the public content (zod 4). Pure: pages and client components may import it.
import { z } from "@/lib/zod";
import { optionalIdSchema } from "@/lib/ids";
import { booleanParam, oneOfParam } from "@/lib/list/query-params";
import { TECHNOLOGY_CATEGORIES } from "./technology-categories";

/** GET /api/v1/technologies: ?featured=true|false|1|0 & category=<TECHNOLOGY_CATEGORIES>. Other parameters are ignored. */
export const technologyListQuerySchema = z.object({
  featured: booleanParam("featured"),
  category: oneOfParam(TECHNOLOGY_CATEGORIES, `La categoría no es válida. Categorías: ${TECHNOLOGY_CATEGORIES.join(", ")}.`),
});

const SECTOR_MESSAGE = "El sector seleccionado no es válido.";

/**
 * An optional sector id from a form or a JSON client: a <select> sends "" for "no sector", JSON
 * clients a number, its digits or null (all → number or null). Whether the sector exists is
 * checked by the service that stores it.
 */
export function optionalSectorId() {
  return optionalIdSchema(SECTOR_MESSAGE);
}
