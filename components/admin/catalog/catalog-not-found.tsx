import { AreaPage } from "@/components/account/area-shell";
import { ButtonLink } from "@/components/ui/button";
import type { CatalogKind } from "@/lib/generated/prisma/enums";
import { CATALOG_SCREEN_TEXTS } from "./catalog-texts";

/** "Producto no encontrado" / "Servicio no encontrado" with Volver (the admin catalogue's not-found.tsx, for view and edit). */
export function CatalogNotFound({ kind }: { kind: CatalogKind }) {
  const texts = CATALOG_SCREEN_TEXTS[kind];
  return (
    <AreaPage>
      <div className="flex flex-col items-start gap-4 rounded-2xl border border-dashed border-ink-300 bg-ink-50 px-6 py-10">
        <h1 className="text-2xl font-bold tracking-tight text-ink-900">{texts.notFound}</h1>
        <ButtonLink href={texts.basePath} variant="outline">
          Volver
        </ButtonLink>
      </div>
    </AreaPage>
  );
}
