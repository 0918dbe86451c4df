import { ClientNotFound } from "@/components/client/not-found";

export default function SubscriptionNotFound() {
  return <ClientNotFound title="Suscripción no encontrada" backHref="/client/subscriptions" backLabel="Volver a suscripciones" />;
}
