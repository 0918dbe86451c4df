/** The six fixed technology categories (spec §2.3, §9). Plain data: client components may import it. */
export const TECHNOLOGY_CATEGORIES = [
  "Inteligencia Artificial",
  "Desarrollo Web",
  "Desarrollo Móvil",
  "Base de Datos",
  "Cloud Computing",
  "DevOps",
] as const;
