"use client";

import {
  rowSelectionFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
  type RowSelectionState,
} from "@tanstack/react-table";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { createContext, useContext, useEffect, useId, useMemo, useRef, useState, useTransition, type ReactNode } from "react";
import type { Paged } from "@/lib/list/paging";
import { Button } from "./button";
import { cn } from "./cn";
import { countLabel } from "./plural";

// The one server-paged data table of the back office (DESIGN §3), on TanStack Table 9 for the
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
// While the next URL's data loads, the table shows the spec's "Cargando..." and is aria-busy.
// Below 768 px the rows become cards (spec §2.6 "a card layout on mobile").
// A long unbroken value (a 120-character name, a URL) wraps inside its cell, whatever the cell's
// own classes say, instead of widening the table past the screen; e-mail addresses use
// <EmailText> (email-text.tsx) to wrap at their "@" and dots rather than inside a word.

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

export type PageMeta = Omit<Paged<unknown>, "data">;

export const DATA_TABLE_TEXT = {
  loading: "Cargando...",
  empty: "No hay datos para mostrar.",
  actions: "Acciones",
} as const;

const PER_PAGE_OPTIONS = [10, 20, 50, 100];

// ─── URL state ─────────────────────────────────────────────────────────────────────────────

type TableUrl = {
  params: URLSearchParams;
  /** Sets (or, with null / "", removes) query parameters; any change but the page goes back to page 1. */
  set: (updates: Record<string, string | null>, options?: { resetPage?: boolean }) => void;
  pending: boolean;
};

const TableUrlContext = createContext<TableUrl | null>(null);

function useOwnTableUrl(): TableUrl {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [pending, startTransition] = useTransition();
  // The query of the last navigation asked for and not landed yet: two quick changes (a filter,
  // then a date) must build on each other, not both on the address shown when they started.
  const requested = useRef<string | null>(null);
  const shown = searchParams.toString();
  useEffect(() => {
    // Landed (or, if the server sent us elsewhere, given up on once nothing is loading).
    if (requested.current === shown || !pending) requested.current = null;
  }, [shown, pending]);
  return useMemo(
    () => ({
      params: new URLSearchParams(shown),
      pending,
      set(updates, { resetPage = true } = {}) {
        const next = new URLSearchParams(requested.current ?? shown);
        for (const [key, value] of Object.entries(updates)) {
          if (value === null || value === "") next.delete(key);
          else next.set(key, value);
        }
        if (resetPage && !("page" in updates)) next.delete("page");
        const query = next.toString();
        requested.current = query;
        startTransition(() => router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false }));
      },
    }),
    [router, pathname, shown, pending],
  );
}

/** The table's URL state; inside a DataTable (its toolbar, cells, actions) it shares the table's "Cargando...". */
export function useTableUrl(): TableUrl {
  const shared = useContext(TableUrlContext);
  const own = useOwnTableUrl();
  return shared ?? own;
}

/** A search box bound to ?q= (or `param`), applied 300 ms after typing stops. */
export function SearchBox({ label, placeholder, param = "q", maxLength = 200 }: { label: string; placeholder?: string; param?: string; maxLength?: number }) {
  const url = useTableUrl();
  const current = url.params.get(param) ?? "";
  const [value, setValue] = useState(current);
  const id = useId();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const last = useRef(current);

  // The URL changed from elsewhere (back button, a filter reset): show it.
  useEffect(() => {
    if (current !== last.current) {
      last.current = current;
      setValue(current);
    }
  }, [current]);

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const apply = (next: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const trimmed = next.trim();
      if (trimmed === last.current) return;
      last.current = trimmed;
      url.set({ [param]: trimmed || null });
    }, 300);
  };

  return (
    // Never narrower than its placeholder: beside other controls the toolbar wraps instead.
    <div className="w-full sm:w-80 sm:max-w-full sm:shrink-0">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-ink-500" fill="none" stroke="currentColor" strokeWidth="1.8">
          <path strokeLinecap="round" strokeLinejoin="round" d="M21 21l-5.2-5.2m0 0A7.5 7.5 0 105.2 5.2a7.5 7.5 0 0010.6 10.6z" />
        </svg>
        <input
          id={id}
          type="search"
          value={value}
          maxLength={maxLength}
          placeholder={placeholder ?? label}
          onChange={(event) => {
            setValue(event.target.value);
            apply(event.target.value);
          }}
          className="block h-11 w-full rounded-lg border border-ink-300 bg-white pr-3 pl-10 text-base text-ink-900 shadow-sm placeholder:text-ink-500 hover:border-ink-500 focus:border-brand-600 sm:text-sm"
        />
      </div>
    </div>
  );
}

