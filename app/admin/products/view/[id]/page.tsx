import type { Metadata } from "next";
import { CatalogDetailPage, catalogDetailTitle } from "@/components/admin/catalog/catalog-detail-page";
import { requireAdmin } from "@/lib/auth/guards";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await requireAdmin();
  return { title: await catalogDetailTitle("product", params) };
}

/** A product's detail view: the shared catalogue detail (components/admin/catalog). */
export default function AdminProductViewPage({ params }: Props) {
  return <CatalogDetailPage kind="product" params={params} />;
}
