import type { Metadata } from "next";
import { CatalogNotFound } from "@/components/site/catalog/catalog-not-found";

export const metadata: Metadata = { title: "Producto no encontrado", robots: { index: false } };

export default function ProductNotFound() {
  return <CatalogNotFound kind="product" />;
}
