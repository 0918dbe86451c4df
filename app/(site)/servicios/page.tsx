import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SectionHeading } from "@/components/site/section-heading";
import { CATALOG_PAGES } from "@/components/site/catalog/catalog-kinds";
import { CatalogCta } from "@/components/site/catalog/catalog-cta";
import { CatalogList } from "@/components/site/catalog/catalog-list";
import { parseListState } from "@/components/site/catalog/list-params";
import { PageHero } from "@/components/site/page-hero";
import { Container } from "@/components/ui/container";
import { pageMetadata } from "@/lib/seo";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const PAGE = CATALOG_PAGES.service;

export const metadata: Metadata = pageMetadata({
  title: "Servicios",
  description:
    "Inteligencia de negocios, automatización, integraciones con SUNAT y pasarelas de pago, desarrollo a medida y consultoría TI para pymes del Perú.",
  path: PAGE.basePath,
  keywords: "business intelligence, automatización rpa, integración sunat, desarrollo a medida, consultoría ti perú",
});

/** Spec §2.3: the static process section (Análisis, Diseño, Implementación, Soporte). */
const PROCESS = [
  {
    title: "Análisis",
    text: "Conversamos con tu equipo, revisamos cómo trabajan hoy y medimos dónde se pierde tiempo o dinero. Terminas con un diagnóstico claro y prioridades acordadas.",
    icon: "M21 21l-5.197-5.197m0 0A7.5 7.5 0 105.196 5.196a7.5 7.5 0 0010.607 10.607z",
  },
  {
    title: "Diseño",
    text: "Proponemos la solución, el alcance, los plazos y el presupuesto por etapas. Validamos contigo prototipos y flujos antes de escribir una sola línea de código.",
    icon: "M9.53 16.122a3 3 0 00-5.78 1.128 2.25 2.25 0 01-2.4 2.245 4.5 4.5 0 008.4-2.245c0-.399-.078-.78-.22-1.128zm0 0a15.998 15.998 0 003.388-1.62m-5.043-.025a15.994 15.994 0 011.622-3.395m3.42 3.42a15.995 15.995 0 004.764-4.648l3.876-5.814a1.151 1.151 0 00-1.597-1.597L14.146 6.32a15.996 15.996 0 00-4.649 4.763m3.42 3.42a6.776 6.776 0 00-3.42-3.42",
  },
  {
    title: "Implementación",
    text: "Construimos e integramos en entregas cortas, migramos tus datos y capacitamos a cada área. Sales en vivo con acompañamiento de nuestro equipo.",
    icon: "M15.59 14.37a6 6 0 01-5.84 7.38v-4.8m5.84-2.58a14.98 14.98 0 006.16-12.12A14.98 14.98 0 009.631 8.41m5.96 5.96a14.926 14.926 0 01-5.841 2.58m-.119-8.54a6 6 0 00-7.381 5.84h4.8m2.581-5.84a14.927 14.927 0 00-2.58 5.84m2.699 2.7c-.103.021-.207.041-.311.06a15.09 15.09 0 01-2.448-2.448 14.9 14.9 0 01.06-.312m-2.24 2.39a4.493 4.493 0 00-1.757 4.306 4.493 4.493 0 004.306-1.758M16.5 9a1.5 1.5 0 11-3 0 1.5 1.5 0 013 0z",
  },
  {
    title: "Soporte",
    text: "Monitoreamos, resolvemos incidencias y seguimos mejorando la solución contigo. Soporte local en español, con tiempos de respuesta acordados por contrato.",
    icon: "M16.712 4.33a9.027 9.027 0 011.652 1.306c.51.51.944 1.064 1.306 1.652M16.712 4.33l-3.448 4.138m3.448-4.138a9.014 9.014 0 00-9.424 0M19.67 7.288l-4.138 3.448m4.138-3.448a9.014 9.014 0 010 9.424m-4.138-5.976a3.736 3.736 0 00-.88-1.388 3.737 3.737 0 00-1.388-.88m2.268 2.268a3.765 3.765 0 010 2.528m-2.268-4.796a3.765 3.765 0 00-2.528 0m4.796 4.796c-.181.506-.475.982-.88 1.388a3.736 3.736 0 01-1.388.88m2.268-2.268l4.138 3.448m0 0a9.027 9.027 0 01-1.306 1.652c-.51.51-1.064.944-1.652 1.306m0 0l-3.448-4.138m3.448 4.138a9.014 9.014 0 01-9.424 0m5.976-4.138a3.765 3.765 0 01-2.528 0m0 0a3.736 3.736 0 01-1.388-.88 3.737 3.737 0 01-.88-1.388m2.268 2.268L7.288 19.67m0 0a9.024 9.024 0 01-1.652-1.306 9.027 9.027 0 01-1.306-1.652m0 0l4.138-3.448M4.33 16.712a9.014 9.014 0 010-9.424m4.138 5.976a3.765 3.765 0 010-2.528m0 0c.181-.506.475-.982.88-1.388a3.736 3.736 0 011.388-.88m-2.268 2.268L4.33 7.288m6.406 1.18L7.288 4.33m0 0a9.024 9.024 0 00-1.652 1.306A9.025 9.025 0 004.33 7.288",
  },
] as const;

/** /servicios: category filters and grid/list view in the URL (?categoria=…&vista=lista), process, CTA (spec §2.3). */
export default async function ServicesPage({ searchParams }: Props) {
  const state = parseListState(await searchParams, { categories: PAGE.categories, withView: true });
  if (!state) notFound();

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
              <li key={step.title} className="relative rounded-2xl border border-ink-200 bg-white p-6 shadow-card">
                <div className="flex items-center justify-between">
                  <div aria-hidden="true" className="grid size-12 place-items-center rounded-xl bg-brand-700 text-white">
                    <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.6">
                      <path strokeLinecap="round" strokeLinejoin="round" d={step.icon} />
                    </svg>
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
