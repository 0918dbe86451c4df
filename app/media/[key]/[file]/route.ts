import { mediaFileResponse } from "@/lib/media/files";

type Params = { key: string; file: string };

/**
 * GET /media/{key}/{file}: a derived size of an uploaded image. The name carries the file's
 * content hash, so the answer never changes: cached for a year by browsers and the front.
 */
export async function GET(request: Request, context: { params: Promise<Params> }) {
  const { key, file } = await context.params;
  return mediaFileResponse(request, key, file);
}
