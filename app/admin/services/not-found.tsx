import { CatalogNotFound } from "@/components/admin/catalog/catalog-not-found";

/** An unknown id under /admin/services (view, edit): 404 "Servicio no encontrado" and Volver. */
export default function NotFound() {
  return <CatalogNotFound kind="service" />;
}
