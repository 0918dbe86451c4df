import type { FilterOption } from "@/components/ui/data-table";
import { totalLabel } from "@/components/ui/plural";
import { INVOICE_STATUS_FILTERS, type InvoiceStatusCode } from "@/lib/billing/labels";
import type { InvoiceStateCounts } from "@/lib/billing/status-filter";

// The state filter of the invoice lists (admin and client): "Todas", then "Vencidas" and the
// other states, each with how many invoices it holds when the counts are given ("Vencidas (3)",
// "Pagadas (más de 1,000)" when its count stopped at its bound; the bare label when that state
// was not counted).

function withCount(label: string, counts: InvoiceStateCounts | undefined, key: InvoiceStatusCode | "all"): string {
  if (!counts || counts[key] === null) return label;
  return `${label} (${totalLabel({ total: counts[key], total_capped: counts.capped.includes(key) })})`;
}

export function invoiceStatusFilterOptions(counts?: InvoiceStateCounts): FilterOption[] {
  return [
    { value: "all", label: withCount("Todas", counts, "all") },
    ...INVOICE_STATUS_FILTERS.map(({ status, label }) => ({ value: status, label: withCount(label, counts, status) })),
  ];
}

/** Why the states carry no figure after a search too broad to split by state, or null when they do. */
export function uncountedStatesNote(counts?: InvoiceStateCounts): string | null {
  if (!counts || !INVOICE_STATUS_FILTERS.some(({ status }) => counts[status] === null)) return null;
  return `Coinciden ${totalLabel({ total: counts.all, total_capped: counts.capped.includes("all") })} facturas: afina la búsqueda para ver cuántas hay en cada estado.`;
}
