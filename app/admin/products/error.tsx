"use client";

import { AreaPage } from "@/components/account/area-shell";
import { CatalogListError } from "@/components/admin/catalog/catalog-list-states";
import { CATALOG_LOAD_FAILURE } from "@/components/admin/catalog/catalog-texts";

/** Anything the page did not catch: the fixed load error with "Reintentar" (never internals). */
export default function ProductsError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <AreaPage>
      <CatalogListError kind="product" message={CATALOG_LOAD_FAILURE} onRetry={reset} />
    </AreaPage>
  );
}
