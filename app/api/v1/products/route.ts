import { apiRoute } from "@/lib/api/handler";
import { publicDataResponse } from "@/lib/api/public";
import { readQuery } from "@/lib/api/request";
import { listPublicCatalogItems } from "@/lib/catalog/queries";
import { productListQuerySchema } from "@/lib/catalog/schema";

/** GET /api/v1/products?featured&category → { data: CatalogItemContract[] }, active products. */
export const GET = apiRoute(async (request) => {
  const query = readQuery(request, productListQuerySchema);
  return publicDataResponse(await listPublicCatalogItems("product", { featured: query.featured, category: query.category }));
});
