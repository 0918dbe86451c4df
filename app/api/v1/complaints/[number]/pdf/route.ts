import { apiRoute } from "@/lib/http/route";
import { fileResponse } from "@/lib/http/file-response";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { complaintSheetFile } from "@/lib/complaints/queries";

type Params = { number: string };

/**
 * GET /api/v1/complaints/{number}/pdf?token=… — the consumer's copy of their sheet, as it stands
 * (with its answer once answered). The token is the one the consumer got in the confirmation
 * and the e-mail; a wrong or missing token is a 404, exactly like an unknown number.
 */
export const GET = apiRoute<Params>(async (request, context) => {
  const { number } = await context.params;
  const token = new URL(request.url).searchParams.get("token");
  return fileResponse(await complaintSheetFile(number, token));
});

const notAllowed = methodNotAllowed(["GET"]);
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
