import type { ReactNode } from "react";
import { AuditHistory } from "@/components/admin/audit-history";
import { ExternalLink } from "@/components/site/catalog/external-link";
import { safeExternalUrl } from "@/components/site/catalog/media-urls";
import { RichContent } from "@/components/site/catalog/rich-content";
import { VideoList } from "@/components/site/catalog/video-list";
import { Img, isLocalImage, smallestImageFile } from "@/components/site/media";
import { CATALOG_BILLING_PERIOD_LABELS } from "@/lib/catalog/labels";
import { parseFaqEntry, parseSpecification } from "@/lib/catalog/lists";
import type { CatalogItemContract } from "@/lib/catalog/serialize";
import { formatMoney } from "@/lib/format";
import type { CatalogKind } from "@/lib/generated/prisma/enums";
import type { MediaImageSet } from "@/lib/media/serialize";
import { CatalogDetailActions } from "./catalog-detail-actions";
import { CatalogFeaturedBadge, CatalogStatusBadge } from "./catalog-status-badge";
import { formatLongDate } from "./long-date";

// A product's or a service's detail view: ONE view for both kinds. Every field of the item,
// in the order an admin checks it: basic info, price, rich content, lists, FAQ,
// media, links, SEO, contact, dates, then the item's audit history. Rich HTML is the stored,
// already sanitized value, rendered as the public site renders it.

const NONE = "No especificado";

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section aria-label={title} data-testid={testId} className="rounded-2xl border border-ink-200 bg-white p-5 shadow-card sm:p-6">
      <h2 className="text-lg font-semibold text-ink-900">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Empty({ children = "Sin elementos" }: { children?: ReactNode }) {
  return <p className="text-sm text-ink-600">{children}</p>;
}

