import Link from "next/link";
import { SOLUTIONS_VARIANTS, variantHref } from "@/lib/public-variants";

const TABS = [
  { key: "transformacion", label: "Transformación Digital" },
  { key: "productos", label: "Productos Integrados" },
  { key: "servicios", label: "Servicios Especializados" },
  { key: "sectores", label: "Por Sector" },
] as const;

/** The tabs and their pages: /soluciones (the default tab), /soluciones/ver/productos… */
export const SOLUTION_TABS = TABS.map((tab) => ({ ...tab, href: variantHref(SOLUTIONS_VARIANTS, { tab: tab.key }) }));

export type SolutionTabKey = (typeof TABS)[number]["key"];

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
                className="tab"
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
