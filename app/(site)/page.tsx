import type { Metadata } from "next";
import { Icon } from "@/components/icons/icon";
import Link from "next/link";
import type { ReactNode } from "react";
import { ProductCard, ServiceCard, type CatalogCardData } from "@/components/site/catalog-cards";
import type { CatalogKind } from "@/lib/generated/prisma/enums";
import { HeroIllustration } from "@/components/site/hero-illustration";
import { SectionHeading } from "@/components/site/section-heading";
import { TestimonialCard } from "@/components/site/testimonial-card";
import { ButtonLink } from "@/components/ui/button";
import { Container } from "@/components/ui/container";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { listFeaturedCatalogItems } from "@/lib/catalog/queries";
import { JsonLd } from "@/components/seo/json-ld";
import { loadSection, type Loaded } from "@/components/site/content/load";
import { getSiteSettings } from "@/lib/content/settings";
import { organizationJsonLd, pageMetadata } from "@/lib/seo";
import { listFeaturedTestimonials } from "@/lib/testimonials/queries";

// Pre-rendered; regenerated when the catalogue, testimonials or settings change (lib/cache.ts).
export const revalidate = 3600;

const HOME_TITLE = "Lumen Consultoría TI | Tecnología para pymes del Perú";

export const metadata: Metadata = {
  ...pageMetadata({
    title: HOME_TITLE,
    description:
      "Implementamos ERP, CRM y comercio electrónico, automatizamos procesos y damos soporte 24/7 a pequeñas y medianas empresas en todo el Perú.",
    path: "/",
  }),
  title: { absolute: HOME_TITLE },
};

/** Three featured items per section, three testimonials. */
const HOME_FEATURED_LIMIT = 3;

/** Static figures. */
const STATS = [
  { value: "50+", label: "Proyectos completados" },
  { value: "5+", label: "Años de experiencia" },
  { value: "30+", label: "Clientes satisfechos" },
  { value: "24/7", label: "Soporte técnico" },
] as const;

function SeeAllLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="group inline-flex items-center gap-1.5 rounded text-sm font-semibold text-brand-700 hover:text-brand-900">
      {children}
      <Icon name="arrow-right" className="arrow" />
    </Link>
  );
}

const cardGrid = "mt-10 grid gap-6 sm:grid-cols-2 lg:mt-12 lg:grid-cols-3 lg:gap-8";

/** Testimonials are centred: one or two cards do not hug the left edge. */
function testimonialGrid(count: number): string {
  if (count === 1) return "mx-auto mt-10 grid max-w-xl gap-6 lg:mt-12";
  if (count === 2) return "mx-auto mt-10 grid max-w-4xl gap-6 sm:grid-cols-2 lg:mt-12 lg:gap-8";
  return cardGrid;
}

/** The home's two catalogue sections differ only in these texts and their card. */
const FEATURED_CATALOG = {
  product: {
    eyebrow: "Productos",
    title: "Productos destacados",
    intro: "Software listo para usar, adaptado a la realidad de las pymes peruanas.",
    href: "/productos",
    seeAll: "Ver todos los productos",
    error: "Error al cargar productos",
    empty: "No hay productos disponibles en este momento.",
    Card: ProductCard,
    sectionClass: "py-20 sm:py-24",
    emptyClass: "mt-10",
  },
  service: {
    eyebrow: "Servicios",
    title: "Servicios destacados",
    intro: "Un equipo experto que diseña, implementa y acompaña cada proyecto de principio a fin.",
    href: "/servicios",
    seeAll: "Ver todos los servicios",
    error: "Error al cargar servicios",
    empty: "No hay servicios disponibles en este momento.",
    Card: ServiceCard,
    sectionClass: "bg-ink-50 py-20 sm:py-24",
    emptyClass: "mt-10 bg-white",
  },
} as const;

function FeaturedCatalogSection({ kind, items }: { kind: CatalogKind; items: Loaded<CatalogCardData[]> }) {
  const { eyebrow, title, intro, href, seeAll, error, empty, Card, sectionClass, emptyClass } = FEATURED_CATALOG[kind];
  const titleId = kind === "product" ? "productos-title" : "servicios-title";
  return (
    <section aria-labelledby={titleId} className={sectionClass}>
      <Container>
        <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
          <SectionHeading id={titleId} eyebrow={eyebrow} title={title}>
            {intro}
          </SectionHeading>
          <SeeAllLink href={href}>{seeAll}</SeeAllLink>
        </div>
        {!items.ok ? (
          <ErrorState className="mt-10">{error}</ErrorState>
        ) : items.data.length === 0 ? (
          <EmptyState className={emptyClass}>{empty}</EmptyState>
        ) : (
          <div className={cardGrid}>
            {items.data.map((item) => (
              <Card key={item.id} item={item} />
            ))}
          </div>
        )}
      </Container>
    </section>
  );
}

