import { CatalogDetailPage, catalogDetailMetadata, catalogStaticParams, type DetailParams } from "@/components/site/catalog/detail-route";

// Pre-rendered for every active product, regenerated at most hourly (admins' edits revalidate the catalogue tag).
export const revalidate = 3600;

export const generateStaticParams = () => catalogStaticParams("product");

export const generateMetadata = (props: DetailParams) => catalogDetailMetadata("product", props);

/** /productos/{slug}: product detail. An id URL answers 308 to the slug URL. */
export default function ProductDetailPage({ params }: DetailParams) {
  return <CatalogDetailPage kind="product" params={params} />;
}
