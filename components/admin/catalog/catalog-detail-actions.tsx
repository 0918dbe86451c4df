"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { deleteCatalogItemAction } from "@/lib/catalog/actions";
import { Button, ButtonLink } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { notify } from "@/components/ui/toast";
import type { CatalogKind } from "@/lib/generated/prisma/enums";
import { CATALOG_SCREEN_TEXTS } from "./catalog-texts";

/** The detail's buttons: Editar, Eliminar (confirm, then back to the list), Volver, and "Vista previa". */
export function CatalogDetailActions({ kind, id, name }: { kind: CatalogKind; id: number; name: string }) {
  const texts = CATALOG_SCREEN_TEXTS[kind];
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  async function remove() {
    setDeleting(true);
    const outcome = await deleteCatalogItemAction(kind, id);
    setDeleting(false);
    setConfirming(false);
    if (!outcome.ok) {
      notify.error(`${texts.deleteFailed}: ${outcome.message}`);
      return;
    }
    notify.success(texts.deleted);
    router.push(texts.basePath);
    router.refresh();
  }

  return (
    <>
      <div className="flex flex-wrap gap-2">
        <ButtonLink href={`${texts.basePath}/edit/${id}`} aria-label={`Editar ${name}`}>
          Editar
        </ButtonLink>
        <Button variant="outline" className="text-red-800" onClick={() => setConfirming(true)} aria-label={`Eliminar ${name}`}>
          Eliminar
        </Button>
        <ButtonLink href={`/admin/preview/${kind}/${id}`} variant="outline">
          Vista previa
        </ButtonLink>
        <ButtonLink href={texts.basePath} variant="ghost">
          Volver
        </ButtonLink>
      </div>
      <ConfirmDialog
        open={confirming}
        title={texts.deleteTitle}
        message={texts.deleteQuestion}
        pending={deleting}
        pendingLabel="Eliminando..."
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
