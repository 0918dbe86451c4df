import type { Metadata } from "next";
import { CatalogFormPage } from "@/components/admin/catalog/catalog-form-page";

export const metadata: Metadata = { title: "Nuevo Servicio" };

/** "Nuevo Servicio". */
export default function NewServicioPage() {
  return <CatalogFormPage kind="service" />;
}
