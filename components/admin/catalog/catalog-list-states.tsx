"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Button, ButtonLink } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/states";
import type { CatalogKind } from "@/lib/generated/prisma/enums";
import { CATALOG_SCREEN_TEXTS } from "./catalog-texts";

/**
 * The list's load error: products "Error: {message}", services "Error al cargar
 * los servicios", both with "Reintentar", which reads the list again. `onRetry` is the error
 * boundary's reset; without it the page is simply fetched again.
 */
export function CatalogListError({ kind, message, onRetry }: { kind: CatalogKind; message: string; onRetry?: () => void }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <ErrorState
      action={
        <Button
          variant="outline"
          disabled={pending}
          onClick={() =>
            startTransition(() => {
              router.refresh();
              onRetry?.();
            })
          }
        >
          {pending ? "Cargando..." : "Reintentar"}
        </Button>
      }
    >
      {CATALOG_SCREEN_TEXTS[kind].loadError(message)}
    </ErrorState>
  );
}

/** The detail's failure: "Error: {message}" with "Volver". */
export function CatalogDetailError({ kind, message }: { kind: CatalogKind; message: string }) {
  return (
    <ErrorState action={<ButtonLink href={CATALOG_SCREEN_TEXTS[kind].basePath} variant="outline">Volver</ButtonLink>}>
      {`Error: ${message}`}
    </ErrorState>
  );
}
