import type { Metadata } from "next";
import Link from "next/link";
import { DataRightsForm } from "@/components/site/data-rights/data-rights-form";
import { PageHero } from "@/components/site/page-hero";
import { Container } from "@/components/ui/container";
import { DATA_REQUEST_KIND_DESCRIPTIONS, DATA_REQUEST_KIND_LABELS, DATA_REQUEST_KINDS } from "@/lib/privacy/data-request-labels";
import { DATA_REQUEST_TERM_DAYS } from "@/lib/privacy/data-request-terms";
import { pageMetadata } from "@/lib/seo";

// Static page: only the form's server action reads the request.
export const revalidate = 3600;

export const metadata: Metadata = pageMetadata({
  title: "Derechos ARCO",
  description:
    "Ejerce tus derechos de acceso, rectificación, cancelación, oposición y portabilidad sobre tus datos personales (Ley N.° 29733) con un formulario gratuito.",
  path: "/derechos-arco",
});

export default function DataRightsPage() {
  return (
    <>
      <PageHero eyebrow="Protección de datos personales" title="Derechos ARCO">
        <p>
          Como titular de tus datos personales puedes ejercer estos derechos de forma gratuita, según la Ley N.° 29733 de Protección de Datos
          Personales y su Reglamento.
        </p>
      </PageHero>

      <Container className="py-16 sm:py-20">
        <div className="grid gap-10 lg:grid-cols-12 lg:gap-12">
          <section aria-labelledby="derechos-lista" className="lg:col-span-5">
            <h2 id="derechos-lista" className="text-2xl font-bold tracking-tight text-ink-900">
              Tus derechos
            </h2>
            <dl className="mt-6 space-y-5">
              {DATA_REQUEST_KINDS.map((kind) => (
                <div key={kind}>
                  <dt className="font-semibold text-ink-900">{DATA_REQUEST_KIND_LABELS[kind]}</dt>
                  <dd className="mt-1 text-sm leading-6 text-ink-700">
                    {DATA_REQUEST_KIND_DESCRIPTIONS[kind]} <span className="text-ink-600">Plazo de respuesta: {DATA_REQUEST_TERM_DAYS[kind]} días hábiles.</span>
                  </dd>
                </div>
              ))}
            </dl>
            <div className="mt-8 space-y-3 text-sm leading-6 text-ink-700">
              <p>
                Los plazos se cuentan en días hábiles desde el día siguiente a la recepción. Si tienes una cuenta, puedes pedir su eliminación
                directamente desde «Mi perfil».
              </p>
              <p>
                Algunos datos se conservan aunque pidas su cancelación, porque la ley nos obliga: por ejemplo, los comprobantes electrónicos y sus
                datos tributarios, y las hojas del Libro de Reclamaciones.
              </p>
              <p>
                Más detalles en nuestra{" "}
                <Link href="/privacidad#derechos" className="font-semibold text-brand-700 underline hover:text-brand-900">
                  Política de privacidad
                </Link>
                . Si no estás conforme con nuestra respuesta, puedes acudir a la Autoridad Nacional de Protección de Datos Personales.
              </p>
            </div>
          </section>
          <div className="lg:col-span-7">
            <DataRightsForm />
          </div>
        </div>
      </Container>
    </>
  );
}
