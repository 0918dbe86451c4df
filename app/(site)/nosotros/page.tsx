import type { Metadata } from "next";
import { Img, isLocalImage } from "@/components/site/media";
import { OutlineIcon } from "@/components/site/content/icon";
import { loadSection } from "@/components/site/content/load";
import { PageHero } from "@/components/site/page-hero";
import { JsonLd } from "@/components/seo/json-ld";
import { ButtonLink } from "@/components/ui/button";
import { Container } from "@/components/ui/container";
import { ErrorState } from "@/components/ui/states";
import { listPublishedCaseStudies } from "@/lib/content/queries";
import { getSiteSettings } from "@/lib/content/settings";
import { organizationJsonLd, pageMetadata } from "@/lib/seo";

export const revalidate = 3600;

export const metadata: Metadata = pageMetadata({
  title: "Nosotros",
  description:
    "Somos una consultora de tecnología para pymes del Perú: nuestra misión, visión y valores, y casos de éxito de empresas que crecen con nosotros.",
  path: "/nosotros",
});

const VALUES = [
  {
    name: "Compromiso",
    icon: "heart",
    text: "Nos hacemos cargo de los resultados, no solo de las tareas. Cumplimos plazos, hablamos claro sobre costos y riesgos, y seguimos a tu lado después de la puesta en marcha.",
  },
  {
    name: "Innovación",
    icon: "lightbulb",
    text: "Buscamos la forma más simple y moderna de resolver cada problema, y adoptamos una tecnología nueva solo cuando mejora de verdad tu operación.",
  },
  {
    name: "Excelencia",
    icon: "star",
    text: "Cuidamos cada detalle: código revisado y probado, datos protegidos, documentación completa y un soporte que responde rápido y en tu idioma.",
  },
] as const;

