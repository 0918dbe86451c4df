import type { Metadata } from "next";
import { PageHero } from "@/components/site/page-hero";
import { ComplaintForm } from "@/components/site/complaints/complaint-form";
import { ProviderIdentification } from "@/components/site/complaints/provider-identification";
import { Container } from "@/components/ui/container";
import { COMPLAINT_ANSWER_BUSINESS_DAYS } from "@/lib/complaints/labels";
import { getSiteSettings } from "@/lib/content/settings";
import { businessDate } from "@/lib/dates";
import { pageMetadata } from "@/lib/seo";

// Static page, regenerated at most every hour and on settings changes (tag): the provider's
// identification comes from the site settings. Only the form's server action reads the request.
// The date the form shows is brought up to date in the browser.
export const revalidate = 3600;

export const metadata: Metadata = pageMetadata({
  title: "Libro de Reclamaciones",
  description:
    "Libro de Reclamaciones virtual: registra un reclamo o una queja y recibe tu hoja de reclamación con su número y una copia en PDF.",
  path: "/libro-de-reclamaciones",
  keywords: "libro de reclamaciones, hoja de reclamación, reclamo, queja, INDECOPI",
});

export default async function ComplaintsBookPage() {
  const settings = await getSiteSettings();

  return (
    <>
      <PageHero eyebrow="Atención al consumidor" title="Libro de Reclamaciones">
        <p>
          Conforme al Código de Protección y Defensa del Consumidor, ponemos a tu disposición nuestro Libro de Reclamaciones
          virtual. Te responderemos en un plazo máximo de {COMPLAINT_ANSWER_BUSINESS_DAYS} días hábiles.
        </p>
      </PageHero>

      <Container className="py-16 sm:py-20 lg:py-24">
        <div className="grid gap-10 lg:grid-cols-12 lg:gap-12">
          <div className="space-y-8 lg:order-2 lg:col-span-4">
            <ProviderIdentification settings={settings} />
          </div>
          <div className="lg:order-1 lg:col-span-8">
            <ComplaintForm today={businessDate()} />
          </div>
        </div>
      </Container>
    </>
  );
}
