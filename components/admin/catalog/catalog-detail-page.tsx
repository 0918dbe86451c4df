import "server-only";
import { notFound } from "next/navigation";
import { AreaPage } from "@/components/account/area-shell";
import { DomainError } from "@/lib/errors";
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
    if (error instanceof DomainError && error.kind === "not_found") return { missing: true };
    console.error(`[catalog] El detalle ${kind} ${id} no se pudo leer`, error);
    return { error: CATALOG_LOAD_FAILURE };
  }
}

/** /admin/{products,services}/view/{id}: the item (any status), a 404 "… no encontrado" (not-found.tsx) or "Error: …", each with a way back. */
export async function CatalogDetailPage({ kind, params }: { kind: CatalogKind; params: Promise<{ id: string }> }) {
  await requireAdmin();
  const { id } = await params;
  const texts = CATALOG_SCREEN_TEXTS[kind];
  const outcome = await load(kind, id);
  if ("missing" in outcome) notFound();
  return (
    <AreaPage>
      {"item" in outcome ? (
        <CatalogDetailView kind={kind} item={outcome.item} />
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
