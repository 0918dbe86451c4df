import { CatalogNotFound } from "@/components/admin/catalog/catalog-not-found";

/** An unknown id under /admin/services (view, edit): 404 with the spec's text and Volver. */
export default function NotFound() {
  return <CatalogNotFound kind="service" />;
}
