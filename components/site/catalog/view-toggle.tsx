import Form from "next/form";
import { cn } from "@/components/ui/cn";
import { LIST_VIEW_PARAM, type ListState } from "./list-params";

const ICONS = {
  grid: "M3.75 6A2.25 2.25 0 016 3.75h2.25A2.25 2.25 0 0110.5 6v2.25a2.25 2.25 0 01-2.25 2.25H6a2.25 2.25 0 01-2.25-2.25V6zM3.75 15.75A2.25 2.25 0 016 13.5h2.25a2.25 2.25 0 012.25 2.25V18a2.25 2.25 0 01-2.25 2.25H6A2.25 2.25 0 013.75 18v-2.25zM13.5 6a2.25 2.25 0 012.25-2.25H18A2.25 2.25 0 0120.25 6v2.25A2.25 2.25 0 0118 10.5h-2.25a2.25 2.25 0 01-2.25-2.25V6zM13.5 15.75a2.25 2.25 0 012.25-2.25H18a2.25 2.25 0 012.25 2.25V18A2.25 2.25 0 0118 20.25h-2.25A2.25 2.25 0 0113.5 18v-2.25z",
  list: "M8.25 6.75h12M8.25 12h12m-12 5.25h12M3.75 6.75h.007v.008H3.75V6.75zm.375 0a.375.375 0 11-.75 0 .375.375 0 01.75 0zM3.75 12h.007v.008H3.75V12zm.375 0a.375.375 0 11-.75 0 .375.375 0 01.75 0zm-.375 5.25h.007v.008H3.75v-.008zm.375 0a.375.375 0 11-.75 0 .375.375 0 01.75 0z",
} as const;

/**
 * Grid / list toggle. Each choice is a toggle button (aria-pressed) that submits a GET form, so
 * the view lives in the URL (?vista=lista), keeps the current category and works without
 * JavaScript; with JavaScript next/form navigates on the client.
 */
export function ViewToggle({ action, state }: { action: string; state: ListState }) {
  const options = [
    { view: "grid" as const, label: "Cuadrícula" },
    { view: "list" as const, label: "Lista" },
  ];
  return (
    <div role="group" aria-label="Vista" className="inline-flex rounded-xl bg-ink-100 p-1 ring-1 ring-ink-200 ring-inset">
      {options.map(({ view, label }) => {
        const pressed = state.view === view;
        return (
          <Form key={view} action={action} scroll={false}>
            {state.category && <input type="hidden" name="categoria" value={state.category} />}
            {view === "list" && <input type="hidden" name="vista" value={LIST_VIEW_PARAM} />}
            <button
              type="submit"
              aria-pressed={pressed}
              className={cn(
                "inline-flex h-9 items-center gap-2 rounded-lg px-3 text-sm font-semibold transition-colors",
                pressed ? "bg-white text-brand-800 shadow-sm" : "text-ink-700 hover:bg-white/70 hover:text-ink-900",
              )}
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.6">
                <path strokeLinecap="round" strokeLinejoin="round" d={ICONS[view]} />
              </svg>
              {label}
            </button>
          </Form>
        );
      })}
    </div>
  );
}
