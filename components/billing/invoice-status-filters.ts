import type { FilterOption } from "@/components/ui/data-table";
import { INVOICE_STATUS_FILTERS } from "@/lib/billing/labels";
import type { InvoiceStateCounts } from "@/lib/billing/status-filter";

// The state filter of the invoice lists (admin and client): "Todas", then "Vencidas" and the
// other states, each with how many invoices it holds when the counts are given ("Vencidas (3)").

const withCount = (label: string, count: number | undefined) => (count === undefined ? label : `${label} (${count.toLocaleString("es-PE")})`);

export function invoiceStatusFilterOptions(counts?: InvoiceStateCounts): FilterOption[] {
  return [
    { value: "all", label: withCount("Todas", counts?.all) },
    ...INVOICE_STATUS_FILTERS.map(({ status, label }) => ({ value: status, label: withCount(label, counts?.[status]) })),
  ];
}
