// Every variant of the public list pages (a filter, a view, a tab, the open sector) is a
// pre-rendered page of its own under "<page>/ver/…", and that path is its URL: the site's filter,
// view, tab and sector links go there (variantHref), and the page without parameters
// (/servicios) is a route file of its own. Neither asks Next to rewrite anything.
//
// The query URLs that earlier versions linked to, and that people may have shared or bookmarked
// (/servicios?categoria=Integración&vista=lista), keep working: proxy.ts runs for exactly those
// (a page path with one of its parameters, LEGACY_QUERY_PARAMS) and rewrites each to its variant
// (legacyVariantPath), and any other value of a known parameter to a segment no route lists, a
// real 404. Not next.config.ts rewrites: every request to any path paid for those (Next's router
// tests them in turn and its page handler compiles them all again), a fifth of serving a page.
// Nor may the links use query URLs: Next 16's client router reuses a loaded route-file page for
// any other query string of its path without asking the server (its "optimistic routing"), so a
// link to /servicios?categoria=… followed on the client would show the unfiltered list.
// Pure data and functions: proxy.ts, the pages, the links and the tests import it.
//
// How a query URL is read (as Next's own rewrites read it before):
// - a value is decoded first ("+" and %20 are spaces, %C3%B3 is "ó") and compared
//   case-sensitively and whole with the parameter's values;
// - an empty value (?categoria=) counts as absent, so it shows the unfiltered page;
// - a repeated parameter is read by its last value;
// - other parameters (?utm_source=…) are ignored, and the cached page is served.
import { PRODUCT_CATEGORIES, SERVICE_CATEGORIES } from "./catalog/categories";
import { TECHNOLOGY_CATEGORIES } from "./content/technology-categories";

/** The folder of the variant routes beside each page: /productos/ver/erp. */
export const VARIANT_SEGMENT = "ver";
/** The segment of "no category" in a variant path. */
export const ALL_SEGMENT = "todas";
/** A segment no variant route lists: rewriting an unknown value there answers 404. */
export const UNKNOWN_SEGMENT = "-";

