import { Badge, type BadgeTone } from "@/components/ui/badge";
import { INVOICE_STATUS_LABELS, type InvoiceStatusCode } from "@/lib/billing/labels";

// An invoice's state as both the back office and the client portal show it: "Pendiente",
// "Parcialmente pagada", "Vencida", "Pagada" or "Anulada" (lib/billing/state.ts derives it).

const INVOICE_TONES: Record<InvoiceStatusCode, BadgeTone> = {
  pending: "warning",
  partially_paid: "brand",
  overdue: "danger",
  paid: "success",
  cancelled: "neutral",
};

export function invoiceStatusView(status: string): { label: string; tone: BadgeTone } {
  const code = status as InvoiceStatusCode;
  return { label: INVOICE_STATUS_LABELS[code] ?? status, tone: INVOICE_TONES[code] ?? "neutral" };
}

export function InvoiceStatusBadge({ status }: { status: string }) {
  const { label, tone } = invoiceStatusView(status);
  return <Badge tone={tone}>{label}</Badge>;
}
