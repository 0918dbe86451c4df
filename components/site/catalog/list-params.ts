// The state of a catalogue list lives in its URL: /productos/ver/erp, /servicios/ver/integracion/lista
// (lib/public-variants.ts). Pure functions: no server or browser dependency.
import { FIXED_VARIANT_PAGES, valueOfSegment, variantHref, type VariantPage } from "@/lib/public-variants";

export type ListView = "grid" | "list";

export type ListState = { category: string | null; view: ListView };

/** The URL value of the list view; the grid is the default and has no parameter. */
export const LIST_VIEW_PARAM = "lista";

/**
 * The list state of a variant route (lib/public-variants.ts): /servicios/ver/integracion/lista is
 * ?categoria=Integración&vista=lista. Null when a segment is unknown (the page answers 404).
 */
export function listStateOfSegments(page: VariantPage, segments: { categoria: string; vista?: string }): ListState | null {
  const category = valueOfSegment(page, "categoria", segments.categoria);
  const view = segments.vista === undefined ? null : valueOfSegment(page, "vista", segments.vista);
  if (category === undefined || view === undefined) return null;
  return { category, view: view === LIST_VIEW_PARAM ? "list" : "grid" };
}

/** The URL of a list state: "/servicios/ver/integracion/lista"; the page itself for the defaults. */
export function listHref(basePath: string, state: ListState): string {
  const page = FIXED_VARIANT_PAGES.find((item) => item.basePath === basePath);
  if (!page) throw new Error(`${basePath} no tiene variantes`);
  return variantHref(page, { categoria: state.category, vista: state.view === "list" ? LIST_VIEW_PARAM : null });
}

/**
 * The filter links: "Todos" plus one per category. The active one links to the list without
 * that filter (clicking the active category clears it); the view is kept either way.
 */
export function categoryFilterLinks(basePath: string, categories: readonly string[], state: ListState) {
  const all = { label: "Todos", href: listHref(basePath, { ...state, category: null }), active: state.category === null };
  return [
    all,
    ...categories.map((category) => {
      const active = state.category === category;
      return { label: category, href: listHref(basePath, { ...state, category: active ? null : category }), active };
    }),
  ];
}
