import { SectorsView, sectorsMetadata } from "@/components/site/content/sectors-view";

// Every sector closed; the page with one open is /sectores/ver/<slug> (lib/public-variants.ts).
export const revalidate = 3600;

export const metadata = sectorsMetadata;

export default function SectorsPage() {
  return <SectorsView requested={undefined} />;
}
