import { authRoute } from "@/lib/http/auth-route";
import { fileResponse } from "@/lib/http/file-response";
import { readMediaOriginal } from "@/lib/media/files";

type Params = { id: string };

/** GET /api/v1/admin/media/{id}/original → the file exactly as it was uploaded (admins only, never cached). */
export const GET = authRoute<Params>("admin", async (_request, context) => fileResponse(await readMediaOriginal((await context.params).id)));
