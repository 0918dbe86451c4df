import type { Metadata } from "next";
import { CatalogFormPage } from "@/components/admin/catalog/catalog-form-page";

export const metadata: Metadata = { title: "Editar Servicio" };

/** "Editar Servicio", with "Vista previa" and "Historial". */
export default async function EditServicioPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <CatalogFormPage kind="service" id={id} />;
}
