import { ServicesView, servicesMetadata } from "@/components/site/catalog/services-view";

// Every service as a grid; each category and view is its own page under /servicios/ver/…
// (lib/public-variants.ts).
export const revalidate = 3600;

export const metadata = servicesMetadata;

export default function ServicesPage() {
  return <ServicesView state={{ category: null, view: "grid" }} />;
}
