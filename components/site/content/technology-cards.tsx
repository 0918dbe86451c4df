import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import type { TechnologyContract } from "@/lib/content/serialize";
import { CheckIcon } from "./icon";
import { categoryGradient, TechnologyIcon } from "./technology-icon";

/** Technology cards show at most this many use cases (spec §9). */
export const TECHNOLOGY_CARD_MAX_USE_CASES = 3;

export type TechnologyView = "grid" | "lista";

function useCasesOf(technology: TechnologyContract): string[] {
  return technology.use_cases.filter((useCase) => useCase.trim() !== "").slice(0, TECHNOLOGY_CARD_MAX_USE_CASES);
}

function UseCases({ technology, compact = false }: { technology: TechnologyContract; compact?: boolean }) {
  const useCases = useCasesOf(technology);
  if (useCases.length === 0) return null;
  return (
    <div className={compact ? "mt-4" : "mt-5 border-t border-ink-100 pt-5"}>
      <h4 className="text-xs font-semibold tracking-wide text-ink-600 uppercase">Casos de uso</h4>
      <ul className={cn("mt-3", compact ? "flex flex-wrap gap-2" : "space-y-2")} data-testid="use-cases">
        {useCases.map((useCase) =>
          compact ? (
            <li key={useCase} className="rounded-full bg-ink-100 px-3 py-1 text-xs font-medium text-ink-700">
              {useCase}
            </li>
          ) : (
            <li key={useCase} className="flex gap-2.5 text-sm text-ink-700">
              <CheckIcon />
              <span>{useCase}</span>
            </li>
          ),
        )}
      </ul>
    </div>
  );
}

function Header({ technology }: { technology: TechnologyContract }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <h3 className="text-lg font-semibold text-ink-900">{technology.name}</h3>
      {technology.is_featured && <Badge tone="warning">Destacado</Badge>}
    </div>
  );
}

export function TechnologyCard({ technology }: { technology: TechnologyContract }) {
  return (
    <article
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-ink-200 bg-white shadow-card transition hover:-translate-y-0.5 hover:shadow-card-hover"
      data-testid="technology-card"
    >
      <div aria-hidden="true" className={cn("h-1.5 bg-gradient-to-r", categoryGradient(technology.category))} />
      <div className="flex flex-1 flex-col p-6">
        <div className="flex items-start justify-between gap-4">
          <TechnologyIcon name={technology.name} category={technology.category} className="size-12" />
          <span className="text-right text-xs font-semibold text-ink-600">{technology.category}</span>
        </div>
        <div className="mt-5">
          <Header technology={technology} />
        </div>
        <p className="mt-2 text-sm leading-6 text-ink-600">{technology.description}</p>
        <div className="mt-auto">
          <UseCases technology={technology} />
        </div>
      </div>
    </article>
  );
}

export function TechnologyRow({ technology }: { technology: TechnologyContract }) {
  return (
    <article className="flex gap-5 rounded-2xl border border-ink-200 bg-white p-5 shadow-card sm:p-6" data-testid="technology-card">
      <TechnologyIcon name={technology.name} category={technology.category} className="size-12 sm:size-14" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
          <Header technology={technology} />
          <span className="text-xs font-semibold text-ink-600">{technology.category}</span>
        </div>
        <p className="mt-2 text-sm leading-6 text-ink-600">{technology.description}</p>
        <UseCases technology={technology} compact />
      </div>
    </article>
  );
}

export function TechnologyList({ technologies, view }: { technologies: TechnologyContract[]; view: TechnologyView }) {
  if (view === "lista") {
    return (
      <ul className="space-y-4" data-view="lista" aria-label="Tecnologías">
        {technologies.map((technology) => (
          <li key={technology.id}>
            <TechnologyRow technology={technology} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-view="grid" aria-label="Tecnologías">
      {technologies.map((technology) => (
        <li key={technology.id}>
          <TechnologyCard technology={technology} />
        </li>
      ))}
    </ul>
  );
}
