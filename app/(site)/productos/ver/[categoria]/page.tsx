import { notFound } from "next/navigation";
import { listStateOfSegments } from "@/components/site/catalog/list-params";
import { PRODUCTS_VARIANTS, variantSegments } from "@/lib/public-variants";
import { ProductsView, productsMetadata } from "@/components/site/catalog/products-view";

// /productos/ver/erp: one pre-rendered page per category (lib/public-variants.ts), where the
// filter links go and /productos?categoria=ERP is rewritten (next.config.ts); any other value
// is a 404.
export const revalidate = 3600;
export const dynamicParams = false;

export const metadata = productsMetadata;

export function generateStaticParams() {
  return variantSegments(PRODUCTS_VARIANTS).map(([categoria]) => ({ categoria }));
}

export default async function ProductsVariantPage({ params }: { params: Promise<{ categoria: string }> }) {
  const state = listStateOfSegments(PRODUCTS_VARIANTS, await params);
  if (!state) notFound();
  return <ProductsView state={state} />;
}
