"use client";

import {
  rowSelectionFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
  type RowSelectionState,
} from "@tanstack/react-table";
import { useMemo, useState, type ReactNode } from "react";
import { Button } from "./button";
import { cn } from "./cn";
import { countLabel } from "./plural";
import { TablePagination, type PageMeta } from "./table-pagination";
import { TableUrlContext, useTableUrlState } from "./use-table-url-state";

export { SearchBox } from "./search-box";
export { FilterButtons, type FilterOption } from "./table-filters";
export type { PageMeta } from "./table-pagination";
export { useTableUrl } from "./use-table-url-state";

// The one server-paged data table of the back office, on TanStack Table 9 for the
// column model and row selection. Page, per page, sort, filters and search live in
// the URL: the page (a server component) reads its searchParams, queries only the rows shown,
// and hands the paged result to a client island that declares the columns:
//
//   // app/admin/users/page.tsx (server)
//   const result = await listUsers(parsedQuery);            // Paged<UserContract>
//   return <UsersScreen result={result} />;
//
//   // users-screen.tsx (client)
//   const columns: DataTableColumn<UserContract>[] = [
//     { id: "name", header: "Nombre", cell: (user) => user.name, sortable: true },
//     …
//   ];
//   <DataTable caption="Usuarios" rows={result.data} page={result} columns={columns}
//     getRowId={(user) => user.id} rowLabel={(user) => user.name}
//     toolbar={<SearchBox label="Buscar usuarios" />} rowActions={(user) => <Buttons/>}
//     selectable bulkActions={(ids, clear) => <Button onClick={…}>Archivar</Button>} />
//
// Sorting writes ?sort=<column id>&dir=asc|desc; the server decides which ids it accepts.
// While the next URL's data loads, the table shows "Cargando..." and is aria-busy.
// Below 768 px the rows show as cards, each value under its column's name (the same table, styled).
// A long unbroken value (a 120-character name, a URL) wraps inside its cell, whatever the cell's
// own classes say, instead of widening the table past the screen; e-mail addresses use
// <EmailText> (email-text.tsx) to wrap at their "@" and dots rather than inside a word.
// Its pieces: the URL state (use-table-url-state.ts), the toolbar's SearchBox (search-box.tsx)
// and FilterButtons (table-filters.tsx), and the footer (table-pagination.tsx).

export type DataTableColumn<Row> = {
  /** Also the value of ?sort= when the column is sortable. */
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  sortable?: boolean;
  /** Classes for the column's <th> and <td> (e.g. a fixed width). */
  className?: string;
  /** Leave the column out of the mobile card (when the card's title already shows it). */
  hideOnCard?: boolean;
};

export const DATA_TABLE_TEXT = {
  loading: "Cargando...",
  empty: "No hay datos para mostrar.",
  actions: "Acciones",
} as const;

const features = tableFeatures({ rowSelectionFeature });

type DataTableProps<Row extends RowData> = {
  rows: Row[];
  columns: DataTableColumn<Row>[];
  getRowId: (row: Row) => string;
  /**
   * The paged result's figures (current_page, per_page, total, last_page). Leave it out for a
   * list shown whole (no pages): the footer then counts the rows, with no page size or buttons.
   */
  page?: PageMeta;
  /** What the table lists, for screen readers ("Mensajes de contacto"). */
  caption: string;
  /** Filters and search, above the table. */
  toolbar?: ReactNode;
  /** The "Acciones" column. */
  rowActions?: (row: Row) => ReactNode;
  /** A mouse click on a row (keyboard users use the row's actions). */
  onRowClick?: (row: Row) => void;
  selectable?: boolean;
  /** The bulk bar's buttons for the selected row ids; call `clear` after acting. */
  bulkActions?: (ids: string[], clear: () => void) => ReactNode;
  /** The row highlighted by keyboard navigation. */
  activeRowId?: string | null;
  /** Names a row in checkbox labels ("Seleccionar Ana Pérez"). */
  rowLabel?: (row: Row) => string;
  emptyText?: string;
  /** Shown before "Mostrando …": e.g. "Total de usuarios: 12". */
  summary?: ReactNode;
  /** What shows while the next page, filter or sort loads (default "Cargando..."). */
  loadingText?: string;
};

