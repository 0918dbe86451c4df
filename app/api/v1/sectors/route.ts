import { apiRoute } from "@/lib/api/handler";
import { publicDataResponse } from "@/lib/api/public";
import { listPublicSectors } from "@/lib/content/queries";

/** GET /api/v1/sectors → { data: SectorContract[] }, active sectors in display order. */
export const GET = apiRoute(async () => publicDataResponse(await listPublicSectors()));
