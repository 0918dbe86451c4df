"use client";

import { useId } from "react";
import { buttonClasses } from "@/components/ui/button";
import { useTableUrl, type FilterOption } from "@/components/ui/data-table";
import { exportHref } from "@/lib/list/export-link";

// Small toolbar pieces the billing lists share: a select bound to a URL parameter (currency,
// method) and the "Exportar CSV" link of the current filters and search.

/** A labelled select bound to ?<param>= (the first option, value "", removes it). */
export function SelectFilter({ label, param, options, allLabel }: { label: string; param: string; options: FilterOption[]; allLabel: string }) {
  const url = useTableUrl();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium whitespace-nowrap text-ink-700">
        {label}
      </label>
      <select
        id={id}
        value={url.params.get(param) ?? ""}
        onChange={(event) => url.set({ [param]: event.target.value || null })}
        className="h-11 w-full rounded-lg border border-ink-300 bg-white px-3 text-base text-ink-900 sm:h-9 sm:w-auto sm:text-sm"
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** "Exportar CSV": the API's export of the list with its filters (`params`) as the URL now has them. */
export function ExportLink({ apiPath, params }: { apiPath: string; params: string[] }) {
  const url = useTableUrl();
  const href = exportHref(apiPath, Object.fromEntries(params.map((name) => [name, url.params.get(name)])));
  return (
    <a href={href} download className={buttonClasses("outline", "md", "shrink-0")}>
      Exportar CSV
    </a>
  );
}
