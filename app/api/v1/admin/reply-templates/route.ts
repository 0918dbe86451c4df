import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { readJsonBody } from "@/lib/http/body";
import { replyTemplateSchema } from "@/lib/contact/admin-schema";
import { listReplyTemplates } from "@/lib/contact/admin-queries";
import { createReplyTemplate } from "@/lib/contact/reply-templates";

/** GET /api/v1/admin/reply-templates → `{ data: [templates] }` by name. */
export const GET = authRoute("admin", async (request, _context, caller) => {
  actorFromCaller(request, caller, "admin");
  return dataResponse(await listReplyTemplates(), { headers: { "Cache-Control": "no-store" } });
});

/** POST `{ name, body }` → 201 `{ data: template }`; 409 when the name is taken. */
export const POST = authRoute("admin", async (request, _context, caller) => {
  const actor = actorFromCaller(request, caller, "admin");
  const body = await readJsonBody(request, replyTemplateSchema);
  return dataResponse(await createReplyTemplate(actor, body), { status: 201 });
});
