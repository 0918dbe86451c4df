import { actorFromCaller } from "@/lib/admin/actor";
import { authRoute } from "@/lib/api/auth";
import { dataResponse } from "@/lib/api/handler";
import { readJsonBody } from "@/lib/api/request";
import { replyTemplateSchema } from "@/lib/contact/admin-schema";
import { listReplyTemplates } from "@/lib/contact/admin-queries";
import { createReplyTemplate } from "@/lib/contact/admin-service";

/** GET /api/v1/admin/reply-templates → `{ data: [templates] }` by name. */
export const GET = authRoute("admin", async (request, _context, caller) => {
  actorFromCaller(request, caller);
  return dataResponse(await listReplyTemplates(), { headers: { "Cache-Control": "no-store" } });
});

/** POST `{ name, body }` → 201 `{ data: template }`; 409 when the name is taken. */
export const POST = authRoute("admin", async (request, _context, caller) => {
  const actor = actorFromCaller(request, caller);
  const body = await readJsonBody(request, replyTemplateSchema);
  return dataResponse(await createReplyTemplate(actor, body), { status: 201 });
});
