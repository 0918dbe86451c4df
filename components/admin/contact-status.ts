import type { BadgeTone } from "@/components/ui/badge";

/** Contact message statuses as the admin reads them. */
export const CONTACT_STATUS_LABELS: Record<string, { label: string; tone: BadgeTone }> = {
  new: { label: "Por leer", tone: "brand" },
  read: { label: "Leído", tone: "neutral" },
  replied: { label: "Respondido", tone: "success" },
  closed: { label: "Cerrado", tone: "warning" },
  archived: { label: "Archivado", tone: "neutral" },
};

export function contactStatusLabel(status: string) {
  return CONTACT_STATUS_LABELS[status] ?? { label: status, tone: "neutral" as const };
}
