import { apiRoute } from "@/lib/http/route";
import { publicDataResponse } from "@/lib/http/public";
import { serializePublicSettings } from "@/lib/content/serialize";
import { getSiteSettings } from "@/lib/content/settings";

/** GET /api/v1/settings/public → { data: PublicSettingsContract }, the company data. */
export const GET = apiRoute(async () => publicDataResponse(serializePublicSettings(await getSiteSettings())));
