// Inputs of the public content (zod 4). Pure: pages and client components may import it.
import { z } from "@/lib/zod";
import { booleanParam, oneOfParam } from "@/lib/api/query-params";
import { TECHNOLOGY_CATEGORIES } from "./technology-categories";

/** GET /api/v1/technologies: ?featured=true|false|1|0 & category=<TECHNOLOGY_CATEGORIES>. Other parameters are ignored. */
export const technologyListQuerySchema = z.object({
  featured: booleanParam("featured"),
  category: oneOfParam(TECHNOLOGY_CATEGORIES, `La categoría no es válida. Categorías: ${TECHNOLOGY_CATEGORIES.join(", ")}.`),
});
