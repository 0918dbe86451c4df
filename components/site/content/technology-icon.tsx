import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

// Icons for technology cards, chosen by name match (spec §2.3): simple glyphs drawn inline,
// no logos or remote images. The first rule whose keyword appears in the name wins.

type Glyph = ReactNode;

const p = (d: string) => <path strokeLinecap="round" strokeLinejoin="round" d={d} />;

const GLYPHS = {
  mobile: p("M10.5 1.5H8.25A2.25 2.25 0 006 3.75v16.5a2.25 2.25 0 002.25 2.25h7.5A2.25 2.25 0 0018 20.25V3.75a2.25 2.25 0 00-2.25-2.25H13.5m-3 0V3h3V1.5m-3 0h3m-3 18.75h3"),
  atom: (
    <>
      <circle cx="12" cy="12" r="1.6" fill="currentColor" stroke="none" />
      <ellipse cx="12" cy="12" rx="10" ry="4" />
      <ellipse cx="12" cy="12" rx="10" ry="4" transform="rotate(60 12 12)" />
      <ellipse cx="12" cy="12" rx="10" ry="4" transform="rotate(120 12 12)" />
    </>
  ),
  letterN: (
    <>
      <circle cx="12" cy="12" r="9.25" />
      {p("M9 16.5v-9l6.5 9.5M15 7.5v5")}
    </>
  ),
  hexagon: (
    <>
      {p("M12 2.25l8.5 4.875v9.75L12 21.75l-8.5-4.875v-9.75L12 2.25z")}
      {p("M9.5 9.5v5M14.5 9.5c-1.5 0-2.25.6-2.25 1.5s.75 1.25 2.25 1.5 2.25.6 2.25 1.5-.75 1.5-2.25 1.5")}
    </>
  ),
  terminal: p("M6.75 7.5l3 2.25-3 2.25m4.5 0h3m-9 8.25h13.5A2.25 2.25 0 0021 18V6a2.25 2.25 0 00-2.25-2.25H5.25A2.25 2.25 0 003 6v12a2.25 2.25 0 002.25 2.25z"),
  code: p("M17.25 6.75L22.5 12l-5.25 5.25m-10.5 0L1.5 12l5.25-5.25m7.5-3l-4.5 16.5"),
  database: p("M20.25 6.375c0 2.278-3.694 4.125-8.25 4.125S3.75 8.653 3.75 6.375m16.5 0c0-2.278-3.694-4.125-8.25-4.125S3.75 4.097 3.75 6.375m16.5 0v11.25c0 2.278-3.694 4.125-8.25 4.125s-8.25-1.847-8.25-4.125V6.375m16.5 0v3.75m-16.5-3.75v3.75m16.5 0v3.75C20.25 16.153 16.556 18 12 18s-8.25-1.847-8.25-4.125v-3.75m16.5 0c0 2.278-3.694 4.125-8.25 4.125s-8.25-1.847-8.25-4.125"),
  leaf: p("M12 21.75c0-6 0-12 0-19.5M12 2.25c3.75 3 5.25 6.75 5.25 10.125S15.375 18.75 12 21.75c-3.375-3-5.25-6-5.25-9.375S8.25 5.25 12 2.25z"),
  cloud: p("M2.25 15a4.5 4.5 0 004.5 4.5H18a3.75 3.75 0 001.332-7.257 3 3 0 00-3.758-3.848 5.25 5.25 0 00-10.233 2.33A4.502 4.502 0 002.25 15z"),
  containers: p("M3 13.5h18v6.75H3V13.5zm3 0V9.75h4.5v3.75m0-3.75h4.5v3.75M10.5 9.75V6h4.5v3.75M6 16.875h.008M9 16.875h.008"),
  helm: (
    <>
      <circle cx="12" cy="12" r="3" />
      {p("M12 2.25v6.75m0 6v6.75M2.25 12H9m6 0h6.75M5.1 5.1l4.78 4.78m4.24 4.24l4.78 4.78m0-13.8l-4.78 4.78m-4.24 4.24L5.1 18.9")}
    </>
  ),
  cubes: p("M21 7.5l-9-5.25L3 7.5m18 0l-9 5.25m9-5.25v9l-9 5.25M3 7.5l9 5.25M3 7.5v9l9 5.25m0-9v9"),
  branch: (
    <>
      <circle cx="6" cy="5.25" r="2.25" />
      <circle cx="6" cy="18.75" r="2.25" />
      <circle cx="18" cy="7.5" r="2.25" />
      {p("M6 7.5v9M18 9.75c0 4.5-6 3-11.25 6.75")}
    </>
  ),
  network: (
    <>
      <circle cx="5" cy="6" r="2" />
      <circle cx="5" cy="18" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="19" cy="6" r="2" />
      <circle cx="19" cy="18" r="2" />
      {p("M6.7 7.1l3.6 3.8m3.4 0l3.6-3.8M6.7 16.9l3.6-3.8m3.4 0l3.6 3.8")}
    </>
  ),
  sparkles: p("M9.813 15.904L9 18.75l-.813-2.846a4.5 4.5 0 00-3.09-3.09L2.25 12l2.846-.813a4.5 4.5 0 003.09-3.09L9 5.25l.813 2.846a4.5 4.5 0 003.09 3.09L15.75 12l-2.846.813a4.5 4.5 0 00-3.09 3.09zM18.259 8.715L18 9.75l-.259-1.035a3.375 3.375 0 00-2.455-2.456L14.25 6l1.036-.259a3.375 3.375 0 002.455-2.456L18 2.25l.259 1.035a3.375 3.375 0 002.456 2.456L21.75 6l-1.035.259a3.375 3.375 0 00-2.456 2.456z"),
  chip: p("M8.25 3v1.5M4.5 8.25H3m18 0h-1.5M4.5 12H3m18 0h-1.5m-15 3.75H3m18 0h-1.5M8.25 19.5V21M12 3v1.5m0 15V21m3.75-18v1.5m0 15V21m-9-1.5h10.5a2.25 2.25 0 002.25-2.25V6.75a2.25 2.25 0 00-2.25-2.25H6.75A2.25 2.25 0 004.5 6.75v10.5a2.25 2.25 0 002.25 2.25zm.75-12h9v9h-9v-9z"),
} satisfies Record<string, Glyph>;

