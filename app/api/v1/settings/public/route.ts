import { apiRoute } from "@/lib/api/handler";
import { publicDataResponse } from "@/lib/api/public";
import { serializePublicSettings } from "@/lib/content/serialize";
import { getSiteSettings } from "@/lib/content/settings";

/** GET /api/v1/settings/public → { data: PublicSettingsContract }, the company data. */
export const GET = apiRoute(async () => publicDataResponse(serializePublicSettings(await getSiteSettings())));
