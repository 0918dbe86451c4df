import type { Metadata } from "next";
import Link from "next/link";
import { loadSection } from "@/components/site/content/load";
import { PageHero } from "@/components/site/page-hero";
import { TechnologyList } from "@/components/site/content/technology-cards";
import { technologyCardData, type TechnologyView } from "@/components/site/content/technology-card-data";
import { technologiesHref, TechnologyFilters } from "@/components/site/content/technology-filters";
import { ViewToggle } from "@/components/site/view-toggle";
import { MainStackBanner, MethodologiesSection, TrendsSection } from "@/components/site/content/technology-sections";
import { buttonClasses } from "@/components/ui/button";
import { Container } from "@/components/ui/container";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { listPublicTechnologies } from "@/lib/content/queries";
import { pageMetadata } from "@/lib/seo";

/** The same for every variant: the canonical URL is /tecnologias. */
export const technologiesMetadata: Metadata = pageMetadata({
  title: "Tecnologías",
  description:
    "Las tecnologías con las que construimos: inteligencia artificial, desarrollo web y móvil, bases de datos, cloud computing y DevOps para pymes del Perú.",
  path: "/tecnologias",
});

/** /tecnologias and its variants (?categoria=…&vista=lista). */
export async function TechnologiesView({ category, view }: { category: string | undefined; view: TechnologyView }) {
  const technologies = await loadSection("tecnologías", () => listPublicTechnologies(category ? { category } : {}));

  return (
    <>
      <PageHero eyebrow="Tecnologías" title="Tecnología moderna, elegida para tu negocio">
        <p>
          Trabajamos con plataformas líderes y probadas en producción. Elegimos cada herramienta por lo que aporta a tu
          empresa, no por moda.
        </p>
      </PageHero>

      <Container className="py-12 sm:py-16">
        <MainStackBanner />

        <section aria-labelledby="catalogo-title" className="mt-16 sm:mt-20">
          <h2 id="catalogo-title" className="text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl">
            Tecnologías que dominamos
          </h2>
          <div className="mt-8 flex flex-col gap-5 lg:flex-row lg:items-start lg:justify-between">
            <TechnologyFilters category={category} view={view} />
            <ViewToggle
              options={[
                { label: "Cuadrícula", href: technologiesHref(category, "grid"), current: view === "grid" },
                { label: "Lista", href: technologiesHref(category, "lista"), current: view === "lista" },
              ]}
            />
          </div>

          <div className="mt-10">
            {!technologies.ok ? (
              <ErrorState
                action={
                  <Link href={technologiesHref(category, view)} className={buttonClasses("outline", "sm")}>
                    Reintentar
                  </Link>
                }
              >
                Error al cargar las tecnologías
              </ErrorState>
            ) : technologies.data.length === 0 ? (
              <EmptyState>
                No se encontraron tecnologías
                {category && (
                  <>
                    {" "}en la categoría <strong className="font-semibold text-ink-800">{category}</strong>
                  </>
                )}
              </EmptyState>
            ) : (
              <>
                <p className="mb-6 text-sm text-ink-600" data-testid="technology-count">
                  {technologies.data.length === 1 ? "1 tecnología" : `${technologies.data.length} tecnologías`}
                  {category ? ` en ${category}` : ""}
                </p>
                <TechnologyList technologies={technologies.data.map(technologyCardData)} view={view} />
              </>
            )}
          </div>
        </section>
      </Container>

      <MethodologiesSection />
      <TrendsSection />
    </>
  );
}
