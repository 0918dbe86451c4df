"use client";

import { CatalogError } from "@/components/site/catalog/catalog-error";

export default function ProductError({ error, retry }: { error: unknown; retry: () => void }) {
  return <CatalogError error={error} retry={retry} message="Error al cargar el producto" backHref="/productos" backLabel="Ver todos los productos" />;
}
