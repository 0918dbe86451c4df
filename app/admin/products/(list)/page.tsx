import type { Metadata } from "next";
import { CatalogListPage } from "@/components/admin/catalog/catalog-list-page";
import type { PageSearchParams } from "@/lib/list/query-params";

export const metadata: Metadata = { title: "Gestión de Productos" };

/** "Gestión de Productos": the shared catalogue list (components/admin/catalog). */
export default function AdminProductsPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  return <CatalogListPage kind="product" searchParams={searchParams} />;
}
