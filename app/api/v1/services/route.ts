import { apiRoute } from "@/lib/http/route";
import { publicDataResponse } from "@/lib/http/public";
import { readQuery } from "@/lib/http/body";
import { listPublicCatalogItems } from "@/lib/catalog/queries";
import { serviceListQuerySchema } from "@/lib/catalog/schema";

/** GET /api/v1/services?featured&category → { data: CatalogItemContract[] }, active services. */
export const GET = apiRoute(async (request) => {
  const query = readQuery(request, serviceListQuerySchema);
  return publicDataResponse(await listPublicCatalogItems("service", { featured: query.featured, category: query.category }));
});
