import { RecordNotFound } from "@/components/account/record-not-found";

/** An unknown sheet id under /admin/complaints/{id}: "Hoja de reclamación no encontrada" and Volver. */
export default function NotFound() {
  return <RecordNotFound title="Hoja de reclamación no encontrada" backHref="/admin/complaints" />;
}
