import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { loadSection, singleParam } from "@/components/site/content/load";
import { PageHero } from "@/components/site/page-hero";
import { TechnologyList, type TechnologyView } from "@/components/site/content/technology-cards";
import { technologiesHref, TechnologyFilters, ViewToggle } from "@/components/site/content/technology-filters";
import { MainStackBanner, MethodologiesSection, TrendsSection } from "@/components/site/content/technology-sections";
import { buttonClasses } from "@/components/ui/button";
import { Container } from "@/components/ui/container";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { listPublicTechnologies } from "@/lib/content/queries";
import { TECHNOLOGY_CATEGORIES } from "@/lib/content/technology-categories";
import { pageMetadata } from "@/lib/seo";

export const metadata: Metadata = pageMetadata({
  title: "Tecnologías",
  description:
    "Las tecnologías con las que construimos: inteligencia artificial, desarrollo web y móvil, bases de datos, cloud computing y DevOps para pymes del Perú.",
  path: "/tecnologias",
});

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

function isCategory(value: string): boolean {
  return (TECHNOLOGY_CATEGORIES as readonly string[]).includes(value);
}

export default async function TechnologiesPage({ searchParams }: Props) {
  const params = await searchParams;
  const rawCategory = singleParam(params.categoria);
  const rawView = singleParam(params.vista);
  if (rawCategory === null || (rawCategory !== undefined && !isCategory(rawCategory))) notFound();
  if (rawView === null || (rawView !== undefined && rawView !== "lista" && rawView !== "grid")) notFound();
  const category = rawCategory;
  const view: TechnologyView = rawView === "lista" ? "lista" : "grid";

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
            <ViewToggle category={category} view={view} />
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
                <TechnologyList technologies={technologies.data} view={view} />
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
