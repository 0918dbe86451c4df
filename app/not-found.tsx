import type { Metadata } from "next";
import { SiteFooter } from "@/components/site/footer";
import { SiteHeader } from "@/components/site/header";
import { SkipLink } from "@/components/site/skip-link";
import { ButtonLink } from "@/components/ui/button";
import { Container } from "@/components/ui/container";

export const metadata: Metadata = {
  title: "Página no encontrada",
  robots: { index: false },
};

/** Spanish 404 for any unknown URL, inside the public header and footer. */
export default function NotFound() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      <main id="contenido" tabIndex={-1} className="flex flex-1 items-center focus:outline-none">
        <Container className="py-24 text-center sm:py-32">
          <p className="text-base font-semibold text-brand-700">Error 404</p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance text-ink-900 sm:text-5xl">Página no encontrada</h1>
          <p className="mx-auto mt-5 max-w-lg text-lg leading-8 text-ink-600">
            Lo sentimos, la página que buscas no existe o fue movida. Revisa la dirección o vuelve al inicio.
          </p>
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            <ButtonLink href="/" size="lg">
              Volver al inicio
            </ButtonLink>
            <ButtonLink href="/contacto" variant="outline" size="lg">
              Contactar
            </ButtonLink>
          </div>
        </Container>
      </main>
      <SiteFooter />
    </div>
  );
}
