import Link from "next/link";
import { cn } from "@/components/ui/cn";

export const SOLUTION_TABS = [
  { key: "transformacion", label: "Transformación Digital", href: "/soluciones" },
  { key: "productos", label: "Productos Integrados", href: "/soluciones?tab=productos" },
  { key: "servicios", label: "Servicios Especializados", href: "/soluciones?tab=servicios" },
  { key: "sectores", label: "Por Sector", href: "/soluciones?tab=sectores" },
] as const;

export type SolutionTabKey = (typeof SOLUTION_TABS)[number]["key"];

export function isSolutionTab(value: string): value is SolutionTabKey {
  return SOLUTION_TABS.some((tab) => tab.key === value);
}

/** The four tabs as links: the state lives in the URL, so they work without JavaScript. */
export function SolutionTabs({ active }: { active: SolutionTabKey }) {
  return (
    <nav aria-label="Secciones de soluciones">
      <ul className="grid grid-cols-2 gap-1 rounded-2xl border border-ink-200 bg-ink-50 p-1.5 md:flex">
        {SOLUTION_TABS.map((tab) => {
          const current = tab.key === active;
          return (
            <li key={tab.key} className="md:flex-1">
              <Link
                href={tab.href}
                scroll={false}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "flex h-full items-center justify-center rounded-xl px-3 py-2.5 text-center text-sm leading-5 font-semibold transition-colors md:px-4 md:text-base",
                  current ? "bg-white text-brand-800 shadow-sm ring-1 ring-ink-200" : "text-ink-700 hover:bg-white/70 hover:text-ink-900",
                )}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