export type TechnologyGlyph = keyof typeof GLYPHS;

/** Keyword (lower case, matched inside the name) → glyph. Order matters: "react native" before "react". */
const RULES: ReadonlyArray<readonly [string, TechnologyGlyph]> = [
  ["react native", "mobile"],
  ["flutter", "mobile"],
  ["kotlin", "mobile"],
  ["swift", "mobile"],
  ["ionic", "mobile"],
  ["android", "mobile"],
  ["react", "atom"],
  ["next", "letterN"],
  ["node", "hexagon"],
  ["python", "terminal"],
  ["django", "terminal"],
  ["laravel", "code"],
  ["php", "code"],
  ["vue", "code"],
  ["angular", "code"],
  ["typescript", "code"],
  ["mongo", "leaf"],
  ["postgres", "database"],
  ["mysql", "database"],
  ["sql", "database"],
  ["redis", "database"],
  ["oracle", "database"],
  ["aws", "cloud"],
  ["amazon", "cloud"],
  ["azure", "cloud"],
  ["google cloud", "cloud"],
  ["gcp", "cloud"],
  ["cloud", "cloud"],
  ["docker", "containers"],
  ["kubernetes", "helm"],
  ["terraform", "cubes"],
  ["ansible", "cubes"],
  ["github", "branch"],
  ["gitlab", "branch"],
  ["jenkins", "branch"],
  ["git", "branch"],
  ["tensorflow", "network"],
  ["pytorch", "network"],
  ["scikit", "network"],
  ["keras", "network"],
  ["openai", "sparkles"],
  ["gpt", "sparkles"],
  ["llm", "sparkles"],
];

/** The glyph for a technology name; a generic chip when nothing matches. */
export function technologyGlyph(name: string): TechnologyGlyph {
  const lower = name.toLocaleLowerCase("es");
  return RULES.find(([keyword]) => lower.includes(keyword))?.[1] ?? "chip";
}

/** Gradient behind the icon, by category (spec §2.3); anything else gets the brand gradient. */
const CATEGORY_GRADIENTS: Record<string, string> = {
  "Inteligencia Artificial": "from-violet-600 to-fuchsia-500",
  "Desarrollo Web": "from-brand-600 to-sky-500",
  "Desarrollo Móvil": "from-teal-600 to-emerald-500",
  "Base de Datos": "from-amber-500 to-orange-600",
  "Cloud Computing": "from-sky-500 to-indigo-600",
  DevOps: "from-slate-700 to-slate-500",
};

export function categoryGradient(category: string): string {
  return CATEGORY_GRADIENTS[category] ?? "from-brand-700 to-brand-500";
}

export function TechnologyIcon({ name, category, className }: { name: string; category: string; className?: string }) {
  return (
    <div
      aria-hidden="true"
      data-glyph={technologyGlyph(name)}
      className={cn("grid shrink-0 place-items-center rounded-xl bg-gradient-to-br text-white shadow-md", categoryGradient(category), className)}
    >
      <svg viewBox="0 0 24 24" className="size-1/2" fill="none" stroke="currentColor" strokeWidth="1.6">
        {GLYPHS[technologyGlyph(name)]}
      </svg>
    </div>
  );
}
