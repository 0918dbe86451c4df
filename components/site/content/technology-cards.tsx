"use client";

import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import type { TechnologyCardData, TechnologyView } from "./technology-card-data";
import { categoryGradient, TechnologyIcon } from "./technology-icon";

// A client component on purpose: the cards' markup ships once in a cached script, and each
// page's RSC payload carries only the cards' data (technologyCardData), not their element tree.

function UseCases({ technology, compact = false }: { technology: TechnologyCardData; compact?: boolean }) {
  const useCases = technology.use_cases;
  if (useCases.length === 0) return null;
  return (
    <div className={compact ? "mt-4" : "mt-5 border-t border-ink-100 pt-5"}>
      <h4 className="label">Casos de uso</h4>
      <ul className={cn("mt-3", compact ? "flex flex-wrap gap-2" : "space-y-2")} data-testid="use-cases">
        {useCases.map((useCase) =>
          compact ? (
            <li key={useCase} className="rounded-full bg-ink-100 px-3 py-1 text-xs font-medium text-ink-700">
              {useCase}
            </li>
          ) : (
            <li key={useCase} className="check-item">
              {useCase}
            </li>
          ),
        )}
      </ul>
    </div>
  );
}

function Header({ technology }: { technology: TechnologyCardData }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <h3 className="h3">{technology.name}</h3>
      {technology.is_featured && <Badge tone="warning">Destacado</Badge>}
    </div>
  );
}

export function TechnologyCard({ technology }: { technology: TechnologyCardData }) {
  return (
    <article
      className="card tech-card"
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
        <p className="small mt-2">{technology.description}</p>
        <div className="mt-auto">
          <UseCases technology={technology} />
        </div>
      </div>
    </article>
  );
}

export function TechnologyRow({ technology }: { technology: TechnologyCardData }) {
  return (
    <article className="card flex gap-5 p-5 sm:p-6" data-testid="technology-card">
      <TechnologyIcon name={technology.name} category={technology.category} className="size-12 sm:size-14" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
          <Header technology={technology} />
          <span className="text-xs font-semibold text-ink-600">{technology.category}</span>
        </div>
        <p className="small mt-2">{technology.description}</p>
        <UseCases technology={technology} compact />
      </div>
    </article>
  );
}

export function TechnologyList({ technologies, view }: { technologies: TechnologyCardData[]; view: TechnologyView }) {
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
