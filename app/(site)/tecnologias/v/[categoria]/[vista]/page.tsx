import { notFound } from "next/navigation";
import { TECHNOLOGIES_VARIANTS, valueOfSegment, variantSegments } from "@/lib/public-variants";
import { TechnologiesView, technologiesMetadata } from "../../../view";

// /tecnologias (→ /tecnologias/v/todas/grid) and /tecnologias?categoria=…&vista=lista are
// rewritten here (next.config.ts, lib/public-variants.ts): one pre-rendered page per category
// and view; any other value is a 404.
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
