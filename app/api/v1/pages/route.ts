import { apiRoute } from "@/lib/api/handler";
import { publicDataResponse } from "@/lib/api/public";
import { listPublishedPages } from "@/lib/content/queries";

/** GET /api/v1/pages → { data: PageContract[] }, published pages only. */
export const GET = apiRoute(async () => publicDataResponse(await listPublishedPages()));
