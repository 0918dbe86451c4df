import type { Metadata } from "next";
import { loadSection } from "@/components/site/content/load";
import { PageHero } from "@/components/site/page-hero";
import { TestimonialCard } from "@/components/site/testimonial-card";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { Container } from "@/components/ui/container";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { listPublicTestimonials } from "@/lib/testimonials/queries";
import { pageMetadata } from "@/lib/seo";

export const revalidate = 3600;

export const metadata: Metadata = pageMetadata({
  title: "Testimonios",
  description: "Lo que dicen de nosotros las pymes peruanas que ya trabajan con nuestras soluciones de software, automatización y soporte.",
  path: "/testimonios",
});

export default async function TestimonialsPage() {
  // Published and active only (lib), featured ones first, otherwise newest first.
  const testimonials = await loadSection("testimonios", async () => {
    const rows = await listPublicTestimonials();
    return [...rows.filter((row) => row.is_featured), ...rows.filter((row) => !row.is_featured)];
  });

  return (
    <>
      <PageHero eyebrow="Testimonios" title="Lo que dicen nuestros clientes">
        <p>Empresas de todo el Perú confían en nosotros para crecer con tecnología. Estas son sus palabras.</p>
      </PageHero>

      <section aria-labelledby="lista-title" className="py-16 sm:py-20">
        <Container>
          <h2 id="lista-title" className="sr-only">
            Testimonios de clientes
          </h2>
          {!testimonials.ok ? (
            <ErrorState>Error al cargar testimonios</ErrorState>
          ) : testimonials.data.length === 0 ? (
            <EmptyState>No hay testimonios disponibles en este momento.</EmptyState>
          ) : (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 lg:gap-8">
              {testimonials.data.map((testimonial) => (
                <li key={testimonial.id} className="relative" data-featured={testimonial.is_featured ? "true" : "false"}>
                  {testimonial.is_featured && (
                    <Badge tone="warning" className="absolute top-6 right-6 z-10 sm:top-7 sm:right-7">
                      Destacado
                    </Badge>
                  )}
                  <TestimonialCard testimonial={testimonial} />
                </li>
              ))}
            </ul>
          )}
        </Container>
      </section>

      <section aria-labelledby="cta-title" className="px-5 pb-20 sm:px-6 sm:pb-24 lg:px-8">
        <div className="mx-auto max-w-7xl rounded-3xl bg-brand-50 px-6 py-12 text-center ring-1 ring-brand-100 sm:px-12">
          <h2 id="cta-title" className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">
            ¿Quieres ser nuestro próximo caso de éxito?
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-base leading-7 text-ink-600">
            Cuéntanos qué necesita tu empresa y te proponemos una solución a tu medida.
          </p>
          <ButtonLink href="/contacto" size="lg" className="mt-7">
            Contáctanos
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
