import { apiRoute } from "@/lib/http/route";
import { publicDataResponse } from "@/lib/http/public";
import { readQuery } from "@/lib/http/body";
import { listPublicTechnologies } from "@/lib/content/queries";
import { technologyListQuerySchema } from "@/lib/content/schema";

/** GET /api/v1/technologies?featured&category → { data: TechnologyContract[] }, active ones. */
export const GET = apiRoute(async (request) => {
  const query = readQuery(request, technologyListQuerySchema);
  return publicDataResponse(await listPublicTechnologies({ featured: query.featured, category: query.category }));
});
