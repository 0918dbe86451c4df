import { notFound } from "next/navigation";
import { listPublicSectors } from "@/lib/content/queries";
import { NO_SECTOR_SEGMENT, SECTOR_SLUG } from "@/lib/public-variants";
import { SectorsView, sectorsMetadata } from "../../view";

// /sectores (→ /sectores/v/_, every sector closed) and /sectores?sector=<slug> are rewritten
// here (next.config.ts, lib/public-variants.ts). The sectors known at build time are
// pre-rendered; one added later renders on its first request and is cached from then on
// (dynamicParams). An unknown slug is a 404.
export const revalidate = 3600;

export const metadata = sectorsMetadata;

export async function generateStaticParams() {
  const sectors = await listPublicSectors();
  return [{ sector: NO_SECTOR_SEGMENT }, ...sectors.map((sector) => ({ sector: sector.slug }))];
}

export default async function SectorsVariantPage({ params }: { params: Promise<{ sector: string }> }) {
  const { sector } = await params;
  if (sector === NO_SECTOR_SEGMENT) return <SectorsView requested={undefined} />;
  if (!SECTOR_SLUG.test(sector)) notFound();
  return <SectorsView requested={sector} />;
}
