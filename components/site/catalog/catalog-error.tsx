"use client";

import { useEffect } from "react";
import { Button, ButtonLink } from "@/components/ui/button";
import { Container } from "@/components/ui/container";

/** Shown when a product or service detail cannot be loaded ("Error al cargar el producto/servicio"). */
export function CatalogError({ error, retry, message, backHref, backLabel }: {
  error: unknown;
  retry: () => void;
  message: string;
  backHref: string;
  backLabel: string;
}) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <Container className="py-24 text-center">
      <div role="alert">
        <h1 className="text-3xl font-bold tracking-tight text-ink-900">{message}</h1>
        <p className="mx-auto mt-4 max-w-md text-lg text-ink-600">Inténtalo de nuevo en unos segundos.</p>
      </div>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Button size="lg" onClick={() => retry()}>
          Reintentar
        </Button>
        <ButtonLink href={backHref} variant="outline" size="lg">
          {backLabel}
        </ButtonLink>
      </div>
    </Container>
  );
}
