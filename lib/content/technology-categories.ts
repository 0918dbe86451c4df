/** The six fixed technology categories. Plain data: client components may import it. */
export const TECHNOLOGY_CATEGORIES = [
  "Inteligencia Artificial",
  "Desarrollo Web",
  "Desarrollo Móvil",
  "Base de Datos",
  "Cloud Computing",
  "DevOps",
] as const;
