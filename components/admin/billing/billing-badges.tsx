import { Badge, type BadgeTone } from "@/components/ui/badge";
import {
  PAYMENT_STATUS_LABELS,
  SUBSCRIPTION_STATUS_LABELS,
  type SubscriptionStatusCode,
} from "@/lib/billing/labels";
import { SUNAT_STATUS_LABELS, type SunatStatusCode } from "@/lib/sunat/labels";

// The status badges of the billing screens (an invoice is "Pendiente", "Parcialmente pagada",
// "Vencida", "Pagada" or "Anulada";
// its electronic document is "Aceptado", "Rechazado"… by SUNAT).

const SUBSCRIPTION_TONES: Record<SubscriptionStatusCode, BadgeTone> = { active: "success", paused: "warning", cancelled: "danger", expired: "neutral" };
const SUNAT_TONES: Record<SunatStatusCode, BadgeTone> = {
  pending: "neutral",
  sent: "brand",
  accepted: "success",
  observed: "warning",
  rejected: "danger",
  voided: "neutral",
};
const PAYMENT_TONES: Record<string, BadgeTone> = { completed: "success", pending: "warning", failed: "danger", refunded: "neutral" };

export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatusCode }) {
  return <Badge tone={SUBSCRIPTION_TONES[status] ?? "neutral"}>{SUBSCRIPTION_STATUS_LABELS[status] ?? status}</Badge>;
}

export { InvoiceStatusBadge } from "@/components/billing/invoice-status-badge";

export function PaymentStatusBadge({ status }: { status: string }) {
  return <Badge tone={PAYMENT_TONES[status] ?? "neutral"}>{PAYMENT_STATUS_LABELS[status] ?? status}</Badge>;
}

/**
 * Where a document stands with SUNAT. While a voiding waits for SUNAT's answer it reads
 * "Anulación en proceso" whatever the document's own state.
 */
export function SunatStatusBadge({ status, voiding = false }: { status: SunatStatusCode; voiding?: boolean }) {
  if (voiding) return <Badge tone="neutral">Anulación en proceso</Badge>;
  return <Badge tone={SUNAT_TONES[status] ?? "neutral"}>{SUNAT_STATUS_LABELS[status] ?? status}</Badge>;
}

/** "Cancelación solicitada": the client asked to cancel at the end of the period. */
export function CancelRequestedBadge() {
  return <Badge tone="accent">Cancelación solicitada</Badge>;
}
