import { apiRoute } from "@/lib/api/handler";
import { publicDataResponse } from "@/lib/api/public";
import { readQuery } from "@/lib/api/request";
import { listPublicCatalogItems } from "@/lib/catalog/queries";
import { serviceListQuerySchema } from "@/lib/catalog/schema";

/** GET /api/v1/services?featured&category → { data: CatalogItemContract[] }, active services. */
export const GET = apiRoute(async (request) => {
  const query = readQuery(request, serviceListQuerySchema);
  return publicDataResponse(await listPublicCatalogItems("service", { featured: query.featured, category: query.category }));
});
