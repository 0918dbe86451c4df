// Inputs of the public catalogue (zod 4). Pure: pages and client components may import it.
import { SLUG_PATTERN, z } from "@/lib/zod";
import { booleanParam, oneOfParam } from "@/lib/list/query-params";
import { PRODUCT_CATEGORIES, SERVICE_CATEGORIES } from "./categories";

const categoryMessage = (categories: readonly string[]) => `La categoría no es válida. Categorías: ${categories.join(", ")}.`;

/** GET /api/v1/products: ?featured=true|false|1|0 & category=<PRODUCT_CATEGORIES>. Other parameters are ignored. */
export const productListQuerySchema = z.object({
  featured: booleanParam("featured"),
  category: oneOfParam(PRODUCT_CATEGORIES, categoryMessage(PRODUCT_CATEGORIES)),
});

/** GET /api/v1/services: ?featured=true|false|1|0 & category=<SERVICE_CATEGORIES>. Other parameters are ignored. */
export const serviceListQuerySchema = z.object({
  featured: booleanParam("featured"),
  category: oneOfParam(SERVICE_CATEGORIES, categoryMessage(SERVICE_CATEGORIES)),
});

export type CatalogListQuery = z.output<typeof productListQuerySchema> | z.output<typeof serviceListQuerySchema>;

/**
 * The {slug} of a detail URL: a slug or a numeric id (findPublicCatalogItem tries both; digits
 * match the slug pattern too). Anything else (blank, upper case, NUL, "%", longer than the
 * slug column) is simply not found, without asking the database.
 */
export const catalogSlugOrIdSchema = z.string().max(200).regex(SLUG_PATTERN);
