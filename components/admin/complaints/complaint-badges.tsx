import { Badge, type BadgeTone } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { complaintDeadline, COMPLAINT_STATE_LABELS, type ComplaintState } from "@/lib/complaints/admin-labels";

// The state of a sheet and its "Plazo" ("Quedan 5 días hábiles", "Vence hoy", "Vencida hace 2 días
// hábiles" in red, "Respondida el …"), shared by the list and the sheet's page.

const STATE_TONES: Record<ComplaintState, BadgeTone> = { pending: "warning", overdue: "danger", answered: "success" };

export function ComplaintStateBadge({ state }: { state: ComplaintState }) {
  return <Badge tone={STATE_TONES[state]}>{COMPLAINT_STATE_LABELS[state]}</Badge>;
}

const DEADLINE_CLASSES = {
  ok: "text-ink-800",
  today: "font-semibold text-amber-800",
  overdue: "font-semibold text-red-700",
  answered: "text-ink-600",
} as const;

export function ComplaintDeadlineText({ sheet, className }: { sheet: Parameters<typeof complaintDeadline>[0]; className?: string }) {
  const deadline = complaintDeadline(sheet);
  return (
    <span data-testid="complaint-deadline" data-tone={deadline.tone} className={cn("whitespace-nowrap", DEADLINE_CLASSES[deadline.tone], className)}>
      {deadline.text}
    </span>
  );
}
