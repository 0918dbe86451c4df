import type { TechnologyContract } from "@/lib/content/serialize";

/** Technology cards show at most this many use cases. */
export const TECHNOLOGY_CARD_MAX_USE_CASES = 3;

export type TechnologyView = "grid" | "lista";

/** What a technology card shows, and nothing more: it is all a page's payload carries per card. */
export type TechnologyCardData = Pick<TechnologyContract, "id" | "name" | "category" | "description" | "is_featured" | "use_cases">;

export function technologyCardData(technology: TechnologyContract): TechnologyCardData {
  return {
    id: technology.id,
    name: technology.name,
    category: technology.category,
    description: technology.description,
    is_featured: technology.is_featured,
    use_cases: technology.use_cases.filter((useCase) => useCase.trim() !== "").slice(0, TECHNOLOGY_CARD_MAX_USE_CASES),
  };
}
