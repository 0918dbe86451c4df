import type { CatalogKind } from "@/lib/generated/prisma/enums";
import { CATALOG_SCREEN_TEXTS } from "./catalog-texts";

/** The route's loading state: "Cargando..." (products), "Cargando servicios..." (services). */
export function CatalogLoading({ kind, text }: { kind: CatalogKind; text?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex items-center justify-center gap-3 py-16 text-base font-semibold text-ink-700">
      <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700" />
      {text ?? CATALOG_SCREEN_TEXTS[kind].loading}
    </div>
  );
}
