import { apiRoute } from "@/lib/http/route";
import { publicDataResponse } from "@/lib/http/public";
import { listPublishedPages } from "@/lib/content/queries";

/** GET /api/v1/pages → { data: PageContract[] }, published pages only. */
export const GET = apiRoute(async () => publicDataResponse(await listPublishedPages()));
