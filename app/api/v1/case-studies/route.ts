import { apiRoute } from "@/lib/api/handler";
import { publicDataResponse } from "@/lib/api/public";
import { listPublishedCaseStudies } from "@/lib/content/queries";

/** GET /api/v1/case-studies → { data: CaseStudyContract[] }, published ones, newest first. */
export const GET = apiRoute(async () => publicDataResponse(await listPublishedCaseStudies()));
