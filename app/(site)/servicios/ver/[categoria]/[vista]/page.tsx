import { notFound } from "next/navigation";
import { listStateOfSegments } from "@/components/site/catalog/list-params";
import { SERVICES_VARIANTS, variantSegments } from "@/lib/public-variants";
import { ServicesView, servicesMetadata } from "@/components/site/catalog/services-view";

// /servicios/ver/integracion/lista: one pre-rendered page per category and view
// (lib/public-variants.ts), where the filter and view links go and /servicios?categoria=…&vista=…
// is rewritten (next.config.ts); any other value is a 404.
export const revalidate = 3600;
export const dynamicParams = false;

export const metadata = servicesMetadata;

export function generateStaticParams() {
  return variantSegments(SERVICES_VARIANTS).map(([categoria, vista]) => ({ categoria, vista }));
}

export default async function ServicesVariantPage({ params }: { params: Promise<{ categoria: string; vista: string }> }) {
  const state = listStateOfSegments(SERVICES_VARIANTS, await params);
  if (!state) notFound();
  return <ServicesView state={state} />;
}
