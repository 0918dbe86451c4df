import { CatalogFormLoading } from "@/components/admin/catalog/catalog-form-page";

export default function Loading() {
  return <CatalogFormLoading kind="product" />;
}
