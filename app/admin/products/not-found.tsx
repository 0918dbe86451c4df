import { CatalogNotFound } from "@/components/admin/catalog/catalog-not-found";

/** An unknown id under /admin/products (view, edit): 404 "Producto no encontrado" and Volver. */
export default function NotFound() {
  return <CatalogNotFound kind="product" />;
}
