// The "Exportar CSV" link of a list screen. Pure: server pages and client toolbars import it.

/** Paging is the screen's, not the export's: an export has every row of the filter. */
const PAGING = new Set(["page", "per_page"]);

/**
 * `${listPath}/export?…` with the list's current filters, search and sort, e.g.
 * exportHref("/api/v1/admin/tickets", { status: "open", q: "vpn", page: 2 }) →
 * "/api/v1/admin/tickets/export?status=open&q=vpn". Blank values and paging are left out.
 */
export function exportHref(listPath: string, filters: Record<string, string | number | boolean | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (PAGING.has(name) || value === undefined || value === null || value === "") continue;
    query.set(name, String(value));
  }
  return `${listPath}/export${query.size ? `?${query}` : ""}`;
}
