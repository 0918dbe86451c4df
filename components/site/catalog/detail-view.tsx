"use client";

import type { ReactNode } from "react";
import { Icon } from "@/components/icons/icon";
import { Badge } from "@/components/ui/badge";
import { ButtonLink, buttonClasses } from "@/components/ui/button";
import { Container } from "@/components/ui/container";
import { formatMoney } from "@/lib/format";
import type { MediaImageSet } from "@/lib/media/serialize";
import { Latin1Text } from "../latin1-text";
import { Breadcrumb } from "./breadcrumb";
import { CatalogCta } from "./catalog-cta";
import { ExternalLink } from "./external-link";
import { FaqList } from "./faq-list";
import { RichHtml } from "./rich-html";
import { VideoList } from "./video-list";

// A client component on purpose: pages are pre-rendered, and this way each detail page's RSC
// payload carries its CatalogDetailData (built on the server by CatalogDetail) instead of the
// whole element tree, whose markup ships once in a cached script. The images are the exception:
// CatalogDetail renders them on the server (detail-media.tsx) and passes them in as elements, so
// no image code reaches the browser.

/** Everything the detail page shows, already checked, sanitized and formatted on the server. */
export type CatalogDetailData = {
  kind: "product" | "service";
  name: string;
  description: string;
  category: string | null;
  isFeatured: boolean;
  periodLabel: string;
  /** amount: the number as text, formatted here (a "€" in the payload would make the page's HTML two-byte, lib/latin1-html.ts). */
  price: { amount: string; suffix: string; currency: string; currencyName: string } | null;
  demoUrl: string | null;
  documentationUrl: string | null;
  /** The main image, when it is served by this site. */
  image: MediaImageSet | null;
  breadcrumb: { name: string; path: string }[];
  /** Sanitized rich HTML; `titled` when it is the long description (shown under its own heading). */
  content: { html: string; titled: boolean } | null;
  features: string[];
  benefits: string[];
  useCases: string[];
  specifications: { name: string; value: string }[];
  email: string | null;
  phone: string | null;
  /** The gallery's images served by this site, in order. */
  gallery: MediaImageSet[];
  videos: string[];
  faq: { question: string; answer: string }[];
  seeAll: { href: string; label: string };
};

function CheckIcon({ className = "text-accent-700" }: { className?: string }) {
  return (
    <Icon name="check-circle" className={`mt-0.5 size-5 shrink-0 ${className}`} />
  );
}

/** One titled block of the detail page; its h2 labels the region. */
function DetailSection({ id, title, children, className }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">
        {title}
      </h2>
      <div className="mt-6">{children}</div>
    </section>
  );
}

/** Price block: "Desde", the amount in its currency, the period suffix and the currency code. */
function PriceBlock({ price }: { price: NonNullable<CatalogDetailData["price"]> }) {
  return (
    <div className="rounded-2xl bg-white/10 p-5 ring-1 ring-white/15 sm:inline-block sm:min-w-72" data-testid="price-block">
      <p className="text-sm font-medium text-brand-100">Desde</p>
      <p className="mt-1 flex flex-wrap items-baseline gap-x-2 text-white">
        <Latin1Text className="text-3xl font-extrabold tracking-tight sm:text-4xl" data-testid="price" text={formatMoney(price.amount, price.currency)} />
        <span className="text-base font-medium text-brand-100">{price.suffix}</span>
      </p>
      <p className="mt-2 text-sm text-brand-100">
        Precio en <abbr title={price.currencyName}>{price.currency}</abbr>
      </p>
    </div>
  );
}

/** What the view draws: the data without its images, which arrive already rendered. */
export type CatalogDetailViewProps = {
  item: Omit<CatalogDetailData, "image" | "gallery">;
  /** The hero's image (or its placeholder drawing). */
  cover: ReactNode;
  /** The gallery's list; null hides the section. */
  gallery: ReactNode;
};