export default async function AboutPage() {
  const [settings, caseStudies] = await Promise.all([getSiteSettings(), loadSection("casos de éxito", () => listPublishedCaseStudies())]);
  const companyFacts = [
    { label: "Razón social", value: settings.companyLegalName },
    { label: "RUC", value: settings.companyTaxId },
    { label: "Dirección", value: settings.contactAddress },
    { label: "Horario de atención", value: settings.businessHours },
  ].filter((fact): fact is { label: string; value: string } => Boolean(fact.value));

  return (
    <>
      <JsonLd data={organizationJsonLd(settings)} />
      <PageHero eyebrow="Nosotros" title={`Somos ${settings.companyName}`}>
        <p>
          Un equipo peruano de consultores, desarrolladores y especialistas en datos que ayuda a pequeñas y medianas empresas a
          crecer con tecnología clara, segura y a su medida.
        </p>
      </PageHero>

      <section aria-labelledby="proposito-title" className="py-16 sm:py-20">
        <Container>
          <h2 id="proposito-title" className="sr-only">
            Misión y visión
          </h2>
          <div className="grid gap-6 lg:grid-cols-2 lg:gap-8">
            <article className="rounded-3xl border border-ink-200 bg-white p-8 shadow-card sm:p-10">
              <div aria-hidden="true" className="grid size-12 place-items-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
                <OutlineIcon name="flag" />
              </div>
              <h3 className="mt-6 text-2xl font-bold tracking-tight text-ink-900">Misión</h3>
              <p className="mt-4 text-base leading-7 text-ink-700">
                Hacer que la tecnología trabaje para las pymes del Perú: implementar software de gestión, automatizar procesos y dar
                soporte continuo para que nuestros clientes vendan más, operen con menos errores y tomen mejores decisiones, con
                inversiones que pueden medir y sostener.
              </p>
            </article>
            <article className="rounded-3xl border border-ink-200 bg-white p-8 shadow-card sm:p-10">
              <div aria-hidden="true" className="grid size-12 place-items-center rounded-xl bg-teal-50 text-accent-700 ring-1 ring-teal-100">
                <OutlineIcon name="eye" />
              </div>
              <h3 className="mt-6 text-2xl font-bold tracking-tight text-ink-900">Visión</h3>
              <p className="mt-4 text-base leading-7 text-ink-700">
                Ser al 2030 la consultora de tecnología de referencia para las pymes peruanas, reconocida en Lima y en regiones por
                convertir la transformación digital en resultados concretos y por formar relaciones de largo plazo con cada
                cliente.
              </p>
            </article>
          </div>
        </Container>
      </section>

      <section aria-labelledby="valores-title" className="bg-ink-50 py-16 sm:py-20">
        <Container>
          <div className="mx-auto max-w-2xl text-center">
            <p className="eyebrow">Lo que nos guía</p>
            <h2 id="valores-title" className="mt-2 text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl">
              Nuestros valores
            </h2>
          </div>
          <ul className="mt-12 grid gap-6 md:grid-cols-3">
            {VALUES.map((value) => (
              <li key={value.name} className="card p-7 text-center" data-testid="value">
                <div aria-hidden="true" className="mx-auto grid size-14 place-items-center rounded-2xl bg-brand-700 text-white shadow-md">
                  <OutlineIcon name={value.icon} className="size-7" />
                </div>
                <h3 className="mt-5 text-xl font-semibold text-ink-900">{value.name}</h3>
                <p className="small mt-3">{value.text}</p>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section aria-labelledby="casos-title" className="py-16 sm:py-20">
        <Container>
          <div className="max-w-2xl">
            <p className="eyebrow">Resultados</p>
            <h2 id="casos-title" className="mt-2 text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl">
              Casos de éxito
            </h2>
            <p className="mt-4 text-lg leading-8 text-ink-600">Empresas peruanas que ya trabajan mejor con tecnología.</p>
          </div>
          {!caseStudies.ok ? (
            <ErrorState className="mt-10">Error al cargar los casos de éxito</ErrorState>
          ) : caseStudies.data.length === 0 ? (
            <p className="mt-10 text-base text-ink-600">Pronto publicaremos nuestros casos de éxito.</p>
          ) : (
            <ul className="mt-10 grid gap-6 lg:grid-cols-3">
              {caseStudies.data.map((study) => (
                <li key={study.id}>
                  <article className="card flex h-full flex-col overflow-hidden" data-testid="case-study">
                    {isLocalImage(study.image) ? (
                      <Img src={study.image} alt="" width={640} height={360} className="aspect-video w-full bg-brand-50 object-cover" />
                    ) : (
                      <div aria-hidden="true" className="aspect-video w-full bg-gradient-to-br from-brand-100 via-brand-50 to-teal-50" />
                    )}
                    <div className="flex flex-1 flex-col p-6">
                      {study.client_name && <p className="text-sm font-semibold text-accent-700">{study.client_name}</p>}
                      <h3 className="h3 mt-1">{study.title}</h3>
                      <p className="small mt-2">{study.summary}</p>
                      {study.results.length > 0 && (
                        <ul className="mt-5 space-y-2 border-t border-ink-100 pt-5" aria-label={`Resultados: ${study.title}`}>
                          {study.results.map((result) => (
                            <li key={result} className="check-item">
                              {result}
                            </li>
                          ))}
                        </ul>
                      )}
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          )}
        </Container>
      </section>

      {companyFacts.length > 0 && (
        <section aria-labelledby="empresa-title" className="pb-16 sm:pb-20">
          <Container>
            <div className="grid gap-8 rounded-3xl bg-ink-50 p-8 sm:p-10 lg:grid-cols-[1fr_2fr] lg:items-center">
              <div>
                <h2 id="empresa-title" className="text-2xl font-bold tracking-tight text-ink-900">
                  Datos de la empresa
                </h2>
                <ButtonLink href="/contacto" className="mt-6">
                  Conversemos
                </ButtonLink>
              </div>
              <dl className="grid gap-5 sm:grid-cols-2" data-testid="company-facts">
                {companyFacts.map((fact) => (
                  <div key={fact.label}>
                    <dt className="text-sm font-medium text-ink-600">{fact.label}</dt>
                    <dd className="mt-1 font-semibold text-ink-900">{fact.value}</dd>
                  </div>
                ))}
              </dl>
            </div>
          </Container>
        </section>
      )}
    </>
  );
}
