import { notFound } from "next/navigation";
import { isSolutionTab } from "@/components/site/content/solution-tabs";
import { SOLUTIONS_VARIANTS, variantSegments } from "@/lib/public-variants";
import { SolutionsView, solutionsMetadata } from "@/components/site/content/solutions-view";

// /soluciones/ver/productos: one pre-rendered page per tab (lib/public-variants.ts), where the
// tab links go and /soluciones?tab=productos is rewritten (next.config.ts); any other value is
// a 404.
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
