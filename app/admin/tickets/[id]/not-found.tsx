import { RecordNotFound } from "@/components/account/record-not-found";

/** An unknown ticket id under /admin/tickets/{id}: "Ticket no encontrado" and Volver. */
export default function NotFound() {
  return <RecordNotFound title="Ticket no encontrado" backHref="/admin/tickets" />;
}
