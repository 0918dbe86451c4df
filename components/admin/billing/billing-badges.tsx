import { Badge, type BadgeTone } from "@/components/ui/badge";
import {
  INVOICE_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  SUBSCRIPTION_STATUS_LABELS,
  type InvoiceStatusCode,
  type SubscriptionStatusCode,
} from "@/lib/billing/labels";

// The status badges of the admin billing screens (an invoice is "Pagada" or "Pendiente", or "Anulada").

const SUBSCRIPTION_TONES: Record<SubscriptionStatusCode, BadgeTone> = { active: "success", paused: "warning", cancelled: "danger", expired: "neutral" };
const INVOICE_TONES: Record<InvoiceStatusCode, BadgeTone> = { pending: "warning", paid: "success", cancelled: "danger" };
const PAYMENT_TONES: Record<string, BadgeTone> = { completed: "success", pending: "warning", failed: "danger", refunded: "neutral" };

export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatusCode }) {
  return <Badge tone={SUBSCRIPTION_TONES[status] ?? "neutral"}>{SUBSCRIPTION_STATUS_LABELS[status] ?? status}</Badge>;
}

export function InvoiceStatusBadge({ status }: { status: InvoiceStatusCode }) {
  return <Badge tone={INVOICE_TONES[status] ?? "neutral"}>{INVOICE_STATUS_LABELS[status] ?? status}</Badge>;
}

export function PaymentStatusBadge({ status }: { status: string }) {
  return <Badge tone={PAYMENT_TONES[status] ?? "neutral"}>{PAYMENT_STATUS_LABELS[status] ?? status}</Badge>;
}

/** "Cancelación solicitada": the client asked to cancel at the end of the period. */
export function CancelRequestedBadge() {
  return <Badge tone="accent">Cancelación solicitada</Badge>;
}
