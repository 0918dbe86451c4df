import { apiRoute } from "@/lib/http/route";
import { publicDataResponse } from "@/lib/http/public";
import { listPublishedCaseStudies } from "@/lib/content/queries";

/** GET /api/v1/case-studies → { data: CaseStudyContract[] }, published ones, newest first. */
export const GET = apiRoute(async () => publicDataResponse(await listPublishedCaseStudies()));
