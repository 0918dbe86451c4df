import type { Metadata } from "next";
import { CatalogFormPage } from "@/components/admin/catalog/catalog-form-page";

export const metadata: Metadata = { title: "Editar Producto" };

/** "Editar Producto", with "Vista previa" and "Historial". */
export default async function EditProductoPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <CatalogFormPage kind="product" id={id} />;
}
