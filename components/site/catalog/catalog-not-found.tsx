import { ButtonLink } from "@/components/ui/button";
import { Container } from "@/components/ui/container";
import type { CatalogKind } from "@/lib/generated/prisma/enums";
import { CATALOG_PAGES } from "./catalog-kinds";

/** The 404 of a product or service detail: "Producto no encontrado" / "Servicio no encontrado". */
export function CatalogNotFound({ kind }: { kind: CatalogKind }) {
  const page = CATALOG_PAGES[kind];
  return (
    <Container className="py-24 text-center sm:py-32">
      <p className="text-base font-semibold text-brand-700">Error 404</p>
      <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance text-ink-900 sm:text-5xl">{page.notFoundText}</h1>
      <p className="mx-auto mt-5 max-w-lg text-lg leading-8 text-ink-600">
        {kind === "product"
          ? "El producto que buscas no existe o ya no está disponible. Revisa nuestro catálogo para encontrar la solución adecuada."
          : "El servicio que buscas no existe o ya no está disponible. Revisa nuestros servicios para encontrar el adecuado."}
      </p>
      <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink href={page.basePath} size="lg">
          {page.seeAllText}
        </ButtonLink>
        <ButtonLink href="/contacto" variant="outline" size="lg">
          Contactar
        </ButtonLink>
      </div>
    </Container>
  );
}
