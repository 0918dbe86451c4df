"use client";

import { cn } from "./cn";
import { useTableUrl } from "./use-table-url-state";

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
