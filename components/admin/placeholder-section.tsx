import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { EmptyState } from "@/components/ui/states";

// Minimal pages for admin sections that later issues build (spec §2.6 "Placeholder admin
// sections"), so no admin link is a bare 404 meanwhile. Each is replaced by its real screen.

/** A placeholder section: the spec's static empty table with its columns and empty text. */
export function PlaceholderTablePage({ title, caption, columns, emptyText }: { title: string; caption: string; columns: string[]; emptyText: string }) {
  return (
    <AreaPage>
      <AreaPageHeader title={title} />
      <div className="mt-8 overflow-hidden rounded-2xl border border-ink-200 bg-white shadow-card">
        <table className="w-full table-fixed text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-ink-50 text-xs font-semibold tracking-wide text-ink-700 uppercase">
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col" className="px-2 py-3 break-words sm:px-4">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <td colSpan={columns.length} className="px-4 py-10 text-center text-base text-ink-600">
                {emptyText}
              </td>
            </tr>
          </tbody>
        </table>
      </div>
    </AreaPage>
  );
}

/** A section still being built (products, services, sitemap): its title and a short note. */
export function UnderConstructionPage({ title, children }: { title: string; children: string }) {
  return (
    <AreaPage>
      <AreaPageHeader title={title} />
      <EmptyState className="mt-8">{children}</EmptyState>
    </AreaPage>
  );
}
