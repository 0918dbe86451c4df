import { Badge, type BadgeTone } from "@/components/ui/badge";
import { CATALOG_STATUS_LABELS } from "@/lib/catalog/labels";

// Green active, red inactive, yellow draft; an unknown status is shown raw in a neutral colour.
const STATUS_TONES: Record<string, BadgeTone> = { active: "success", inactive: "danger", draft: "warning" };

export function CatalogStatusBadge({ status }: { status: string }) {
  const label = (CATALOG_STATUS_LABELS as Record<string, string>)[status];
  return (
    <Badge tone={STATUS_TONES[status] ?? "neutral"}>
      <span data-status={status}>{label ?? status}</span>
    </Badge>
  );
}

export function CatalogFeaturedBadge({ featured }: { featured: boolean }) {
  return featured ? <Badge tone="brand">Destacado</Badge> : <Badge tone="neutral">No destacado</Badge>;
}
