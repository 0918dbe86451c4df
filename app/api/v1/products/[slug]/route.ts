import { notFound } from "@/lib/errors";
import { apiRoute } from "@/lib/http/route";
import { publicDataResponse } from "@/lib/http/public";
import { findPublicCatalogItem } from "@/lib/catalog/queries";
import { catalogSlugOrIdSchema } from "@/lib/catalog/schema";

/** GET /api/v1/products/{slug-or-id} → { data: CatalogItemContract }, or 404 for a missing or non-active product. */
export const GET = apiRoute<{ slug: string }>(async (_request, { params }) => {
  const slug = catalogSlugOrIdSchema.safeParse((await params).slug);
  const product = slug.success ? await findPublicCatalogItem("product", slug.data) : null;
  if (!product) throw notFound("Producto no encontrado");
  return publicDataResponse(product);
});
