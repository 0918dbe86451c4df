import { SolutionsView, solutionsMetadata } from "@/components/site/content/solutions-view";

// The default tab (Transformación Digital); the others are pages under /soluciones/ver/…
// (lib/public-variants.ts).
export const revalidate = 3600;

export const metadata = solutionsMetadata;

export default function SolutionsPage() {
  return <SolutionsView tab="transformacion" />;
}
