import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { EmptyState } from "@/components/ui/states";
import { PlaceholderTable } from "./placeholder-table";

// Minimal pages for admin sections that later issues build (spec §2.6 "Placeholder admin
// sections"), so no admin link is a bare 404 meanwhile. Each is replaced by its real screen.

/** A placeholder section: the spec's static empty table with its columns and empty text. */
export function PlaceholderTablePage({ title, headers, withActions, emptyText }: { title: string; headers: string[]; withActions: boolean; emptyText: string }) {
  return (
    <AreaPage>
      <AreaPageHeader title={title} />
      <div className="mt-8">
        <PlaceholderTable caption={title} headers={headers} withActions={withActions} emptyText={emptyText} />
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
