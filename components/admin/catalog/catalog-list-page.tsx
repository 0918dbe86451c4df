import "server-only";
import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { ButtonLink } from "@/components/ui/button";
import { pageRequest } from "@/lib/list/paging";
import { searchParamValues, type PageSearchParams } from "@/lib/list/query-params";
import { requireAdmin } from "@/lib/auth/guards";
import { listAdminCatalogItemsPage } from "@/lib/catalog/admin-list";
import { adminCatalogListQuerySchema } from "@/lib/catalog/admin-schema";
import type { Paged } from "@/lib/list/paging";
import type { CatalogItemContract } from "@/lib/catalog/serialize";
import type { CatalogKind } from "@/lib/generated/prisma/enums";
import { CatalogListScreen } from "./catalog-list-screen";
import { CatalogListError } from "./catalog-list-states";
import { CATALOG_LOAD_FAILURE, CATALOG_SCREEN_TEXTS } from "./catalog-texts";

/**
 * The server half of "Gestión de Productos" / "Gestión de Servicios": reads ?page, ?per_page,
 * ?status, ?category, ?q, ?sort, ?dir and queries only the rows shown. A hand-edited URL with a
 * bad value falls back to the first page of everything; a failed read shows the spec's error
 * with "Reintentar".
 */
export async function CatalogListPage({ kind, searchParams }: { kind: CatalogKind; searchParams: Promise<PageSearchParams> }) {
  await requireAdmin();
  const texts = CATALOG_SCREEN_TEXTS[kind];
  const values = searchParamValues(await searchParams);
  const input = {
    page: values.page,
    per_page: values.per_page,
    status: values.status,
    category: values.category,
    q: values.q,
    sort: values.sort,
    dir: values.dir,
  };
  const parsed = adminCatalogListQuerySchema(kind).safeParse(input);
  const query = parsed.success ? parsed.data : {};
  const filter = { status: query.status, category: query.category, q: query.q, sort: query.sort, dir: query.dir };

  let result: Paged<CatalogItemContract> | null = null;
  try {
    result = await listAdminCatalogItemsPage(kind, filter, pageRequest(query));
  } catch (error) {
    console.error(`[catalog] La lista de ${texts.plural} no se pudo leer`, error);
  }

  const exportParams = new URLSearchParams();
  for (const key of ["status", "category", "q", "sort", "dir"] as const) {
    const value = filter[key];
    if (value) exportParams.set(key, String(value));
  }
  const exportHref = `${texts.apiPath}/export${exportParams.size ? `?${exportParams}` : ""}`;

  return (
    <AreaPage>
      <AreaPageHeader title={texts.title} description={texts.description} actions={<ButtonLink href={`${texts.basePath}/new`}>{texts.newLabel}</ButtonLink>} />
      <div className="mt-6">
        {result ? <CatalogListScreen kind={kind} result={result} exportHref={exportHref} /> : <CatalogListError kind={kind} message={CATALOG_LOAD_FAILURE} />}
      </div>
    </AreaPage>
  );
}