function Hero({ item, cover }: { item: CatalogDetailViewProps["item"]; cover: ReactNode }) {
  const { demoUrl, documentationUrl } = item;
  return (
    <section aria-labelledby="detalle-titulo" className="on-dark relative isolate overflow-hidden bg-brand-950">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_70%_70%_at_85%_0%,rgb(61_104_241/0.45),transparent_70%),radial-gradient(ellipse_50%_60%_at_0%_100%,rgb(20_184_166/0.2),transparent_70%)]"
      />
      <Container className="pt-8 pb-16 sm:pt-10 sm:pb-20 lg:pb-24">
        <Breadcrumb items={item.breadcrumb} />
        <div className="mt-10 grid items-center gap-12 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:gap-16">
          <div>
            <ul className="flex flex-wrap gap-2" aria-label="Etiquetas">
              {item.isFeatured && (
                <li>
                  <Badge tone="warning">Destacado</Badge>
                </li>
              )}
              {item.category && (
                <li>
                  <Badge tone="brand">{item.category}</Badge>
                </li>
              )}
              <li>
                <Badge tone="accent">{item.periodLabel}</Badge>
              </li>
            </ul>
            <h1 id="detalle-titulo" className="mt-5 text-4xl leading-tight font-extrabold tracking-tight text-balance text-white sm:text-5xl">
              {item.name}
            </h1>
            <p className="mt-5 max-w-2xl text-lg leading-8 text-pretty text-brand-100">{item.description}</p>
            {item.price && (
              <div className="mt-8">
                <PriceBlock price={item.price} />
              </div>
            )}
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <ButtonLink href="/contacto" variant="light" size="lg">
                Solicitar Información
              </ButtonLink>
              {demoUrl && (
                <ExternalLink href={demoUrl} className={buttonClasses("outline-light", "lg")}>
                  Ver Demo
                </ExternalLink>
              )}
              {documentationUrl && (
                <ExternalLink href={documentationUrl} className={buttonClasses("outline-light", "lg")}>
                  Documentación
                </ExternalLink>
              )}
            </div>
          </div>
          <div className="overflow-hidden rounded-3xl bg-white/5 shadow-2xl ring-1 ring-white/15">{cover}</div>
        </div>
      </Container>
    </section>
  );
}

