import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button";
import { Container } from "@/components/ui/container";

export const notFoundMetadata: Metadata = {
  title: "Página no encontrada",
  robots: { index: false },
};

/**
 * The Spanish 404 message with its two ways out. Rendered inside the public header and footer
 * exactly once: by the (site) layout for a notFound() from a public page (an unknown filter),
 * by app/global-not-found.tsx itself for an unknown URL.
 */
export function NotFoundContent({
  title = "Página no encontrada",
  text = "Lo sentimos, la página que buscas no existe o fue movida. Revisa la dirección o vuelve al inicio.",
  back = { href: "/", label: "Volver al inicio" },
}: {
  title?: string;
  text?: string;
  back?: { href: string; label: string };
}) {
  return (
    <Container className="py-24 text-center sm:py-32">
      <p className="text-base font-semibold text-brand-700">Error 404</p>
      <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance text-ink-900 sm:text-5xl">{title}</h1>
      <p className="mx-auto mt-5 max-w-lg text-lg leading-8 text-ink-600">{text}</p>
      <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink href={back.href} size="lg">
          {back.label}
        </ButtonLink>
        <ButtonLink href="/contacto" variant="outline" size="lg">
          Contactar
        </ButtonLink>
      </div>
    </Container>
  );
}
