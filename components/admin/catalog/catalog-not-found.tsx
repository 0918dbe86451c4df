import { RecordNotFound } from "@/components/account/record-not-found";
import type { CatalogKind } from "@/lib/generated/prisma/enums";
import { CATALOG_SCREEN_TEXTS } from "./catalog-texts";

/** "Producto no encontrado" / "Servicio no encontrado" with Volver (the admin catalogue's not-found.tsx, for view and edit). */
export function CatalogNotFound({ kind }: { kind: CatalogKind }) {
  const texts = CATALOG_SCREEN_TEXTS[kind];
  return <RecordNotFound title={texts.notFound} backHref={texts.basePath} />;
}
