"use client";

import { DataTable, type DataTableColumn } from "@/components/ui/data-table";

const EMPTY_PAGE = { current_page: 1, per_page: 20, total: 0, last_page: 1 };

/**
 * The static empty table of a placeholder admin section (spec §2.6 "Placeholder admin
 * sections"), drawn with the back office's one data table. `withActions` adds its actions column.
 */
export function PlaceholderTable({ caption, headers, withActions, emptyText }: { caption: string; headers: string[]; withActions: boolean; emptyText: string }) {
  const columns: DataTableColumn<never>[] = headers.map((header, index) => ({ id: `c${index}`, header, cell: () => null }));
  return (
    <DataTable<never>
      caption={caption}
      rows={[]}
      columns={columns}
      getRowId={() => ""}
      page={EMPTY_PAGE}
      rowActions={withActions ? () => null : undefined}
      emptyText={emptyText}
    />
  );
}
