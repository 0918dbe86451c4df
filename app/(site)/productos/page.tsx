import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CATALOG_PAGES } from "@/components/site/catalog/catalog-kinds";
import { CatalogCta } from "@/components/site/catalog/catalog-cta";
import { CatalogList } from "@/components/site/catalog/catalog-list";
import { parseListState } from "@/components/site/catalog/list-params";
import { PageHero } from "@/components/site/page-hero";
import { Container } from "@/components/ui/container";
import { pageMetadata } from "@/lib/seo";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const PAGE = CATALOG_PAGES.product;

export const metadata: Metadata = pageMetadata({
  title: "Productos",
  description:
    "Software para pymes del Perú: ERP con facturación electrónica SUNAT, CRM, comercio electrónico y gestión documental, listos para usar y con soporte local.",
  path: PAGE.basePath,
  keywords: "erp perú, crm pymes, tienda online, gestión documental, software para pymes",
});

/** /productos: category filters in the URL (?categoria=ERP), the product grid (spec §2.3). */
export default async function ProductsPage({ searchParams }: Props) {
  const state = parseListState(await searchParams, { categories: PAGE.categories, withView: false });
  if (!state) notFound();

  return (
    <>
      <PageHero id="productos-title" eyebrow="Productos" title="Software listo para hacer crecer tu pyme">
        <p>
          ERP, CRM, comercio electrónico y gestión documental pensados para empresas peruanas: facturación electrónica SUNAT,
          precios claros y un equipo local que te acompaña en la implementación.
        </p>
      </PageHero>
      <Container>
        <CatalogList kind="product" state={state} headingId="lista-productos" heading="Catálogo de productos" />
      </Container>
      <CatalogCta id="productos-cta" title="¿No sabes qué producto elegir?" secondary={{ href: "/servicios", label: "Ver servicios" }}>
        Cuéntanos cómo trabaja tu empresa y te recomendamos la solución adecuada, con una demostración sin compromiso.
      </CatalogCta>
    </>
  );
}
