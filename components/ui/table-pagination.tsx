"use client";

import { useId, type ReactNode } from "react";
import type { Paged } from "@/lib/list/paging";
import { Button } from "./button";
import { countLabel, totalLabel } from "./plural";
import type { TableUrl } from "./use-table-url-state";

// The footer of a data table: "Mostrando 1–20 de 135 resultados", the page size and the page
// buttons, all bound to the URL (?page=, ?per_page=); a list shown whole only counts its rows.
// A total the server stopped counting (`total_capped`: lib/list/paging.ts) is a lower bound:
// the footer says "de más de 1,000 resultados" and "Página 3 de más de 13", and "Siguiente"
// stays enabled. There is no "last page" button: a capped list does not know its last page.

/** A paged result's figures (current_page, per_page, total, last_page, total_capped). */
export type PageMeta = Omit<Paged<unknown>, "data">;

const PER_PAGE_OPTIONS = [10, 20, 50, 100];

const integer = new Intl.NumberFormat("es-PE");

export function TablePagination({ page, rowCount, summary, url }: { page?: PageMeta; rowCount: number; summary?: ReactNode; url: TableUrl }) {
  if (!page) {
    return (
      <p aria-live="polite" className="text-sm text-ink-700">
        {summary ? <span className="font-semibold text-ink-900">{summary}</span> : rowCount === 0 ? "Sin resultados" : countLabel(rowCount, "resultado", "resultados")}
      </p>
    );
  }
  const first = page.total === 0 ? 0 : (page.current_page - 1) * page.per_page + 1;
  const last = Math.min(page.total, page.current_page * page.per_page);
  const more = page.total_capped ? "más de " : "";
  // A page past the last (an old link, rows deleted meanwhile) shows no rows: the footer says so
  // and "Anterior" goes to the last page that has some.
  const pastEnd = page.total > 0 && first > page.total;
  const goTo = (pageNumber: number) => url.set({ page: pageNumber <= 1 ? null : String(pageNumber) }, { resetPage: false });
  return (
    <nav aria-label="Paginación" className="flex flex-col gap-3 text-sm text-ink-700 sm:flex-row sm:items-center sm:justify-between">
      <p aria-live="polite">
        {summary && <span className="mr-2 font-semibold text-ink-900">{summary}</span>}
        {page.total === 0
          ? "Sin resultados"
          : pastEnd
            ? `Esta página no tiene resultados: hay ${countLabel(page.total, "resultado", "resultados")} en ${countLabel(page.last_page, "página", "páginas")}`
            : `Mostrando ${integer.format(first)}–${integer.format(last)} de ${totalLabel(page)} ${page.total === 1 && !page.total_capped ? "resultado" : "resultados"}`}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <PerPageSelect value={page.per_page} onChange={(value) => url.set({ per_page: String(value) })} />
        <Button variant="outline" size="sm" onClick={() => goTo(pastEnd ? page.last_page : page.current_page - 1)} disabled={page.current_page <= 1 || url.pending}>
          Anterior
        </Button>
        <span className="px-1 whitespace-nowrap">{pastEnd ? `Página ${integer.format(page.current_page)}` : `Página ${integer.format(Math.min(page.current_page, page.last_page))} de ${more}${integer.format(page.last_page)}`}</span>
        <Button variant="outline" size="sm" onClick={() => goTo(page.current_page + 1)} disabled={(!page.total_capped && page.current_page >= page.last_page) || url.pending}>
          Siguiente
        </Button>
      </div>
    </nav>
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
