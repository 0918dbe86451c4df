import { TechnologiesView, technologiesMetadata } from "@/components/site/content/technologies-view";

// Every technology as a grid; each category and view is its own page under /tecnologias/ver/…
// (lib/public-variants.ts).
export const revalidate = 3600;

export const metadata = technologiesMetadata;

export default function TechnologiesPage() {
  return <TechnologiesView category={undefined} view="grid" />;
}