function Specifications({ specs }: { specs: CatalogDetailData["specifications"] }) {
  return (
    <dl className="divide-y divide-ink-200">
      {specs.map((spec, index) => (
        <div key={index} className="flex flex-col gap-1 py-3.5 first:pt-0 last:pb-0 sm:flex-row sm:gap-4">
          <dt className="text-sm font-semibold text-ink-900 sm:w-2/5 sm:shrink-0">{spec.name || "Detalle"}</dt>
          <dd className="text-sm leading-6 text-ink-700">{spec.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The detail page of a product or a service (both share one field set): hero with
 * breadcrumb, badges, price and links; rich content; features, benefits, specifications and use
 * cases; gallery; videos; FAQ; closing call to action.
 */
export function CatalogDetailView({ item, cover, gallery }: CatalogDetailViewProps) {
  const { features, benefits, specifications, useCases, faq, email, phone, content } = item;
  const hasVideos = item.videos.length > 0;
  const hasAside = specifications.length > 0 || Boolean(email || phone);

  return (
    <>
      <Hero item={item} cover={cover} />

      <Container className="py-16 sm:py-20">
        <div className={hasAside ? "grid gap-12 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-16" : "mx-auto max-w-4xl"}>
          <div className="space-y-16">
            {content && !content.titled ? (
              <section aria-labelledby="detalle-contenido">
                <h2 id="detalle-contenido" className="sr-only">
                  Descripción
                </h2>
                <RichHtml html={content.html} />
              </section>
            ) : content ? (
              <DetailSection id="detalle-descripcion" title="Descripción Detallada">
                <RichHtml html={content.html} />
              </DetailSection>
            ) : null}

            {features.length > 0 && (
              <DetailSection id="detalle-caracteristicas" title="Características">
                <ul className="grid gap-4 sm:grid-cols-2">
                  {features.map((feature, index) => (
                    <li key={index} className="flex gap-3 rounded-xl border border-ink-200 bg-white p-4 text-base leading-6 text-ink-800">
                      <CheckIcon />
                      <span>{feature}</span>
                    </li>
                  ))}
                </ul>
              </DetailSection>
            )}

            {benefits.length > 0 && (
              <DetailSection id="detalle-beneficios" title="Beneficios">
                <ul className="grid gap-4 sm:grid-cols-2">
                  {benefits.map((benefit, index) => (
                    <li key={index} className="flex gap-3 rounded-xl bg-brand-50 p-4 text-base leading-6 font-medium text-brand-900">
                      <Icon name="trending" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                      <span>{benefit}</span>
                    </li>
                  ))}
                </ul>
              </DetailSection>
            )}

            {useCases.length > 0 && (
              <DetailSection id="detalle-casos" title="Casos de Uso">
                <ul className="space-y-3">
                  {useCases.map((useCase, index) => (
                    <li key={index} className="flex gap-3 text-base leading-7 text-ink-700">
                      <span aria-hidden="true" className="mt-2.5 size-2 shrink-0 rounded-full bg-accent-500" />
                      <span>{useCase}</span>
                    </li>
                  ))}
                </ul>
              </DetailSection>
            )}
          </div>

          {hasAside && (
            <aside aria-label={`Ficha de ${item.name}`} className="space-y-6 lg:sticky lg:top-24 lg:self-start">
              {specifications.length > 0 && (
                <section aria-labelledby="detalle-especificaciones" className="card p-6">
                  <h2 id="detalle-especificaciones" className="text-lg font-bold text-ink-900">
                    Especificaciones
                  </h2>
                  <div className="mt-5">
                    <Specifications specs={specifications} />
                  </div>
                </section>
              )}
              {(email || phone) && (
                <section aria-labelledby="detalle-contacto" className="rounded-2xl bg-ink-50 p-6 ring-1 ring-ink-200 ring-inset">
                  <h2 id="detalle-contacto" className="text-lg font-bold text-ink-900">
                    ¿Tienes preguntas?
                  </h2>
                  <p className="small mt-2">Nuestro equipo te responde en menos de 24 horas.</p>
                  <ul className="mt-4 space-y-2 text-sm">
                    {email && (
                      <li>
                        <a href={`mailto:${email}`} className="font-semibold break-all text-brand-700 hover:text-brand-900 hover:underline">
                          {email}
                        </a>
                      </li>
                    )}
                    {phone && (
                      <li>
                        <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className="font-semibold text-brand-700 hover:text-brand-900 hover:underline">
                          {phone}
                        </a>
                      </li>
                    )}
                  </ul>
                  <ButtonLink href="/contacto" className="mt-5 w-full">
                    Solicitar Información
                  </ButtonLink>
                </section>
              )}
            </aside>
          )}
        </div>
      </Container>

      {gallery && (
        <div className="bg-ink-50 py-16 sm:py-20">
          <Container>
            <DetailSection id="detalle-galeria" title="Galería">
              {gallery}
            </DetailSection>
          </Container>
        </div>
      )}

      {hasVideos && (
        <Container className="py-16 sm:py-20">
          <DetailSection id="detalle-videos" title="Videos">
            <VideoList videos={item.videos} itemName={item.name} />
          </DetailSection>
        </Container>
      )}

      {faq.length > 0 && (
        <div className={hasVideos ? "pb-16 sm:pb-20" : "py-16 sm:py-20"}>
          <Container className="max-w-4xl">
            <DetailSection id="detalle-faq" title="Preguntas Frecuentes">
              <FaqList entries={faq} />
            </DetailSection>
          </Container>
        </div>
      )}

      <CatalogCta id="detalle-cta" title={`¿Te interesa ${item.name}?`} secondary={item.seeAll}>
        Conversemos sobre tu empresa: te mostramos cómo funciona y preparamos una propuesta a tu medida, sin compromiso.
      </CatalogCta>
    </>
  );
}
