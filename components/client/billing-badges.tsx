import { Badge, type BadgeTone } from "@/components/ui/badge";
import { PAYMENT_METHOD_LABELS, SUBSCRIPTION_STATUS_LABELS, type PaymentMethodCode, type SubscriptionStatusCode } from "@/lib/billing/labels";

// The client portal's billing badges and labels. Pure: server pages and client tables use them.

const SUBSCRIPTION_TONES: Record<SubscriptionStatusCode, BadgeTone> = { active: "success", paused: "warning", cancelled: "neutral", expired: "neutral" };

export function SubscriptionStatusBadge({ status }: { status: string }) {
  const code = status as SubscriptionStatusCode;
  return <Badge tone={SUBSCRIPTION_TONES[code] ?? "neutral"}>{SUBSCRIPTION_STATUS_LABELS[code] ?? status}</Badge>;
}

/** The client asked to cancel at the end of the period (still active until then). */
export function CancelRequestedBadge() {
  return <Badge tone="warning">Cancelación solicitada</Badge>;
}

export { InvoiceStatusBadge } from "@/components/billing/invoice-status-badge";

export function paymentMethodLabel(method: string): string {
  return PAYMENT_METHOD_LABELS[method as PaymentMethodCode] ?? method;
}
