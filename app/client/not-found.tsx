import type { Metadata } from "next";
import { RecordNotFound } from "@/components/account/record-not-found";

export const metadata: Metadata = { title: "Página no encontrada" };

/** A notFound() of a client screen without its own (the records have theirs): inside the portal's shell. */
export default function ClientNotFound() {
  return <RecordNotFound title="Página no encontrada" note="Esta pantalla no existe." backHref="/client/dashboard" backLabel="Volver al panel" />;
}
