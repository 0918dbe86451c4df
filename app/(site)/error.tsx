"use client";

import { useEffect } from "react";
import { Button, ButtonLink } from "@/components/ui/button";
import { Container } from "@/components/ui/container";

/** Last-resort boundary for public pages (sections handle their own errors first). */
export default function SiteError({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <Container className="py-24 text-center">
      <div role="alert">
        <h1 className="text-3xl font-bold tracking-tight text-ink-900">Algo salió mal</h1>
        <p className="mx-auto mt-4 max-w-md text-lg text-ink-600">
          No pudimos cargar esta página. Inténtalo de nuevo en unos segundos.
        </p>
      </div>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Button size="lg" onClick={() => retry()}>
          Reintentar
        </Button>
        <ButtonLink href="/" variant="outline" size="lg">
          Volver al inicio
        </ButtonLink>
      </div>
    </Container>
  );
}
