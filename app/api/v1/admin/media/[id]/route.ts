import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { readJsonBody } from "@/lib/http/body";
import { dataResponse } from "@/lib/http/route";
import { getMedia } from "@/lib/media/queries";
import { deleteMedia, updateMedia } from "@/lib/media/service";
import { z } from "@/lib/zod";

type Params = { id: string };

/** GET /api/v1/admin/media/{id} → { data: MediaContract & { used_in } } (the upload's shape plus where it is used). */
export const GET = authRoute<Params>("admin", async (_request, context) => dataResponse(await getMedia((await context.params).id)));

/** PUT /api/v1/admin/media/{id} { alt?, focal_point?: { x, y } | null } → { data }. */
export const PUT = authRoute<Params>("admin", async (request, context, caller) => {
  const { id } = await context.params;
  const body = await readJsonBody(request, z.unknown());
  return dataResponse(await updateMedia(actorFromCaller(request, caller, "admin"), id, body));
});

/** DELETE /api/v1/admin/media/{id} → { data: { id } }; 409 with `errors.used_in` while a page uses it. */
export const DELETE = authRoute<Params>("admin", async (request, context, caller) => {
  const { id } = await context.params;
  await deleteMedia(actorFromCaller(request, caller, "admin"), id);
  return dataResponse({ id: Number(id) });
});
