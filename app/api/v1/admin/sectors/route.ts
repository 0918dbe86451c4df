import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { listAllSectors } from "@/lib/content/queries";

/** GET /api/v1/admin/sectors → { data: SectorContract[] }: every sector (active or not) for the testimonial form's select. */
export const GET = authRoute("admin", async () => dataResponse(await listAllSectors()));
