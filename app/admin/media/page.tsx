import type { Metadata } from "next";
import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { MediaLibraryScreen } from "@/components/admin/media/media-library-screen";
import { requireAdmin } from "@/lib/auth/guards";
import { pageRequest } from "@/lib/list/paging";
import { readListQuery } from "@/lib/list/query";
import { searchParamValues, type PageSearchParams } from "@/lib/list/query-params";
import { strictId } from "@/lib/ids";
import { getMedia, listMedia, type MediaDetail } from "@/lib/media/queries";
import { mediaListQuerySchema } from "@/lib/media/schema";

export const metadata: Metadata = { title: "Biblioteca de medios" };

/** Thumbnails per page: a full last row at 2, 3, 4 and 6 columns. */
const GRID_PER_PAGE = 24;

/**
 * "Biblioteca de medios": the images of products, services and testimonials. Server-paged
 * (?page, ?per_page, ?type, ?q) as a grid or, with ?vista=lista, as a table. ?imagen={id} opens
 * that image's edit panel (the audit trail links there).
 */
export default async function AdminMediaPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  await requireAdmin();
  const raw = await searchParams;
  // A hand-edited URL with a bad value falls back to the unfiltered first page.
  const { query } = readListQuery(mediaListQuerySchema, raw);
  const view = searchParamValues(raw).vista === "lista" ? "lista" : "grid";
  const result = await listMedia(query, pageRequest(query, GRID_PER_PAGE));
  const openId = strictId(searchParamValues(raw).imagen);
  const opened: MediaDetail | null = openId === null ? null : await getMedia(openId).catch(() => null);
  return (
    <AreaPage>
      <AreaPageHeader
        title="Biblioteca de medios"
        description="Las imágenes de productos, servicios y testimonios. Cada imagen necesita un texto alternativo antes de usarse en una página pública."
      />
      <div className="mt-6">
        <MediaLibraryScreen result={result} view={view} filtered={Boolean(query.q || query.type)} opened={opened} />
      </div>
    </AreaPage>
  );
}
