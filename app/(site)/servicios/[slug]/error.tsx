"use client";

import { CatalogError } from "@/components/site/catalog/catalog-error";

export default function ServiceError({ error, retry }: { error: unknown; retry: () => void }) {
  return <CatalogError error={error} retry={retry} message="Error al cargar el servicio" backHref="/servicios" backLabel="Ver todos los servicios" />;
}
