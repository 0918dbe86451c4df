// The state of a catalogue list lives in its URL: ?categoria=… and, for services, ?vista=lista.
// Pure functions: no server or browser dependency.

export type ListView = "grid" | "list";

export type ListState = { category: string | null; view: ListView };

/** The URL value of the list view; the grid is the default and has no parameter. */
export const LIST_VIEW_PARAM = "lista";

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * Reads ?categoria and ?vista. Returns null when a value is unknown or malformed (repeated,
 * empty, a category that does not exist): the page answers 404 then. Other parameters are ignored.
 */
export function parseListState(
  searchParams: SearchParams,
  options: { categories: readonly string[]; withView: boolean },
): ListState | null {
  const category = searchParams.categoria;
  const view = options.withView ? searchParams.vista : undefined;
  if (Array.isArray(category) || Array.isArray(view)) return null;
  if (category !== undefined && !options.categories.includes(category)) return null;
  if (view !== undefined && view !== LIST_VIEW_PARAM) return null;
  return { category: category ?? null, view: view === LIST_VIEW_PARAM ? "list" : "grid" };
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
