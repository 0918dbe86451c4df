import { notFound } from "@/lib/errors";
import { apiRoute } from "@/lib/http/route";
import { publicDataResponse } from "@/lib/http/public";
import { findPublicCatalogItem } from "@/lib/catalog/queries";
import { catalogSlugOrIdSchema } from "@/lib/catalog/schema";

/** GET /api/v1/services/{slug-or-id} → { data: CatalogItemContract }, or 404 for a missing or non-active service. */
export const GET = apiRoute<{ slug: string }>(async (_request, { params }) => {
  const slug = catalogSlugOrIdSchema.safeParse((await params).slug);
  const service = slug.success ? await findPublicCatalogItem("service", slug.data) : null;
  if (!service) throw notFound("Servicio no encontrado");
  return publicDataResponse(service);
});