export type FilterOption = { value: string; label: string };

/** Filter buttons bound to ?<param>=; the first option's value (e.g. "all") removes the parameter. */
export function FilterButtons({ label, param, options }: { label: string; param: string; options: FilterOption[] }) {
  const url = useTableUrl();
  const fallback = options[0]?.value;
  const active = url.params.get(param) ?? fallback;
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {options.map((option) => {
        const pressed = option.value === active;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={pressed}
            onClick={() => url.set({ [param]: option.value === fallback ? null : option.value })}
            className={cn(
              "h-11 rounded-full px-4 text-sm font-semibold transition-colors sm:h-9",
              pressed ? "bg-brand-700 text-white" : "border border-ink-300 bg-white text-ink-700 hover:border-brand-300 hover:bg-brand-50 hover:text-brand-800",
            )}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}

// ─── The table ─────────────────────────────────────────────────────────────────────────────

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
  /** What shows while the next page, filter or sort loads (default the spec's "Cargando..."). */
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
  const url = useOwnTableUrl();
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
  const first = !page || page.total === 0 ? 0 : (page.current_page - 1) * page.per_page + 1;
  const last = page ? Math.min(page.total, page.current_page * page.per_page) : rows.length;
  const labelOf = (row: Row) => (rowLabel ? rowLabel(row) : getRowId(row));
  const colSpan = columns.length + (selectable ? 1 : 0) + (rowActions ? 1 : 0);

  const goTo = (pageNumber: number) => url.set({ page: pageNumber <= 1 ? null : String(pageNumber) }, { resetPage: false });

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

          {/* Desktop and tablet: a real table. */}
          <div className="hidden overflow-x-auto rounded-2xl border border-ink-200 bg-white shadow-card md:block">
            <table className="w-full border-collapse text-left text-sm">
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
              <tbody className="divide-y divide-ink-100">
                {tableRows.length === 0 ? (
                  <tr>
                    <td colSpan={colSpan} className="px-4 py-12 text-center text-base text-ink-600">
                      {emptyText}
                    </td>
                  </tr>
                ) : (
                  tableRows.map((row) => {
                    const active = activeRowId === row.id;
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
                          "align-top transition-colors hover:bg-ink-50",
                          onRowClick && "cursor-pointer",
                          row.getIsSelected() && "bg-brand-50/60",
                          active && "bg-brand-50 outline-2 -outline-offset-2 outline-brand-600",
                        )}
                      >
                        {selectable && (
                          <td className="px-3 py-3">
                            <input
                              type="checkbox"
                              aria-label={`Seleccionar ${labelOf(row.original)}`}
                              checked={row.getIsSelected()}
                              onChange={(event) => row.toggleSelected(event.target.checked)}
                              className="size-4 accent-brand-700"
                            />
                          </td>
                        )}
                        {row.getAllCells().map((cell) => (
                          <td key={cell.id} className={cn("px-3 py-3 text-ink-800 [overflow-wrap:anywhere] [&_*]:[overflow-wrap:anywhere]!", columnById.get(cell.column.id)?.className)}>
                            {columnById.get(cell.column.id)!.cell(row.original)}
                          </td>
                        ))}
                        {rowActions && (
                          <td className="px-3 py-3">
                            <div className="flex justify-end gap-1">{rowActions(row.original)}</div>
                          </td>
                        )}
                      </tr>
                    );
                  })
                )}
              </tbody>
            </table>
          </div>

          {/* Phones: one card per row. */}
          <ul aria-label={caption} className="flex flex-col gap-3 md:hidden">
            {tableRows.length === 0 ? (
              <li className="rounded-2xl border border-ink-200 bg-white px-4 py-10 text-center text-base text-ink-600">{emptyText}</li>
            ) : (
              tableRows.map((row) => {
                const active = activeRowId === row.id;
                return (
                  <li
                    key={row.id}
                    data-row-id={row.id}
                    data-active={active || undefined}
                    className={cn(
                      "rounded-2xl border border-ink-200 bg-white p-4 shadow-card",
                      row.getIsSelected() && "border-brand-300 bg-brand-50/60",
                      active && "outline-2 outline-brand-600",
                    )}
                  >
                    {selectable && (
                      <label className="mb-2 flex min-h-11 items-center gap-3 text-sm font-medium text-ink-700">
                        <input
                          type="checkbox"
                          checked={row.getIsSelected()}
                          onChange={(event) => row.toggleSelected(event.target.checked)}
                          className="size-5 accent-brand-700"
                        />
                        <span>
                          Seleccionar<span className="sr-only"> {labelOf(row.original)}</span>
                        </span>
                      </label>
                    )}
                    <dl className="grid grid-cols-1 gap-2">
                      {columns
                        .filter((column) => !column.hideOnCard)
                        .map((column) => (
                          <div key={column.id} className="min-w-0">
                            <dt className="text-xs font-semibold tracking-wide text-ink-600 uppercase">{column.header}</dt>
                            <dd className="mt-0.5 text-sm text-ink-800 [overflow-wrap:anywhere] [&_*]:[overflow-wrap:anywhere]!">{column.cell(row.original)}</dd>
                          </div>
                        ))}
                    </dl>
                    {rowActions && <div className="mt-3 flex flex-wrap gap-2 border-t border-ink-100 pt-3">{rowActions(row.original)}</div>}
                  </li>
                );
              })
            )}
          </ul>
        </div>

        {!page ? (
          <p aria-live="polite" className="text-sm text-ink-700">
            {summary ? <span className="font-semibold text-ink-900">{summary}</span> : rows.length === 0 ? "Sin resultados" : countLabel(rows.length, "resultado", "resultados")}
          </p>
        ) : (
          <nav aria-label="Paginación" className="flex flex-col gap-3 text-sm text-ink-700 sm:flex-row sm:items-center sm:justify-between">
            <p aria-live="polite">
              {summary && <span className="mr-2 font-semibold text-ink-900">{summary}</span>}
              {page.total === 0 ? "Sin resultados" : `Mostrando ${first}–${last} de ${page.total.toLocaleString("es-PE")}`}
            </p>
            <div className="flex flex-wrap items-center gap-2">
              <PerPageSelect value={page.per_page} onChange={(value) => url.set({ per_page: String(value) })} />
              <Button variant="outline" size="sm" onClick={() => goTo(page.current_page - 1)} disabled={page.current_page <= 1 || url.pending}>
                Anterior
              </Button>
              <span className="px-1 whitespace-nowrap">
                Página {Math.min(page.current_page, page.last_page)} de {page.last_page}
              </span>
              <Button variant="outline" size="sm" onClick={() => goTo(page.current_page + 1)} disabled={page.current_page >= page.last_page || url.pending}>
                Siguiente
              </Button>
            </div>
          </nav>
        )}
      </div>
    </TableUrlContext.Provider>
  );
}

function PerPageSelect({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const id = useId();
  const options = PER_PAGE_OPTIONS.includes(value) ? PER_PAGE_OPTIONS : [...PER_PAGE_OPTIONS, value].sort((a, b) => a - b);
  return (
    <span className="flex items-center gap-2">
      <label htmlFor={id} className="whitespace-nowrap">
        Por página
      </label>
      <select id={id} value={value} onChange={(event) => onChange(Number(event.target.value))} className="h-9 rounded-lg border border-ink-300 bg-white px-2 text-sm">
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </span>
  );
}
