import type { ReactNode } from "react";
import { Container } from "@/components/ui/container";
import type { SiteSettingsData } from "@/lib/content/settings";

export type LegalSection = { id: string; title: string; body: ReactNode };

/** Formats an ISO date (yyyy-mm-dd) as "22 de noviembre de 2026". */
export function legalDate(iso: string): string {
  return new Intl.DateTimeFormat("es-PE", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));
}

/** The company as legal texts name it: legal name, RUC and address, each only when set. */
export function companyIdentity(settings: SiteSettingsData): string {
  const parts = [settings.companyLegalName ?? settings.companyName];
  if (settings.companyTaxId) parts.push(`con RUC N.° ${settings.companyTaxId}`);
  if (settings.contactAddress) parts.push(`y domicilio en ${settings.contactAddress}`);
  return parts.join(", ");
}

/** How to write to the company: its e-mail as a link, or the contact page when there is none. */
export function ContactChannel({ settings }: { settings: SiteSettingsData }) {
  if (settings.contactEmail) {
    return (
      <a href={`mailto:${settings.contactEmail}`} className="font-semibold text-brand-700 underline hover:text-brand-900">
        {settings.contactEmail}
      </a>
    );
  }
  return (
    <a href="/contacto" className="font-semibold text-brand-700 underline hover:text-brand-900">
      nuestro formulario de contacto
    </a>
  );
}

/** A legal page: title, last update, table of contents and numbered sections. */
export function LegalDocument({ title, intro, updated, sections }: { title: string; intro: ReactNode; updated: string; sections: LegalSection[] }) {
  return (
    <>
      <section aria-labelledby="page-title" className="border-b border-ink-200 bg-ink-50">
        <Container className="py-14 sm:py-16">
          <p className="eyebrow">Legal</p>
          <h1 id="page-title" className="mt-2 text-4xl font-extrabold tracking-tight text-balance text-ink-900 sm:text-5xl">
            {title}
          </h1>
          <p className="mt-4 text-sm text-ink-600">
            Última actualización: <time dateTime={updated}>{legalDate(updated)}</time>
          </p>
        </Container>
      </section>
      <Container className="grid gap-10 py-12 sm:py-16 lg:grid-cols-[16rem_1fr] lg:gap-16">
        <nav aria-label="Índice" className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="text-sm font-semibold tracking-wide text-ink-900 uppercase">Contenido</h2>
          <ol className="toc mt-4 space-y-2 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {/* .legal (app/globals.css) styles the sections, their headings and lists. */}
        <article className="legal max-w-3xl text-base leading-7 text-ink-700" data-testid="legal-text">
          <div className="text-lg leading-8 text-ink-700">{intro}</div>
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`}>
                {index + 1}. {section.title}
              </h2>
              <div>{section.body}</div>
            </section>
          ))}
        </article>
      </Container>
    </>
  );
}
