import type { Metadata } from "next";
import { loadSection } from "@/components/site/content/load";
import { PageHero } from "@/components/site/page-hero";
import { ContactInformation, WhyChooseUs } from "@/components/site/contact/contact-aside";
import { ContactForm } from "@/components/site/contact/contact-form";
import { Container } from "@/components/ui/container";
import { listPublicSectors } from "@/lib/content/queries";
import { getSiteSettings } from "@/lib/content/settings";
import { pageMetadata } from "@/lib/seo";

// Static page, regenerated at most every 5 minutes and on sector or settings changes (tags).
// No cookies() or headers() here: only the form's server action reads the request.
export const revalidate = 300;

export const metadata: Metadata = pageMetadata({
  title: "Contacto",
  description:
    "Escríbenos y recibe en menos de 24 horas una propuesta a la medida de tu pyme: ERP, CRM, comercio electrónico, automatización y soporte TI en todo el Perú.",
  path: "/contacto",
  keywords: "contacto consultoría TI, cotización software pymes, soporte TI Lima, consultora tecnológica Perú",
});

export default async function ContactPage() {
  const [settings, sectors] = await Promise.all([getSiteSettings(), loadSection("sectores", () => listPublicSectors())]);
  // Without sectors the form still works: the select then offers only "no sector".
  const sectorOptions = sectors.ok ? sectors.data.map((sector) => ({ id: sector.id, name: sector.name })) : [];

  return (
    <>
      <PageHero eyebrow="Contacto" title="Hablemos de tu proyecto">
        <p>
          Cuéntanos qué necesita tu empresa. Un consultor te responderá con una propuesta clara, sin compromiso y a la
          medida de tu presupuesto.
        </p>
      </PageHero>

      <Container className="py-16 sm:py-20 lg:py-24">
        <div className="grid gap-10 lg:grid-cols-12 lg:gap-12">
          <div className="lg:col-span-7">
            <ContactForm sectors={sectorOptions} />
          </div>
          <div className="space-y-8 lg:col-span-5">
            <ContactInformation settings={settings} />
            <WhyChooseUs />
          </div>
        </div>
      </Container>
    </>
  );
}
