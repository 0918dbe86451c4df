import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { getAdminComplaint } from "@/lib/complaints/admin-queries";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { COMPLAINT_ADMIN_MESSAGES } from "@/lib/complaints/admin-schema";

type Params = { id: string };

/** GET /api/v1/admin/complaints/{id} → { data: the whole sheet, its answer, the answer e-mail's state and `pdf_url` }; 404 unknown. */
export const GET = authRoute<Params>("admin", async (_request, context) => {
  const { id } = await context.params;
  return dataResponse(await getAdminComplaint(id));
});

/** A sheet is never edited nor deleted: 405 (Allow: GET). */
const notAllowed = methodNotAllowed(["GET"], { role: "admin", message: COMPLAINT_ADMIN_MESSAGES.methodNotAllowed });
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
