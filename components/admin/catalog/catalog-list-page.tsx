import "server-only";
import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { ButtonLink } from "@/components/ui/button";
import { exportHref } from "@/lib/list/export-link";
import { pageRequest, type Paged } from "@/lib/list/paging";
import { readListQuery } from "@/lib/list/query";
import type { PageSearchParams } from "@/lib/list/query-params";
import { requireAdmin } from "@/lib/auth/guards";
import { listAdminCatalogRows } from "@/lib/catalog/admin-list";
import { adminCatalogListQuerySchema } from "@/lib/catalog/admin-schema";
import type { CatalogListRow } from "@/lib/catalog/serialize";
import type { CatalogKind } from "@/lib/generated/prisma/enums";
import { CatalogListScreen } from "./catalog-list-screen";
import { CatalogListError } from "./catalog-list-states";
import { CATALOG_LOAD_FAILURE, CATALOG_SCREEN_TEXTS } from "./catalog-texts";

/**
 * The server half of "Gestión de Productos" / "Gestión de Servicios": reads ?page, ?per_page,
 * ?status, ?category, ?q, ?sort, ?dir and queries only the rows and columns shown. A hand-edited URL with a
 * bad value falls back to the first page of everything; a failed read shows the list's error
 * with "Reintentar".
 */
export async function CatalogListPage({ kind, searchParams }: { kind: CatalogKind; searchParams: Promise<PageSearchParams> }) {
  await requireAdmin();
  const texts = CATALOG_SCREEN_TEXTS[kind];
  const { query } = readListQuery(adminCatalogListQuerySchema(kind), await searchParams);

  let result: Paged<CatalogListRow> | null = null;
  try {
    result = await listAdminCatalogRows(kind, query, pageRequest(query));
  } catch (error) {
    console.error(`[catalog] La lista de ${texts.plural} no se pudo leer`, error);
  }

  return (
    <AreaPage>
      <AreaPageHeader title={texts.title} description={texts.description} actions={<ButtonLink href={`${texts.basePath}/new`}>{texts.newLabel}</ButtonLink>} />
      <div className="mt-6">
        {result ? <CatalogListScreen kind={kind} result={result} exportHref={exportHref(texts.apiPath, query)} /> : <CatalogListError kind={kind} message={CATALOG_LOAD_FAILURE} />}
      </div>
    </AreaPage>
  );
}
