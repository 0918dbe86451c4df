import "server-only";
import { notFound } from "next/navigation";
import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { DomainError } from "@/lib/errors";
import { requireAdmin } from "@/lib/auth/guards";
import { getAdminCatalogItem } from "@/lib/catalog/admin-queries";
import type { CatalogItemContract } from "@/lib/catalog/serialize";
import type { CatalogKind } from "@/lib/generated/prisma/enums";
import { CatalogItemForm } from "./catalog-form";

// The server half of /admin/{products,services}/new and …/edit/[id]: the admin check,
// the item (any status) or a 404 "Producto no encontrado" / "Servicio no encontrado" (not-found.tsx), then the client form.

const TITLES = {
  product: { create: "Nuevo Producto", edit: "Editar Producto" },
  service: { create: "Nuevo Servicio", edit: "Editar Servicio" },
} as const;

export const catalogFormTitle = (kind: CatalogKind, editing: boolean) => (editing ? TITLES[kind].edit : TITLES[kind].create);

export async function CatalogFormPage({ kind, id }: { kind: CatalogKind; id?: string }) {
  await requireAdmin();
  const texts = TITLES[kind];
  let item: CatalogItemContract | undefined;
  if (id !== undefined) {
    try {
      item = await getAdminCatalogItem(kind, id);
    } catch (error) {
      if (!(error instanceof DomainError) || error.kind !== "not_found") throw error;
      notFound();
    }
  }
  return (
    <AreaPage>
      <AreaPageHeader title={item ? texts.edit : texts.create} description={item ? item.name : undefined} />
      <div className="mt-8">
        <CatalogItemForm kind={kind} item={item} />
      </div>
    </AreaPage>
  );
}

/** The loading text of the forms ("Cargando producto...", "Cargando servicio..."). */
export function CatalogFormLoading({ kind }: { kind: CatalogKind }) {
  return (
    <AreaPage>
      <p role="status" className="py-12 text-center text-base text-ink-600">
        {kind === "product" ? "Cargando producto..." : "Cargando servicio..."}
      </p>
    </AreaPage>
  );
}
