import type { Metadata } from "next";
import { Icon } from "@/components/icons/icon";
import type { IconName } from "@/components/icons/registry";
import { SectionHeading } from "@/components/site/section-heading";
import { CATALOG_PAGES } from "@/components/site/catalog/catalog-kinds";
import { CatalogCta } from "@/components/site/catalog/catalog-cta";
import { CatalogList } from "@/components/site/catalog/catalog-list";
import type { ListState } from "@/components/site/catalog/list-params";
import { PageHero } from "@/components/site/page-hero";
import { Container } from "@/components/ui/container";
import { pageMetadata } from "@/lib/seo";

const PAGE = CATALOG_PAGES.service;

/** The same for every variant: the canonical URL is /servicios. */
export const servicesMetadata: Metadata = pageMetadata({
  title: "Servicios",
  description:
    "Inteligencia de negocios, automatización, integraciones con SUNAT y pasarelas de pago, desarrollo a medida y consultoría TI para pymes del Perú.",
  path: PAGE.basePath,
  keywords: "business intelligence, automatización rpa, integración sunat, desarrollo a medida, consultoría ti perú",
});

/** The static process section (Análisis, Diseño, Implementación, Soporte). */
const PROCESS = [
  {
    title: "Análisis",
    text: "Conversamos con tu equipo, revisamos cómo trabajan hoy y medimos dónde se pierde tiempo o dinero. Terminas con un diagnóstico claro y prioridades acordadas.",
    icon: "search",
  },
  {
    title: "Diseño",
    text: "Proponemos la solución, el alcance, los plazos y el presupuesto por etapas. Validamos contigo prototipos y flujos antes de escribir una sola línea de código.",
    icon: "paint-brush",
  },
  {
    title: "Implementación",
    text: "Construimos e integramos en entregas cortas, migramos tus datos y capacitamos a cada área. Sales en vivo con acompañamiento de nuestro equipo.",
    icon: "rocket",
  },
  {
    title: "Soporte",
    text: "Monitoreamos, resolvemos incidencias y seguimos mejorando la solución contigo. Soporte local en español, con tiempos de respuesta acordados por contrato.",
    icon: "lifebuoy",
  },
] as const satisfies ReadonlyArray<{ title: string; text: string; icon: IconName }>;

/** /servicios and its variants: category filters and grid/list view in the URL (?categoria=…&vista=lista), process, CTA. */
export function ServicesView({ state }: { state: ListState }) {
  return (
    <>
      <PageHero id="servicios-title" eyebrow="Servicios" title="Servicios TI que hacen crecer tu negocio">
        <p>
          Inteligencia de negocios, automatización, integraciones, desarrollo a medida y consultoría: un equipo experto que diseña,
          implementa y acompaña cada proyecto de principio a fin.
        </p>
      </PageHero>
      <Container>
        <CatalogList kind="service" state={state} withViewToggle headingId="lista-servicios" heading="Catálogo de servicios" />
      </Container>

      <section aria-labelledby="proceso-title" className="bg-ink-50 py-20 sm:py-24">
        <Container>
          <SectionHeading id="proceso-title" eyebrow="Cómo trabajamos" title="Nuestro proceso" align="center">
            Cuatro etapas claras para que sepas en todo momento qué estamos haciendo, cuánto falta y qué sigue.
          </SectionHeading>
          <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:mt-14 lg:grid-cols-4">
            {PROCESS.map((step, index) => (
              <li key={step.title} className="card relative p-6">
                <div className="flex items-center justify-between">
                  <div aria-hidden="true" className="grid size-12 place-items-center rounded-xl bg-brand-700 text-white">
                    <Icon name={step.icon} className="size-6" />
                  </div>
                  <span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-bold tracking-wide text-brand-800 uppercase">
                    Paso {index + 1}
                  </span>
                </div>
                <h3 className="mt-5 text-lg font-semibold text-ink-900">{step.title}</h3>
                <p className="mt-2 text-sm leading-6 text-ink-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </Container>
      </section>

      <div className="pt-20 sm:pt-24">
        <CatalogCta id="servicios-cta" title="¿Tienes un proyecto en mente?" secondary={{ href: "/productos", label: "Ver productos" }}>
          Cuéntanos tu reto y te proponemos el servicio adecuado, con plazos y presupuesto claros, en menos de 24 horas.
        </CatalogCta>
      </div>
    </>
  );
}