export function DataTable<Row extends RowData>({
  rows,
  columns,
  getRowId,
  page,
  caption,
  toolbar,
  rowActions,
  onRowClick,
  selectable = false,
  bulkActions,
  activeRowId,
  rowLabel,
  emptyText = DATA_TABLE_TEXT.empty,
  loadingText = DATA_TABLE_TEXT.loading,
  summary,
}: DataTableProps<Row>) {
  const url = useTableUrlState();
  const [storedSelection, setRowSelection] = useState<RowSelectionState>({});
  // New rows (another page, a filter, a refresh): only selected ids still shown count.
  const rowSelection = useMemo(() => {
    const shown = new Set(rows.map(getRowId));
    return Object.fromEntries(Object.entries(storedSelection).filter(([id, selected]) => selected && shown.has(id)));
  }, [storedSelection, rows, getRowId]);
  // Sorting happens on the server: the URL is the state (?sort=<column id>&dir=asc|desc).
  const sortId = url.params.get("sort");
  const sortDir: "asc" | "desc" = url.params.get("dir") === "asc" ? "asc" : "desc";
  const sortedOf = (columnId: string) => (sortId === columnId ? sortDir : false);
  // First click sorts descending (newest, highest first), the next ones flip it.
  const toggleSort = (columnId: string) =>
    url.set({ sort: columnId, dir: sortId === columnId && sortDir === "desc" ? "asc" : "desc" });

  const tableColumns = useMemo(
    (): ColumnDef<typeof features, Row>[] =>
      columns.map((column) => ({
        id: column.id,
        header: column.header,
        cell: ({ row }) => column.cell(row.original),
      })),
    [columns],
  );

  const table = useTable({
    features,
    columns: tableColumns,
    data: rows,
    getRowId: (row: Row) => getRowId(row),
    enableRowSelection: selectable,
    state: { rowSelection },
    onRowSelectionChange: setRowSelection,
  });

  const selectedIds = Object.keys(rowSelection).filter((id) => rowSelection[id]);
  const clearSelection = () => setRowSelection({});
  const tableRows = table.getRowModel().rows;
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const columnById = new Map(columns.map((column) => [column.id, column]));
  const labelOf = (row: Row) => (rowLabel ? rowLabel(row) : getRowId(row));
  const colSpan = columns.length + (selectable ? 1 : 0) + (rowActions ? 1 : 0);

  return (
    <TableUrlContext.Provider value={url}>
      <div className="flex flex-col gap-4">
        {toolbar && <div className="flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-center lg:justify-between">{toolbar}</div>}

        {selectable && selectedIds.length > 0 && (
          <div role="region" aria-label="Acciones en lote" className="flex flex-wrap items-center gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3">
            <p className="text-sm font-semibold text-brand-900" aria-live="polite">
              {countLabel(selectedIds.length, "seleccionado", "seleccionados")}
            </p>
            <div className="flex flex-wrap gap-2">{bulkActions?.(selectedIds, clearSelection)}</div>
            <Button variant="ghost" size="sm" onClick={clearSelection} className="ml-auto">
              Quitar selección
            </Button>
          </div>
        )}

        <div className="relative" aria-busy={url.pending}>
          {url.pending && (
            <div role="status" className="absolute inset-0 z-10 flex items-start justify-center rounded-2xl bg-white/70 pt-16 text-sm font-semibold text-ink-700">
              <span className="flex items-center gap-2 rounded-full bg-white px-4 py-2 shadow-card">
                <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700" />
                {loadingText}
              </span>
            </div>
          )}

          {/* One table for every width: from 768 px a scrolling table, below it each row is a card
              that shows its column names (app/globals.css, .dt-*). Each cell is rendered once. */}
          <div className="dt-frame">
            <table className="dt-table">
              <caption className="sr-only">{caption}</caption>
              <thead className="border-b border-ink-200 bg-ink-50 text-xs font-semibold tracking-wide text-ink-700 uppercase">
                <tr>
                  {selectable && (
                    <th scope="col" className="w-12 px-3 py-3">
                      <input
                        type="checkbox"
                        aria-label="Seleccionar todas las filas de esta página"
                        checked={tableRows.length > 0 && table.getIsAllPageRowsSelected()}
                        ref={(input) => {
                          if (input) input.indeterminate = table.getIsSomePageRowsSelected() && !table.getIsAllPageRowsSelected();
                        }}
                        onChange={(event) => table.toggleAllPageRowsSelected(event.target.checked)}
                        disabled={tableRows.length === 0}
                        className="size-4 accent-brand-700"
                      />
                    </th>
                  )}
                  {headers.map((header) => {
                    const column = columnById.get(header.column.id)!;
                    const sorted = sortedOf(column.id);
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                        className={cn("px-3 py-3 whitespace-nowrap", column.className)}
                      >
                        {column.sortable ? (
                          <button type="button" onClick={() => toggleSort(column.id)} className="-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-ink-900">
                            {column.header}
                            <span aria-hidden="true" className={cn("text-[0.7rem]", sorted ? "text-brand-700" : "text-ink-400")}>
                              {sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}
                            </span>
                          </button>
                        ) : (
                          column.header
                        )}
                      </th>
                    );
                  })}
                  {rowActions && (
                    <th scope="col" className="px-3 py-3 text-right">
                      {DATA_TABLE_TEXT.actions}
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {tableRows.length === 0 ? (
                  <tr>
                    <td colSpan={colSpan} className="dt-empty">
                      {emptyText}
                    </td>
                  </tr>
                ) : (
                  tableRows.map((row) => {
                    const active = activeRowId === row.id;
                    const selected = row.getIsSelected();
                    return (
                      <tr
                        key={row.id}
                        data-row-id={row.id}
                        data-active={active || undefined}
                        onClick={
                          onRowClick
                            ? (event) => {
                                // Clicks on the row's own controls do their own thing.
                                if ((event.target as HTMLElement).closest("a,button,input,select,textarea,label")) return;
                                onRowClick(row.original);
                              }
                            : undefined
                        }
                        className={cn(
                          "dt-row",
                          onRowClick && "cursor-pointer",
                          selected && "bg-brand-50/60 max-md:border-brand-300",
                          active && "bg-brand-50 outline-2 -outline-offset-2 outline-brand-600",
                        )}
                      >
                        {selectable && (
                          <td className="dt-select">
                            <label className="dt-select-label">
                              <input
                                type="checkbox"
                                aria-label={`Seleccionar ${labelOf(row.original)}`}
                                checked={selected}
                                onChange={(event) => row.toggleSelected(event.target.checked)}
                                className="size-4 accent-brand-700 max-md:size-5"
                              />
                              <span aria-hidden="true" className="md:hidden">
                                Seleccionar
                              </span>
                            </label>
                          </td>
                        )}
                        {row.getAllCells().map((cell) => {
                          const column = columnById.get(cell.column.id)!;
                          return (
                            // data-label: the column's name above the value on a card (the header names it from 768 px).
                            <td key={cell.id} data-label={column.header} className={cn("dt-cell", column.className, column.hideOnCard && "max-md:hidden")}>
                              {column.cell(row.original)}
                            </td>
                          );
                        })}
                        {rowActions && (
                          <td className="dt-actions">
                            <div>{rowActions(row.original)}</div>
                          </td>
                        )}
                      </tr>
                    );
                  })
                )}
              </tbody>
            </table>
          </div>
        </div>

        <TablePagination page={page} rowCount={rows.length} summary={summary} url={url} />
      </div>
    </TableUrlContext.Provider>
  );
}
