import type { Metadata } from "next";
import { CatalogListPage } from "@/components/admin/catalog/catalog-list-page";
import type { PageSearchParams } from "@/lib/list/query-params";

export const metadata: Metadata = { title: "Gestión de Servicios" };

/** "Gestión de Servicios": the shared catalogue list (components/admin/catalog). */
export default function AdminServicesPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  return <CatalogListPage kind="service" searchParams={searchParams} />;
}
