import { notFound } from "next/navigation";
import { listPublicSectors } from "@/lib/content/queries";
import { SECTOR_SLUG } from "@/lib/public-variants";
import { SectorsView, sectorsMetadata } from "@/components/site/content/sectors-view";

// /sectores/ver/<slug>: the page with that sector's card open (lib/public-variants.ts), where
// the cards link and /sectores?sector=<slug> is rewritten (next.config.ts). The sectors known at
// build time are pre-rendered; one added later renders on its first request and is cached from
// then on (dynamicParams). An unknown slug is a 404.
export const revalidate = 3600;

export const metadata = sectorsMetadata;

export async function generateStaticParams() {
  const sectors = await listPublicSectors();
  return sectors.map((sector) => ({ sector: sector.slug }));
}

export default async function SectorsVariantPage({ params }: { params: Promise<{ sector: string }> }) {
  const { sector } = await params;
  if (!SECTOR_SLUG.test(sector)) notFound();
  return <SectorsView requested={sector} />;
}
