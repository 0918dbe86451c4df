import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { loadSection } from "@/components/site/content/load";
import { PageHero } from "@/components/site/page-hero";
import { safeRichText } from "@/components/site/content/rich-text";
import { sectorHref } from "@/lib/public-variants";
import { SectorAccordion } from "@/components/site/content/sector-accordion";
import { SectorBenefits } from "@/components/site/content/sector-benefits";
import { SectorIcon } from "@/components/site/content/sector-icon";
import { buttonClasses } from "@/components/ui/button";
import { Container } from "@/components/ui/container";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { listPublicSectors } from "@/lib/content/queries";
import { latin1Html } from "@/lib/latin1-html";
import { pageMetadata } from "@/lib/seo";

/** The same for every open sector: the canonical URL is /sectores. */
export const sectorsMetadata: Metadata = pageMetadata({
  title: "Sectores",
  description:
    "Soluciones tecnológicas por industria para pymes del Perú: retail, manufactura, salud, educación, logística, servicios financieros y agroindustria.",
  path: "/sectores",
});

/** /sectores and its variants: the accordion with the sector of /sectores/ver/<slug> open. */
export async function SectorsView({ requested }: { requested: string | undefined }) {
  const sectors = await loadSection("sectores", () => listPublicSectors());
  // An unknown sector in the URL is a missing page; while sectors cannot be read, the error state shows instead.
  if (requested !== undefined && sectors.ok && !sectors.data.some((sector) => sector.slug === requested)) notFound();

  return (
    <>
      <PageHero eyebrow="Sectores" title="Experiencia en las industrias que mueven el Perú">
        <p>
          Cada sector tiene sus procesos, sus normas y sus urgencias. Conocemos los tuyos y llegamos con soluciones probadas en
          empresas como la tuya.
        </p>
      </PageHero>

      <section aria-labelledby="sectores-title" className="py-16 sm:py-20">
        <Container>
          <div className="max-w-2xl">
            <h2 id="sectores-title" className="text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl">
              Sectores que atendemos
            </h2>
            <p className="mt-4 text-lg leading-8 text-ink-600">Abre un sector para conocer cómo trabajamos en él.</p>
          </div>
          <div className="mt-10">
            {!sectors.ok ? (
              <ErrorState
                action={
                  <Link href="/sectores" className={buttonClasses("outline", "sm")}>
                    Reintentar
                  </Link>
                }
              >
                Error al cargar los sectores
              </ErrorState>
            ) : sectors.data.length === 0 ? (
              <EmptyState>No se encontraron sectores disponibles.</EmptyState>
            ) : (
              <SectorAccordion
                openSlug={requested}
                closedHref={sectorHref(null)}
                contactLabel="Solicitar una consulta"
                sectors={sectors.data.map((sector) => ({
                  id: sector.id,
                  slug: sector.slug,
                  openHref: sectorHref(sector.slug),
                  name: sector.name,
                  description: sector.description,
                  html: latin1Html(safeRichText(sector.long_description)),
                  icon: <SectorIcon name={sector.icon} />,
                }))}
              />
            )}
          </div>
        </Container>
      </section>

      <section aria-labelledby="beneficios-title" className="bg-ink-50 py-16 sm:py-20">
        <Container>
          <div className="max-w-2xl">
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Beneficios</p>
            <h2 id="beneficios-title" className="mt-2 text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl">
              Beneficios por sector
            </h2>
            <p className="mt-4 text-lg leading-8 text-ink-600">Resultados concretos que buscamos con cada tipo de empresa.</p>
          </div>
          <SectorBenefits />
        </Container>
      </section>
    </>
  );
}
