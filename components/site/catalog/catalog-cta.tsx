import type { ReactNode } from "react";
import { ButtonLink } from "@/components/ui/button";

/** The closing call to action of the catalogue pages: /contacto plus one secondary link. */
export function CatalogCta({ id, title, children, secondary }: {
  id: string;
  title: string;
  children: ReactNode;
  secondary?: { href: string; label: string };
}) {
  return (
    <section aria-labelledby={id} className="px-5 pb-20 sm:px-6 sm:pb-24 lg:px-8">
      <div className="on-dark relative isolate mx-auto max-w-7xl overflow-hidden rounded-3xl bg-brand-800 px-6 py-14 text-center shadow-xl sm:px-12 sm:py-16">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_70%_80%_at_100%_0%,rgb(45_212_191/0.28),transparent_60%),radial-gradient(ellipse_60%_70%_at_0%_100%,rgb(97_142_247/0.35),transparent_60%)]"
        />
        <h2 id={id} className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg leading-8 text-brand-100">{children}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink href="/contacto" variant="light" size="lg">
            Contáctanos
          </ButtonLink>
          {secondary && (
            <ButtonLink href={secondary.href} variant="outline-light" size="lg">
              {secondary.label}
            </ButtonLink>
          )}
        </div>
      </div>
    </section>
  );
}
