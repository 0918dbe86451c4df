import { notFound } from "next/navigation";
import { isSolutionTab } from "@/components/site/content/solution-tabs";
import { SOLUTIONS_VARIANTS, variantSegments } from "@/lib/public-variants";
import { SolutionsView, solutionsMetadata } from "../../view";

// /soluciones (→ /soluciones/v/transformacion) and /soluciones?tab=productos are rewritten
// here (next.config.ts, lib/public-variants.ts): one pre-rendered page per tab; any other
// value is a 404.
export const revalidate = 3600;
export const dynamicParams = false;

export const metadata = solutionsMetadata;

export function generateStaticParams() {
  return variantSegments(SOLUTIONS_VARIANTS).map(([tab]) => ({ tab }));
}

export default async function SolutionsVariantPage({ params }: { params: Promise<{ tab: string }> }) {
  const { tab } = await params;
  if (!isSolutionTab(tab)) notFound();
  return <SolutionsView tab={tab} />;
}
