import { CatalogDetailPage, catalogDetailMetadata, catalogStaticParams, type DetailParams } from "@/components/site/catalog/detail-route";

// Pre-rendered for every active service, regenerated at most hourly (admins' edits revalidate the catalogue tag).
export const revalidate = 3600;

export const generateStaticParams = () => catalogStaticParams("service");

export const generateMetadata = (props: DetailParams) => catalogDetailMetadata("service", props);

/** /servicios/{slug}: service detail. An id URL answers 308 to the slug URL. */
export default function ServiceDetailPage({ params }: DetailParams) {
  return <CatalogDetailPage kind="service" params={params} />;
}
