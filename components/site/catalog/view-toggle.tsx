import Form from "next/form";
import { Icon } from "@/components/icons/icon";
import { cn } from "@/components/ui/cn";
import { listHref, type ListState } from "./list-params";

/**
 * Grid / list toggle. Each choice is a toggle button (aria-pressed) that submits a GET form to
 * the list's URL in that view (/servicios/ver/integracion/lista), keeping the current category;
 * it works without JavaScript, and with it next/form navigates on the client.
 */
export function ViewToggle({ basePath, state }: { basePath: string; state: ListState }) {
  const options = [
    { view: "grid" as const, label: "Cuadrícula" },
    { view: "list" as const, label: "Lista" },
  ];
  return (
    <div role="group" aria-label="Vista" className="inline-flex rounded-xl bg-ink-100 p-1 ring-1 ring-ink-200 ring-inset">
      {options.map(({ view, label }) => {
        const pressed = state.view === view;
        return (
          <Form key={view} action={listHref(basePath, { ...state, view })} scroll={false}>
            <button
              type="submit"
              aria-pressed={pressed}
              className={cn(
                "inline-flex h-9 items-center gap-2 rounded-lg px-3 text-sm font-semibold transition-colors",
                pressed ? "bg-white text-brand-800 shadow-sm" : "text-ink-700 hover:bg-white/70 hover:text-ink-900",
              )}
            >
              <Icon name={view} className="size-5" />
              {label}
            </button>
          </Form>
        );
      })}
    </div>
  );
}
