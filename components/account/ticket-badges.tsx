import { Badge, type BadgeTone } from "@/components/ui/badge";
import { ticketPriorityLabel, ticketStatusLabel } from "@/lib/support/labels";

// The status and priority badges of a support ticket, the same in the admin and the client areas.

const STATUS_TONES: Record<string, BadgeTone> = { open: "brand", in_progress: "warning", resolved: "success", closed: "neutral" };
const PRIORITY_TONES: Record<string, BadgeTone> = { low: "neutral", medium: "accent", high: "warning", urgent: "danger" };

export function TicketStatusBadge({ status }: { status: string }) {
  return <Badge tone={STATUS_TONES[status] ?? "neutral"} className="whitespace-nowrap">{ticketStatusLabel(status)}</Badge>;
}

export function TicketPriorityBadge({ priority }: { priority: string }) {
  return <Badge tone={PRIORITY_TONES[priority] ?? "neutral"} className="whitespace-nowrap">{ticketPriorityLabel(priority)}</Badge>;
}
