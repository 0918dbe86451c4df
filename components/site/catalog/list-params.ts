// The state of a catalogue list lives in its URL: ?categoria=… and, for services, ?vista=lista.
// Pure functions: no server or browser dependency.
import { valueOfSegment, type VariantPage } from "@/lib/public-variants";

export type ListView = "grid" | "list";

export type ListState = { category: string | null; view: ListView };

/** The URL value of the list view; the grid is the default and has no parameter. */
export const LIST_VIEW_PARAM = "lista";

/**
 * The list state of a variant route (lib/public-variants.ts): /servicios/v/integracion/lista is
 * ?categoria=Integración&vista=lista. Null when a segment is unknown (the page answers 404).
 */
export function listStateOfSegments(page: VariantPage, segments: { categoria: string; vista?: string }): ListState | null {
  const category = valueOfSegment(page, "categoria", segments.categoria);
  const view = segments.vista === undefined ? null : valueOfSegment(page, "vista", segments.vista);
  if (category === undefined || view === undefined) return null;
  return { category, view: view === LIST_VIEW_PARAM ? "list" : "grid" };
}

/** The URL of a list state: "/servicios?categoria=Integraci%C3%B3n&vista=lista". */
export function listHref(basePath: string, state: ListState): string {
  const query = new URLSearchParams();
  if (state.category) query.set("categoria", state.category);
  if (state.view === "list") query.set("vista", LIST_VIEW_PARAM);
  const search = query.toString();
  return search ? `${basePath}?${search}` : basePath;
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
