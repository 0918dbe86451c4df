import { Badge, type BadgeTone } from "@/components/ui/badge";
import { PAYMENT_REPORT_STATUS_LABELS, type PaymentReportStatusCode } from "@/lib/billing/payment-report-labels";

// A payment the client reported, as both areas show it: "Por confirmar", "Confirmado" or "Rechazado".

const TONES: Record<PaymentReportStatusCode, BadgeTone> = { pending: "warning", confirmed: "success", rejected: "danger" };

export function PaymentReportStatusBadge({ status }: { status: string }) {
  const code = status as PaymentReportStatusCode;
  return <Badge tone={TONES[code] ?? "neutral"}>{PAYMENT_REPORT_STATUS_LABELS[code] ?? status}</Badge>;
}
