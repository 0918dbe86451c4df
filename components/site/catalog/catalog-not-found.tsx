import { NotFoundContent } from "@/components/site/not-found-content";
import type { CatalogKind } from "@/lib/generated/prisma/enums";
import { CATALOG_PAGES } from "./catalog-kinds";

/** The 404 of a product or service detail: "Producto no encontrado" / "Servicio no encontrado". */
export function CatalogNotFound({ kind }: { kind: CatalogKind }) {
  const page = CATALOG_PAGES[kind];
  return (
    <NotFoundContent
      title={page.notFoundText}
      text={
        kind === "product"
          ? "El producto que buscas no existe o ya no está disponible. Revisa nuestro catálogo para encontrar la solución adecuada."
          : "El servicio que buscas no existe o ya no está disponible. Revisa nuestros servicios para encontrar el adecuado."
      }
      back={{ href: page.basePath, label: page.seeAllText }}
    />
  );
}
