import type { Metadata } from "next";
import { RecordNotFound } from "@/components/account/record-not-found";

export const metadata: Metadata = { title: "Página no encontrada" };

/** A notFound() of an admin screen without its own (the records have theirs): inside the admin shell. */
export default function AdminNotFound() {
  return <RecordNotFound title="Página no encontrada" note="Esta pantalla no existe." backHref="/admin/dashboard" backLabel="Volver al panel" />;
}
