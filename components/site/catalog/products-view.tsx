import type { Metadata } from "next";
import { CATALOG_PAGES } from "@/components/site/catalog/catalog-kinds";
import { CatalogCta } from "@/components/site/catalog/catalog-cta";
import { CatalogList } from "@/components/site/catalog/catalog-list";
import type { ListState } from "@/components/site/catalog/list-params";
import { PageHero } from "@/components/site/page-hero";
import { Container } from "@/components/ui/container";
import { pageMetadata } from "@/lib/seo";

const PAGE = CATALOG_PAGES.product;

/** The same for every variant: the canonical URL is /productos. */
export const productsMetadata: Metadata = pageMetadata({
  title: "Productos",
  description:
    "Software para pymes del Perú: ERP con facturación electrónica SUNAT, CRM, comercio electrónico y gestión documental, listos para usar y con soporte local.",
  path: PAGE.basePath,
  keywords: "erp perú, crm pymes, tienda online, gestión documental, software para pymes",
});

/** /productos and its variants: category filters in the URL (?categoria=ERP), the product grid. */
export function ProductsView({ state }: { state: ListState }) {
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
