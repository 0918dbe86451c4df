import { Icon } from "@/components/icons/icon";
import type { IconName } from "@/components/icons/registry";
import { cn } from "@/components/ui/cn";

// Icons for technology cards, chosen by name match: simple glyphs from the sprite,
// no logos or remote images. The first rule whose keyword appears in the name wins.

/** Technology glyph → sprite icon. */
const GLYPHS = {
  mobile: "device",
  atom: "atom",
  letterN: "letter-n",
  hexagon: "hexagon",
  terminal: "terminal",
  code: "code",
  database: "database",
  leaf: "leaf",
  cloud: "cloud",
  containers: "containers",
  helm: "helm",
  cubes: "cube",
  branch: "branch",
  network: "network",
  sparkles: "sparkles",
  chip: "chip",
} as const satisfies Record<string, IconName>;

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

/** Gradient behind the icon, by category; anything else gets the brand gradient. */
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
      className={cn("tech-ic", categoryGradient(category), className)}
    >
      <Icon name={GLYPHS[technologyGlyph(name)]} className="size-1/2" />
    </div>
  );
}
