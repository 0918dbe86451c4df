import { notFound } from "next/navigation";
import { TECHNOLOGIES_VARIANTS, valueOfSegment, variantSegments } from "@/lib/public-variants";
import { TechnologiesView, technologiesMetadata } from "@/components/site/content/technologies-view";

// /tecnologias/ver/devops/lista: one pre-rendered page per category and view
// (lib/public-variants.ts), where the filter and view links go and /tecnologias?categoria=…&vista=…
// is rewritten (next.config.ts); any other value is a 404.
export const revalidate = 3600;
export const dynamicParams = false;

export const metadata = technologiesMetadata;

export function generateStaticParams() {
  return variantSegments(TECHNOLOGIES_VARIANTS).map(([categoria, vista]) => ({ categoria, vista }));
}

export default async function TechnologiesVariantPage({ params }: { params: Promise<{ categoria: string; vista: string }> }) {
  const segments = await params;
  const category = valueOfSegment(TECHNOLOGIES_VARIANTS, "categoria", segments.categoria);
  const view = valueOfSegment(TECHNOLOGIES_VARIANTS, "vista", segments.vista);
  if (category === undefined || view === undefined) notFound();
  return <TechnologiesView category={category ?? undefined} view={view === "lista" ? "lista" : "grid"} />;
}