function Fields({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[12rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm font-semibold text-ink-700">{label}</dt>
          <dd className="-mt-2 text-sm break-words text-ink-900 sm:mt-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function TextList({ items }: { items: string[] }) {
  if (items.length === 0) return <Empty />;
  return (
    <ul className="list-disc space-y-1.5 pl-5 text-sm text-ink-800 marker:text-brand-600">
      {items.map((item, index) => (
        <li key={index} className="break-words">
          {item}
        </li>
      ))}
    </ul>
  );
}

function LinkValue({ url }: { url: string | null }) {
  const safe = safeExternalUrl(url);
  if (!url) return <span className="text-ink-600">{NONE}</span>;
  if (!safe) return <span>{url}</span>;
  return (
    <ExternalLink href={safe} className="inline-flex items-center gap-1 break-all text-brand-800 underline underline-offset-2">
      {url}
    </ExternalLink>
  );
}

/**
 * A library image as a thumbnail (its smallest file, whole, uncropped) with its alt text
 * written out, so the admin sees what a screen reader will say. An image not served by this
 * site is only linked.
 */
function ImageThumbnail({ image }: { image: MediaImageSet }) {
  const src = smallestImageFile(image);
  return (
    <figure className="flex max-w-xs flex-col gap-2">
      {isLocalImage(src) ? (
        <Img
          src={src}
          alt={image.alt}
          width={image.width ?? 320}
          height={image.height ?? 180}
          className="aspect-video w-full rounded-xl border border-ink-200 bg-ink-50 object-contain"
        />
      ) : (
        <LinkValue url={image.src} />
      )}
      <figcaption className="text-xs text-ink-700">
        <span className="font-semibold">Texto alternativo:</span> {image.alt.trim() || <span className="text-ink-600">sin texto</span>}
      </figcaption>
    </figure>
  );
}

function priceText(item: CatalogItemContract): string {
  if (item.price_from === null) return NONE;
  const period = (CATALOG_BILLING_PERIOD_LABELS as Record<string, string>)[item.billing_period] ?? item.billing_period;
  return `${formatMoney(item.price_from, item.currency)} (${item.currency}) · ${period}`;
}

export function CatalogDetailView({ kind, item }: { kind: CatalogKind; item: CatalogItemContract }) {
  const specifications = item.specifications.map(parseSpecification);
  const faq = item.faq.map(parseFaqEntry);
  const period = (CATALOG_BILLING_PERIOD_LABELS as Record<string, string>)[item.billing_period] ?? item.billing_period;

  return (
    <div className="flex flex-col gap-6 [overflow-wrap:anywhere]">
      <header className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <CatalogStatusBadge status={item.status} />
          <CatalogFeaturedBadge featured={item.is_featured} />
        </div>
        <h1 className="text-2xl font-bold tracking-tight break-words text-ink-900 sm:text-3xl">{item.name}</h1>
        <p className="max-w-3xl text-base whitespace-pre-line text-ink-700">{item.description}</p>
        <CatalogDetailActions kind={kind} id={item.id} name={item.name} />
      </header>

      <Section title="Información básica" testId="section-basic">
        <Fields
          rows={[
            ["Slug", <code key="slug" className="text-xs">{item.slug}</code>],
            ["Categoría", item.category ?? "Sin categoría"],
            ["Orden", String(item.order_index)],
          ]}
        />
      </Section>

      <Section title="Precio" testId="section-price">
        <Fields
          rows={[
            ["Precio desde", priceText(item)],
            ["Moneda", item.currency],
            ["Periodo de facturación", period],
          ]}
        />
      </Section>

      <Section title="Descripción larga" testId="section-long-description">
        {item.long_description ? <RichContent html={item.long_description} /> : <Empty>{NONE}</Empty>}
      </Section>

      <Section title="Contenido" testId="section-content">
        {item.content_html ? <RichContent html={item.content_html} /> : <Empty>{NONE}</Empty>}
      </Section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Características" testId="section-features">
          <TextList items={item.features} />
        </Section>
        <Section title="Beneficios" testId="section-benefits">
          <TextList items={item.benefits} />
        </Section>
        <Section title="Casos de uso" testId="section-use-cases">
          <TextList items={item.use_cases} />
        </Section>
        <Section title="Especificaciones" testId="section-specifications">
          {specifications.length === 0 ? (
            <Empty />
          ) : (
            <dl className="divide-y divide-ink-100 text-sm">
              {specifications.map((spec, index) => (
                <div key={index} className="grid grid-cols-1 gap-1 py-2 sm:grid-cols-[minmax(0,10rem)_1fr] sm:gap-4">
                  <dt className="font-semibold break-words text-ink-700">{spec.name || "—"}</dt>
                  <dd className="break-words text-ink-900">{spec.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </Section>
      </div>

      <Section title="Preguntas frecuentes" testId="section-faq">
        {faq.length === 0 ? (
          <Empty />
        ) : (
          <dl className="flex flex-col gap-4 text-sm">
            {faq.map((entry, index) => (
              <div key={index}>
                <dt className="font-semibold break-words text-ink-900">{entry.question}</dt>
                <dd className="mt-1 break-words text-ink-700">{entry.answer || "Sin respuesta"}</dd>
              </div>
            ))}
          </dl>
        )}
      </Section>

      <Section title="Multimedia" testId="section-media">
        <div className="flex flex-col gap-5">
          <div>
            <h3 className="text-sm font-semibold text-ink-700">Imagen principal</h3>
            <div className="mt-2">{item.image_set ? <ImageThumbnail image={item.image_set} /> : <Empty>{NONE}</Empty>}</div>
          </div>
          <div>
            <h3 className="text-sm font-semibold text-ink-700">Galería</h3>
            {item.gallery_image_sets.length === 0 ? (
              <Empty />
            ) : (
              <ul className="mt-2 grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-4" aria-label={`Galería de ${item.name}`}>
                {item.gallery_image_sets.map((image, index) => (
                  <li key={index}>
                    <ImageThumbnail image={image} />
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div>
            <h3 className="text-sm font-semibold text-ink-700">Videos</h3>
            <div className="mt-2">{item.videos.length === 0 ? <Empty /> : <VideoList videos={item.videos} itemName={item.name} />}</div>
          </div>
        </div>
      </Section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Enlaces" testId="section-links">
          <Fields
            rows={[
              ["URL de demo", <LinkValue key="demo" url={item.demo_url} />],
              ["URL de documentación", <LinkValue key="docs" url={item.documentation_url} />],
            ]}
          />
        </Section>
        <Section title="Contacto" testId="section-contact">
          <Fields
            rows={[
              [
                "Correo electrónico",
                item.contact_email ? (
                  <a key="email" href={`mailto:${item.contact_email}`} className="break-all text-brand-800 underline underline-offset-2">
                    {item.contact_email}
                  </a>
                ) : (
                  NONE
                ),
              ],
              [
                "Teléfono",
                item.contact_phone ? (
                  <a key="phone" href={`tel:${item.contact_phone.replace(/[^\d+]/g, "")}`} className="text-brand-800 underline underline-offset-2">
                    {item.contact_phone}
                  </a>
                ) : (
                  NONE
                ),
              ],
            ]}
          />
        </Section>
      </div>

      <Section title="SEO" testId="section-seo">
        <Fields
          rows={[
            ["Título SEO", item.meta_title ?? NONE],
            ["Descripción SEO", item.meta_description ?? NONE],
            ["Palabras clave", item.meta_keywords ?? NONE],
          ]}
        />
      </Section>

      <Section title="Fechas" testId="section-dates">
        <Fields
          rows={[
            ["Creado", formatLongDate(item.created_at)],
            ["Actualizado", formatLongDate(item.updated_at)],
          ]}
        />
      </Section>

      <AuditHistory entityType={kind} entityId={String(item.id)} currency={item.currency} />
    </div>
  );
}
