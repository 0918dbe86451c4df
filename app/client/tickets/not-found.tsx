import { RecordNotFound } from "@/components/account/record-not-found";

export default function TicketNotFound() {
  return <RecordNotFound title="Ticket no encontrado" note="No existe o no pertenece a tu cuenta." backHref="/client/tickets" backLabel="Volver a mis tickets" />;
}
