import { AreaPage } from "@/components/account/area-shell";
import { CatalogLoading } from "@/components/admin/catalog/catalog-loading";

export default function Loading() {
  return (
    <AreaPage>
      <CatalogLoading kind="service" />
    </AreaPage>
  );
}
