import { ProductsView, productsMetadata } from "@/components/site/catalog/products-view";

// Every product; each category is its own page under /productos/ver/… (lib/public-variants.ts).
export const revalidate = 3600;

export const metadata = productsMetadata;

export default function ProductsPage() {
  return <ProductsView state={{ category: null, view: "grid" }} />;
}
