import "server-only";
import { AreaPage } from "@/components/account/area-shell";
import { ButtonLink } from "@/components/ui/button";
import { ApiError } from "@/lib/api/errors";
import { requireAdmin } from "@/lib/auth/guards";
import { getAdminCatalogItem } from "@/lib/catalog/admin-queries";
import type { CatalogItemContract } from "@/lib/catalog/serialize";
import type { CatalogKind } from "@/lib/generated/prisma/enums";
import { CatalogDetailError } from "./catalog-list-states";
import { CatalogDetailView } from "./catalog-detail-view";
import { CATALOG_LOAD_FAILURE, CATALOG_SCREEN_TEXTS } from "./catalog-texts";

type Outcome = { item: CatalogItemContract } | { missing: true } | { error: string };

async function load(kind: CatalogKind, id: string): Promise<Outcome> {
  try {
    return { item: await getAdminCatalogItem(kind, id) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { missing: true };
    console.error(`[catalog] El detalle ${kind} ${id} no se pudo leer`, error);
    return { error: CATALOG_LOAD_FAILURE };
  }
}

/** /admin/{products,services}/view/{id}: the item (any status), "… no encontrado" or "Error: …", each with a way back. */
export async function CatalogDetailPage({ kind, params }: { kind: CatalogKind; params: Promise<{ id: string }> }) {
  await requireAdmin();
  const { id } = await params;
  const texts = CATALOG_SCREEN_TEXTS[kind];
  const outcome = await load(kind, id);
  return (
    <AreaPage>
      {"item" in outcome ? (
        <CatalogDetailView kind={kind} item={outcome.item} />
      ) : "missing" in outcome ? (
        <div className="flex flex-col items-start gap-4 rounded-2xl border border-dashed border-ink-300 bg-ink-50 px-6 py-10">
          <h1 className="text-2xl font-bold tracking-tight text-ink-900">{texts.notFound}</h1>
          <ButtonLink href={texts.basePath} variant="outline">
            Volver
          </ButtonLink>
        </div>
      ) : (
        <>
          <h1 className="sr-only">{texts.title}</h1>
          <CatalogDetailError kind={kind} message={outcome.error} />
        </>
      )}
    </AreaPage>
  );
}

/** The detail's <title>: the item's name, or the not-found text. */
export async function catalogDetailTitle(kind: CatalogKind, params: Promise<{ id: string }>): Promise<string> {
  const { id } = await params;
  const outcome = await load(kind, id);
  return "item" in outcome ? outcome.item.name : CATALOG_SCREEN_TEXTS[kind].notFound;
}
