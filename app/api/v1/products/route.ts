import { apiRoute } from "@/lib/http/route";
import { publicDataResponse } from "@/lib/http/public";
import { readQuery } from "@/lib/http/body";
import { listPublicCatalogItems } from "@/lib/catalog/queries";
import { productListQuerySchema } from "@/lib/catalog/schema";

/** GET /api/v1/products?featured&category → { data: CatalogItemContract[] }, active products. */
export const GET = apiRoute(async (request) => {
  const query = readQuery(request, productListQuerySchema);
  return publicDataResponse(await listPublicCatalogItems("product", { featured: query.featured, category: query.category }));
});
