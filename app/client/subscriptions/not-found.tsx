import { RecordNotFound } from "@/components/account/record-not-found";

export default function SubscriptionNotFound() {
  return <RecordNotFound title="Suscripción no encontrada" note="No existe o no pertenece a tu cuenta." backHref="/client/subscriptions" backLabel="Volver a suscripciones" />;
}
