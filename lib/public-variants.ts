// Every variant of the public list pages (a filter, a view, a tab, the open sector) is a
// pre-rendered page of its own under "<page>/ver/…", and that path is its URL: the site's filter,
// view, tab and sector links go there (variantHref), and the page without parameters
// (/servicios) is a route file of its own. Neither asks Next to rewrite anything.
//
// The query URLs that earlier versions linked to, and that people may have shared or bookmarked
// (/servicios?categoria=Integración&vista=lista), keep working: next.config.ts rewrites each known
// query to its variant (variantRewrites), and any other value of a known parameter to a segment no
// route lists, a real 404. A rewrite costs Next ~0.2 ms of CPU per request (its router and its
// page handler both match and prepare it), a fifth of serving the page: that is why the links do
// not use them. Nor may they: Next 16's client router reuses a loaded route-file page for any
// other query string of its path without asking the server (its "optimistic routing"), so a link
// to /servicios?categoria=… followed on the client would show the unfiltered list.
// Pure data and functions: next.config.ts, the pages, the links and the tests import it.
//
// How Next matches the rules (next/dist/shared/lib/router/utils/prepare-destination.js):
// - a query value is decoded first ("+" and %20 are spaces, %C3%B3 is "ó") and compared
//   case-sensitively and whole with each rule's regex;
// - an empty value (?categoria=) counts as absent, so it shows the unfiltered page;
// - a repeated parameter is compared by its last value;
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

type QueryCondition = { type: "query"; key: string; value?: string };
export type VariantRewrite = { source: string; destination: string; has?: QueryCondition[]; missing?: QueryCondition[] };

const escapeRegex = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

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

/**
 * How a rule treats one parameter: absent, one value with its own segment, or (for a parameter
 * whose values are their own segments: vista, tab) any of its values, captured into the path.
 * Capturing keeps the rules few: every request pays for each rule (Next's page handler compiles
 * them all again per request, and its router tests them in turn until one matches).
 */
type RuleOption = { kind: "absent" } | { kind: "value"; value: VariantValue } | { kind: "captured" };

const capturable = (param: VariantParam) => param.values.every((value) => value.segment === value.value && /^[a-z0-9-]+$/.test(value.value));

function ruleOptions(param: VariantParam): RuleOption[] {
  const present: RuleOption[] = capturable(param) ? [{ kind: "captured" }] : param.values.map((value) => ({ kind: "value", value }));
  return [{ kind: "absent" }, ...present];
}

function pageRewrites(page: VariantPage): VariantRewrite[] {
  // Without any of its parameters the page is its own route file: no rule.
  const withParameters = everyCombination(page, ruleOptions).filter((combo) => combo.some((option) => option.kind !== "absent"));
  const known = withParameters.map((combo) => {
    const has: QueryCondition[] = [];
    const missing: QueryCondition[] = [];
    const segments = combo.map((option, index) => {
      const param = page.params[index];
      if (option.kind === "absent") {
        missing.push({ type: "query", key: param.key });
        return param.absent;
      }
      if (option.kind === "value") {
        has.push({ type: "query", key: param.key, value: escapeRegex(option.value.value) });
        return option.value.segment;
      }
      has.push({ type: "query", key: param.key, value: `(?<${param.key}>${param.values.map((value) => escapeRegex(value.value)).join("|")})` });
      return `:${param.key}`;
    });
    return { source: page.basePath, destination: variantPath(page, segments), ...(has.length ? { has } : {}), ...(missing.length ? { missing } : {}) };
  });
  const unknown = page.params.map((param) => ({
    source: page.basePath,
    destination: variantPath(page, page.params.map(() => UNKNOWN_SEGMENT)),
    has: [{ type: "query" as const, key: param.key }],
  }));
  return [...known, ...unknown];
}

/** The rewrites of every query URL of a variant, in order (next.config.ts, beforeFiles). */
export function variantRewrites(): VariantRewrite[] {
  return [
    ...FIXED_VARIANT_PAGES.flatMap(pageRewrites),
    {
      source: SECTORS_BASE_PATH,
      destination: `${SECTORS_BASE_PATH}/${VARIANT_SEGMENT}/:sector`,
      has: [{ type: "query", key: SECTOR_PARAM, value: `(?<sector>${SECTOR_SLUG_REGEX})` }],
    },
    {
      source: SECTORS_BASE_PATH,
      destination: `${SECTORS_BASE_PATH}/${VARIANT_SEGMENT}/${UNKNOWN_SEGMENT}`,
      has: [{ type: "query", key: SECTOR_PARAM }],
    },
  ];
}