/** An ASCII path segment for a label: "Gestión Documental" → "gestion-documental". */
export function segmentOf(label: string): string {
  return label
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

type VariantValue = { value: string; segment: string };
type VariantParam = {
  /** The query parameter: "categoria". */
  key: string;
  values: readonly VariantValue[];
  /** The segment when the parameter is absent (every parameter of a page is one path segment). */
  absent: string;
};
export type VariantPage = { basePath: string; params: readonly VariantParam[] };

const labelled = (labels: readonly string[]): VariantValue[] => labels.map((value) => ({ value, segment: segmentOf(value) }));
const literal = (values: readonly string[]): VariantValue[] => values.map((value) => ({ value, segment: value }));

export const PRODUCTS_VARIANTS: VariantPage = {
  basePath: "/productos",
  params: [{ key: "categoria", values: labelled(PRODUCT_CATEGORIES), absent: ALL_SEGMENT }],
};

export const SERVICES_VARIANTS: VariantPage = {
  basePath: "/servicios",
  params: [
    { key: "categoria", values: labelled(SERVICE_CATEGORIES), absent: ALL_SEGMENT },
    // components/site/catalog/list-params.ts LIST_VIEW_PARAM; the grid is the default.
    { key: "vista", values: literal(["lista"]), absent: "grid" },
  ],
};

export const TECHNOLOGIES_VARIANTS: VariantPage = {
  basePath: "/tecnologias",
  params: [
    { key: "categoria", values: labelled(TECHNOLOGY_CATEGORIES), absent: ALL_SEGMENT },
    // ?vista=grid is accepted as well (the toggle never writes it).
    { key: "vista", values: literal(["lista", "grid"]), absent: "grid" },
  ],
};

export const SOLUTIONS_VARIANTS: VariantPage = {
  basePath: "/soluciones",
  // components/site/content/solution-tabs.tsx SOLUTION_TABS; ?tab=transformacion is the default tab.
  params: [{ key: "tab", values: literal(["transformacion", "productos", "servicios", "sectores"]), absent: "transformacion" }],
};

export const FIXED_VARIANT_PAGES = [PRODUCTS_VARIANTS, SERVICES_VARIANTS, TECHNOLOGIES_VARIANTS, SOLUTIONS_VARIANTS] as const;

/** Sectors come from the database: any slug-shaped ?sector= goes to /sectores/ver/<slug>, which may 404. */
export const SECTORS_BASE_PATH = "/sectores";
export const SECTOR_PARAM = "sector";
/** lib/zod.ts SLUG_PATTERN, at most 140 characters (the column's length). */
const SECTOR_SLUG_REGEX = "(?=.{1,140}$)[a-z0-9]+(?:-[a-z0-9]+)*";
export const SECTOR_SLUG = new RegExp(`^${SECTOR_SLUG_REGEX}$`);

/** Every way to pick one option per parameter of a page, in the parameters' order. */
function everyCombination<T>(page: VariantPage, optionsOf: (param: VariantParam) => readonly T[]): T[][] {
  let result: T[][] = [[]];
  for (const param of page.params) result = result.flatMap((prefix) => optionsOf(param).map((option) => [...prefix, option]));
  return result;
}

/** Every combination of present/absent parameters, "all absent" (the page as linked from the menu) included. */
const combinations = (page: VariantPage) => everyCombination<VariantValue | null>(page, (param) => [null, ...param.values]);

function variantPath(page: VariantPage, segments: readonly string[]): string {
  return `${page.basePath}/${VARIANT_SEGMENT}/${segments.join("/")}`;
}

function segmentsOf(page: VariantPage, combo: (VariantValue | null)[]): string[] {
  return combo.map((value, index) => value?.segment ?? page.params[index].absent);
}

/** The segment values of every variant route of a page (for generateStaticParams). */
export function variantSegments(page: VariantPage): string[][] {
  const seen = new Map<string, string[]>();
  for (const combo of combinations(page)) {
    const segments = segmentsOf(page, combo);
    seen.set(segments.join("/"), segments);
  }
  return [...seen.values()];
}

/** The query value of a variant segment; undefined when the segment is unknown. */
export function valueOfSegment(page: VariantPage, key: string, segment: string): string | null | undefined {
  const param = page.params.find((item) => item.key === key);
  if (!param) return undefined;
  if (segment === param.absent && !param.values.some((value) => value.segment === segment)) return null;
  return param.values.find((value) => value.segment === segment)?.value;
}

/**
 * The URL of a page's variant: the page itself when every parameter is absent or its default
 * (/servicios), otherwise its variant route (/servicios/ver/integracion/lista). A value the page
 * does not list is a programming error.
 */
export function variantHref(page: VariantPage, values: Readonly<Record<string, string | null | undefined>>): string {
  const segments = page.params.map((param) => {
    const value = values[param.key];
    if (value === null || value === undefined || value === "") return param.absent;
    const known = param.values.find((item) => item.value === value);
    if (!known) throw new Error(`${page.basePath}: ${param.key}=${value} no es una variante`);
    return known.segment;
  });
  if (segments.every((segment, index) => segment === page.params[index].absent)) return page.basePath;
  return variantPath(page, segments);
}

/** The open sector's URL (/sectores/ver/salud), or the page with every sector closed. */
export function sectorHref(slug: string | null): string {
  return slug ? `${SECTORS_BASE_PATH}/${VARIANT_SEGMENT}/${encodeURIComponent(slug)}` : SECTORS_BASE_PATH;
}

/** The page paths and query parameters of the earlier query URLs: proxy.ts runs for these only. */
export const LEGACY_QUERY_PARAMS: readonly { path: string; key: string }[] = [
  ...FIXED_VARIANT_PAGES.flatMap((page) => page.params.map((param) => ({ path: page.basePath, key: param.key }))),
  { path: SECTORS_BASE_PATH, key: SECTOR_PARAM },
];

/** A parameter's value as the URL gives it: its last occurrence; empty or absent is "". */
const lastValue = (query: URLSearchParams, key: string) => query.getAll(key).at(-1) ?? "";

/**
 * The variant path that serves an earlier query URL (/servicios?categoria=Integración&vista=lista
 * → /servicios/ver/integracion/lista), a path no route lists (a 404) when a known parameter has a
 * value the page does not list, or null when the URL names none of the page's parameters (the
 * page itself is served).
 */
export function legacyVariantPath(pathname: string, query: URLSearchParams): string | null {
  if (pathname === SECTORS_BASE_PATH) {
    const sector = lastValue(query, SECTOR_PARAM);
    if (sector === "") return null;
    return `${SECTORS_BASE_PATH}/${VARIANT_SEGMENT}/${SECTOR_SLUG.test(sector) ? sector : UNKNOWN_SEGMENT}`;
  }
  const page = FIXED_VARIANT_PAGES.find((candidate) => candidate.basePath === pathname);
  if (!page) return null;
  const values = page.params.map((param) => lastValue(query, param.key));
  if (values.every((value) => value === "")) return null;
  const segments: string[] = [];
  for (const [index, param] of page.params.entries()) {
    if (values[index] === "") {
      segments.push(param.absent);
      continue;
    }
    const known = param.values.find((option) => option.value === values[index]);
    if (!known) return variantPath(page, page.params.map(() => UNKNOWN_SEGMENT));
    segments.push(known.segment);
  }
  return variantPath(page, segments);
}
