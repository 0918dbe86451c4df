import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { listRoute } from "@/lib/http/list-route";
import { readMultipartUpload } from "@/lib/http/multipart";
import { dataResponse } from "@/lib/http/route";
import { MAX_UPLOAD_BYTES } from "@/lib/media/config";
import { listMedia } from "@/lib/media/queries";
import { mediaListQuerySchema, MEDIA_MESSAGES } from "@/lib/media/schema";
import { beginUpload, createMedia } from "@/lib/media/service";
import { invalid } from "@/lib/errors";

/**
 * GET /api/v1/admin/media?q&type&page&per_page → { data: { data: MediaListItem[], current_page,
 * per_page, total, last_page } }, newest first (always paged).
 */
export const GET = listRoute("admin", { query: mediaListQuerySchema, read: (query, page) => listMedia(query, page) });

/**
 * POST /api/v1/admin/media, multipart with `file` (JPEG, PNG, WebP, AVIF or GIF, ≤ 10 MB) and
 * optional `alt` → 201 { data: MediaContract & { used_in: [] } }. 413 as soon as the file passes
 * 10 MB, 422 for a file that is not an accepted image, 429 for too many uploads.
 */
export const POST = authRoute("admin", async (request, _context, caller) => {
  const actor = actorFromCaller(request, caller, "admin");
  const slot = await beginUpload(actor);
  try {
    const { file, fields } = await readMultipartUpload(request, { fileField: "file", maxFileBytes: MAX_UPLOAD_BYTES });
    if (!file) throw invalid({ file: [MEDIA_MESSAGES.noFile] }, MEDIA_MESSAGES.noFile);
    return dataResponse(await createMedia(actor, { data: file.data, fileName: file.fileName, alt: fields.alt }), { status: 201 });
  } finally {
    slot.release();
  }
});