export default async function HomePage() {
  const [settings, products, services, testimonials] = await Promise.all([
    getSiteSettings(),
    loadSection("productos", () => listFeaturedCatalogItems("product", HOME_FEATURED_LIMIT)),
    loadSection("servicios", () => listFeaturedCatalogItems("service", HOME_FEATURED_LIMIT)),
    loadSection("testimonios", () => listFeaturedTestimonials(HOME_FEATURED_LIMIT)),
  ]);

  return (
    <>
      <JsonLd data={organizationJsonLd(settings)} />
      {/* Hero */}
      <section aria-labelledby="hero-title" className="on-dark relative isolate overflow-hidden bg-brand-950">
        <div aria-hidden="true" className="home-glow" />
        <div aria-hidden="true" className="hero-grid" />
        <Container className="grid items-center gap-14 pt-16 pb-28 sm:pt-20 lg:grid-cols-2 lg:gap-12 lg:pt-24 lg:pb-36">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3.5 py-1.5 text-sm font-medium text-brand-100 ring-1 ring-white/15">
              <span aria-hidden="true" className="size-2 rounded-full bg-accent-400" />
              Consultoría TI para pymes en todo el Perú
            </p>
            <h1 id="hero-title" className="mt-6 text-4xl leading-[1.1] font-extrabold tracking-tight text-balance text-white sm:text-5xl lg:text-6xl">
              Tecnología que impulsa el crecimiento de tu empresa
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-8 text-pretty text-brand-100">
              Implementamos software de gestión, automatizamos tus procesos y te acompañamos con soporte continuo para que
              tu negocio venda más y opere mejor.
            </p>
            <div className="mt-9 flex flex-col gap-3 sm:flex-row">
              <ButtonLink href="/contacto" variant="light" size="lg">
                Solicitar una consulta
              </ButtonLink>
              <ButtonLink href="/servicios" variant="outline-light" size="lg">
                Ver servicios
              </ButtonLink>
            </div>
          </div>
          <HeroIllustration />
        </Container>
      </section>

      {/* Static figures */}
      <section aria-labelledby="stats-title" className="relative z-10 -mt-14 sm:-mt-16">
        <Container>
          <h2 id="stats-title" className="sr-only">
            Nuestra trayectoria en cifras
          </h2>
          <dl className="card grid grid-cols-2 overflow-hidden lg:grid-cols-4">
            {STATS.map((stat, index) => (
              <div
                key={stat.value}
                data-testid="stat"
                className={[
                  "stat",
                  index % 2 === 1 ? "border-l border-ink-200" : "",
                  index >= 2 ? "border-t border-ink-200 lg:border-t-0" : "",
                  index === 2 ? "lg:border-l" : "",
                ].filter(Boolean).join(" ")}
              >
                <dt>{stat.label}</dt>
                <dd>{stat.value}</dd>
              </div>
            ))}
          </dl>
        </Container>
      </section>

      <FeaturedCatalogSection kind="product" items={products} />
      <FeaturedCatalogSection kind="service" items={services} />

      {/* Featured testimonials */}
      <section aria-labelledby="testimonios-title" className="py-20 sm:py-24">
        <Container>
          <SectionHeading id="testimonios-title" eyebrow="Testimonios" title="Lo que dicen nuestros clientes" align="center">
            Empresas de todo el Perú confían en nosotros para crecer con tecnología.
          </SectionHeading>
          {!testimonials.ok ? (
            <ErrorState className="mt-10">Error al cargar testimonios</ErrorState>
          ) : testimonials.data.length === 0 ? (
            <EmptyState className="mt-10">No hay testimonios disponibles en este momento.</EmptyState>
          ) : (
            <div className={testimonialGrid(testimonials.data.length)}>
              {testimonials.data.map((testimonial) => (
                <TestimonialCard key={testimonial.id} testimonial={testimonial} />
              ))}
            </div>
          )}
          <div className="mt-10 text-center">
            <SeeAllLink href="/testimonios">Ver todos los testimonios</SeeAllLink>
          </div>
        </Container>
      </section>

      {/* Final call to action */}
      <section aria-labelledby="cta-title" className="px-5 pb-20 sm:px-6 sm:pb-24 lg:px-8">
        <div className="on-dark relative isolate mx-auto max-w-7xl overflow-hidden rounded-3xl bg-brand-800 px-6 py-14 text-center shadow-xl sm:px-12 sm:py-16">
          <div aria-hidden="true" className="cta-glow" />
          <h2 id="cta-title" className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
            ¿Listo para llevar tu empresa al siguiente nivel?
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg leading-8 text-brand-100">
            Cuéntanos tu reto. Te respondemos en menos de 24 horas con una propuesta a tu medida, sin compromiso.
          </p>
          <div className="mt-8 flex justify-center">
            <ButtonLink href="/contacto" variant="light" size="lg">
              Contáctanos
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}
