"use client";

import { AreaPage } from "@/components/account/area-shell";
import { CatalogDetailError } from "@/components/admin/catalog/catalog-list-states";
import { CATALOG_LOAD_FAILURE } from "@/components/admin/catalog/catalog-texts";

/** Anything the page did not catch: "Error: {message}" with "Volver" (never internals). */
export default function ProductDetailError() {
  return (
    <AreaPage>
      <CatalogDetailError kind="product" message={CATALOG_LOAD_FAILURE} />
    </AreaPage>
  );
}
