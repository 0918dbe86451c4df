import { apiRoute } from "@/lib/http/route";
import { publicDataResponse } from "@/lib/http/public";
import { listPublicSectors } from "@/lib/content/queries";

/** GET /api/v1/sectors → { data: SectorContract[] }, active sectors in display order. */
export const GET = apiRoute(async () => publicDataResponse(await listPublicSectors()));
