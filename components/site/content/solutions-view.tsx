import type { Metadata } from "next";
import { loadSection } from "@/components/site/content/load";
import { PageHero } from "@/components/site/page-hero";
import { ProductsPanel, SectorsPanel, ServicesPanel } from "@/components/site/content/solution-panels";
import { SOLUTION_TABS, SolutionTabs, type SolutionTabKey } from "@/components/site/content/solution-tabs";
import { TransformationPanel } from "@/components/site/content/transformation-panel";
import { Container } from "@/components/ui/container";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { listPublicCatalogItems } from "@/lib/catalog/queries";
import { listPublicSectors } from "@/lib/content/queries";
import { pageMetadata } from "@/lib/seo";

/** The same for every tab: the canonical URL is /soluciones. */
export const solutionsMetadata: Metadata = pageMetadata({
  title: "Soluciones",
  description:
    "Transformación digital para pymes del Perú: diagnóstico, estrategia, implementación y mejora continua, con productos integrados y servicios especializados.",
  path: "/soluciones",
});

async function TabContent({ tab }: { tab: SolutionTabKey }) {
  if (tab === "transformacion") return <TransformationPanel />;

  if (tab === "productos") {
    const products = await loadSection("productos", () => listPublicCatalogItems("product"));
    if (!products.ok) return <ErrorState>Error al cargar los productos</ErrorState>;
    if (products.data.length === 0) return <EmptyState>No hay productos disponibles en este momento.</EmptyState>;
    return <ProductsPanel products={products.data} />;
  }

  if (tab === "servicios") {
    const services = await loadSection("servicios", () => listPublicCatalogItems("service"));
    if (!services.ok) return <ErrorState>Error al cargar los servicios</ErrorState>;
    if (services.data.length === 0) return <EmptyState>No hay servicios disponibles en este momento.</EmptyState>;
    return <ServicesPanel services={services.data} />;
  }

  const sectors = await loadSection("sectores", () => listPublicSectors());
  if (!sectors.ok) return <ErrorState>Error al cargar los sectores</ErrorState>;
  if (sectors.data.length === 0) return <EmptyState>No hay sectores disponibles en este momento.</EmptyState>;
  return <SectorsPanel sectors={sectors.data} />;
}

const INTROS: Record<SolutionTabKey, string> = {
  transformacion: "Un camino claro, por etapas y con resultados medibles, para digitalizar tu empresa sin detener la operación.",
  productos: "Software de gestión listo para usar, que se integra con SUNAT, bancos y tus canales de venta.",
  servicios: "Equipos expertos para analizar, automatizar, integrar y desarrollar lo que tu negocio necesita.",
  sectores: "Conocemos los procesos y las normas de cada industria. Conversemos sobre el tuyo.",
};

/** /soluciones and its tabs (?tab=productos…). */
export function SolutionsView({ tab }: { tab: SolutionTabKey }) {
  const label = SOLUTION_TABS.find((item) => item.key === tab)!.label;

  return (
    <>
      <PageHero eyebrow="Soluciones" title="Soluciones tecnológicas para cada etapa de tu empresa">
        <p>
          Combinamos consultoría, software y servicios gestionados para que las pymes peruanas vendan más, operen mejor y
          crezcan con seguridad.
        </p>
      </PageHero>
      <Container className="py-12 sm:py-16">
        <SolutionTabs active={tab} />
        <section aria-labelledby="tab-title" className="mt-10 sm:mt-12" data-testid="solutions-panel">
          <div className="mb-10 max-w-2xl">
            <h2 id="tab-title" className="text-3xl font-bold tracking-tight text-ink-900">
              {label}
            </h2>
            <p className="mt-3 text-lg leading-8 text-ink-600">{INTROS[tab]}</p>
          </div>
          <TabContent tab={tab} />
        </section>
      </Container>
    </>
  );
}
