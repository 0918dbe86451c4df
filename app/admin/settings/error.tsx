"use client";

import { useEffect } from "react";
import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/states";

/** The settings could not be read: say so, and offer to try again (the rest of the panel keeps working). */
export default function SettingsError({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <AreaPage>
      <AreaPageHeader title="Configuración del sitio" />
      <ErrorState
        className="mt-8"
        action={
          <Button variant="outline" onClick={() => retry()}>
            Reintentar
          </Button>
        }
      >
        No se pudo cargar la configuración del sitio.
      </ErrorState>
    </AreaPage>
  );
}
