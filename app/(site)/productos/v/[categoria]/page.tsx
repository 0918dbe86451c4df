import { notFound } from "next/navigation";
import { listStateOfSegments } from "@/components/site/catalog/list-params";
import { PRODUCTS_VARIANTS, variantSegments } from "@/lib/public-variants";
import { ProductsView, productsMetadata } from "../../view";

// /productos (→ /productos/v/todas) and /productos?categoria=ERP are rewritten here
// (next.config.ts, lib/public-variants.ts): one pre-rendered page per category; any other
// value is a 404.
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
