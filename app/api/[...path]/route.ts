import { notFound } from "@/lib/errors";
import { apiRoute } from "@/lib/http/route";

// Any /api path no other route serves: 404 in the contract's JSON shape, for every method and
// whatever the body (never read). Without this route Next renders its not-found page for such a
// path, and a multipart or Next-Action POST there goes through the server-action machinery,
// which answered a large body with a 500 and a small one with 400 "Invalid Server Action request".

const noRoute = apiRoute<{ path: string[] }>(async () => {
  throw notFound("No existe ningún recurso de la API en esta dirección.");
});

export const GET = noRoute;
export const POST = noRoute;
export const PUT = noRoute;
export const PATCH = noRoute;
export const DELETE = noRoute;
