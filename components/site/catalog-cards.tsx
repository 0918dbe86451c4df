import Link from "next/link";
import { Icon } from "@/components/icons/icon";
import type { IconName } from "@/components/icons/registry";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import type { CatalogItemContract } from "@/lib/catalog/serialize";

/** What a catalogue card shows. */
export type CatalogCardData = Pick<CatalogItemContract, "id" | "name" | "slug" | "description" | "category" | "features" | "price_from" | "currency" | "billing_period" | "image_set" | "is_featured">;
import { billingPeriodLabel, formatMoney, priceSuffix } from "@/lib/format";
import { Latin1Text } from "./latin1-text";
import { CardCover, GRID_CARD_SIZES } from "./media";

/** Sprite icons for the public service categories; anything else gets the wrench. */
const SERVICE_ICONS: Record<string, IconName> = {
  "Business Intelligence": "chart",
  Automatización: "bolt",
  Integración: "link",
  Desarrollo: "code",
  Consultoría: "lightbulb",
};

/** Service cards show at most this many features. */
export const SERVICE_CARD_MAX_FEATURES = 3;

/** The cover of a service in the list view: 18rem wide from lg, 14rem from sm, full width on phones. */
const LIST_COVER_SIZES = "(min-width: 1024px) 288px, (min-width: 640px) 224px, 100vw";

/** .card and .card-link: component classes in app/globals.css. */
const cardClass = "group card card-link";

/** The card title's link covers the whole card (one link per card for screen readers): .stretched. */
const stretchedLink = "stretched";

function Price({ item }: { item: CatalogCardData }) {
  if (item.price_from === null) {
    return <p className="text-sm font-semibold text-ink-700">Precio a consultar</p>;
  }
  return (
    <p className="min-w-0 text-ink-900">
      <span className="price-from">Desde</span>
      <Latin1Text className="price" text={formatMoney(item.price_from, item.currency)} />{" "}
      <span className="price-per">
        {priceSuffix(item.billing_period)}
      </span>
    </p>
  );
}

function MoreArrow({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="more">
      {children}
      <Icon name="arrow-right" className="arrow" />
    </span>
  );
}

export function ProductCard({ item }: { item: CatalogCardData }) {
  return (
    <article className={cardClass} data-testid="product-card">
      <CardCover image={item.image_set} sizes={GRID_CARD_SIZES} variant="product" />
      <div className="flex flex-1 flex-col p-6">
        <div className="flex flex-wrap gap-2">
          {item.category && <Badge tone="brand">{item.category}</Badge>}
          <Badge tone="neutral">{billingPeriodLabel(item.billing_period)}</Badge>
        </div>
        <h3 className="h3 mt-4">
          <Link href={`/productos/${encodeURIComponent(item.slug)}`} className={stretchedLink}>
            {item.name}
          </Link>
        </h3>
        <p className="small mt-2 line-clamp-3">{item.description}</p>
        <div className="mt-auto pt-6">
          <div className="flex items-end justify-between gap-4 border-t border-ink-100 pt-5">
            <Price item={item} />
            <MoreArrow>Ver detalles</MoreArrow>
          </div>
        </div>
      </div>
    </article>
  );
}

/** A service card: a grid tile, or a wide row in the list view of /servicios (`layout="list"`). */
export function ServiceCard({ item, layout = "grid" }: { item: CatalogCardData; layout?: "grid" | "list" }) {
  const features = item.features.filter((feature) => feature.trim() !== "").slice(0, SERVICE_CARD_MAX_FEATURES);
  const list = layout === "list";
  return (
    <article className={cn(cardClass, list && "sm:flex-row")} data-testid="service-card" data-layout={layout}>
      <CardCover
        image={item.image_set}
        sizes={list ? LIST_COVER_SIZES : GRID_CARD_SIZES}
        variant="service"
        ratio="wide"
        className={list ? "sm:aspect-auto sm:w-56 sm:shrink-0 lg:w-72" : undefined}
      />
      <div className={cn("flex flex-1 flex-col p-6 sm:p-7", list && "lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,18rem)] lg:gap-x-8")}>
        <div className={cn(list && "lg:col-start-1")}>
          <div className={cn("flex items-end justify-between gap-4", list && "sm:items-center")}>
            <div
              aria-hidden="true"
              className={cn(
                "svc-ic",
                list && "sm:mt-0",
              )}
            >
              <Icon name={(item.category && SERVICE_ICONS[item.category]) || "wrench"} className="size-6" />
            </div>
            {item.category && <Badge tone="accent">{item.category}</Badge>}
          </div>
          <h3 className="h3 mt-5">
            <Link href={`/servicios/${encodeURIComponent(item.slug)}`} className={stretchedLink}>
              {item.name}
            </Link>
          </h3>
          <p className={cn("small mt-2", !list && "line-clamp-3")}>{item.description}</p>
        </div>
        {features.length > 0 && (
          <ul className={cn("mt-5 space-y-2.5", list && "lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:mt-0 lg:self-center")} aria-label={`Características de ${item.name}`}>
            {features.map((feature) => (
              <li key={feature} className="check-item">
                {feature}
              </li>
            ))}
          </ul>
        )}
        <div className={cn("mt-auto flex items-end justify-between gap-4 pt-6", list && "lg:col-start-1 lg:pt-5")}>
          {item.price_from !== null ? <Price item={item} /> : <span />}
          <MoreArrow>Más información</MoreArrow>
        </div>
      </div>
    </article>
  );
}
