import type { Metadata } from "next";
import { CatalogFormPage } from "@/components/admin/catalog/catalog-form-page";

export const metadata: Metadata = { title: "Nuevo Producto" };

/** "Nuevo Producto". */
export default function NewProductoPage() {
  return <CatalogFormPage kind="product" />;
}
