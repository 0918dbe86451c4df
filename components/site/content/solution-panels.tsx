import Link from "next/link";
import { Icon } from "@/components/icons/icon";
import { Badge } from "@/components/ui/badge";
import type { CatalogItemContract } from "@/lib/catalog/serialize";
import type { SectorContract } from "@/lib/content/serialize";
import { formatMoney, priceSuffix } from "@/lib/format";
import { safeExternalUrl } from "../catalog/media-urls";
import { Latin1Text } from "../latin1-text";
import { ArrowIcon, OutlineIcon } from "./icon";
import { SectorIcon } from "./sector-icon";

const grid = "grid gap-6 sm:grid-cols-2 lg:grid-cols-3";
const card = "card flex h-full flex-col p-6 transition hover:border-brand-200 hover:shadow-card-hover";
const actionLink =
  "mt-auto inline-flex items-center gap-1.5 self-start rounded pt-6 text-sm font-semibold text-brand-700 hover:text-brand-900";

export type SolutionProduct = Pick<CatalogItemContract, "id" | "name" | "description" | "is_featured" | "price_from" | "currency" | "billing_period" | "documentation_url">;

/** Ver Detalles: the documentation (new tab) when there is one, otherwise the product page by id. */
function ProductDetailsLink({ product }: { product: SolutionProduct }) {
  // Only an http(s) URL becomes a link, whatever is stored (the detail page reads it the same way).
  const documentationUrl = safeExternalUrl(product.documentation_url);
  if (documentationUrl) {
    return (
      <a href={documentationUrl} target="_blank" rel="noopener noreferrer" className={actionLink}>
        Ver Detalles<span className="sr-only"> de {product.name} (se abre en una pestaña nueva)</span>
        <Icon name="external" className="size-4" />
      </a>
    );
  }
  return (
    <Link href={`/productos/${product.id}`} className={actionLink}>
      Ver Detalles<span className="sr-only"> de {product.name}</span>
      <ArrowIcon />
    </Link>
  );
}

export function ProductsPanel({ products }: { products: SolutionProduct[] }) {
  return (
    <ul className={grid}>
      {products.map((product) => (
        <li key={product.id}>
          <article className={card} data-testid="solution-product">
            <div className="flex items-start justify-between gap-3">
              <div aria-hidden="true" className="grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
                <OutlineIcon name="cog" />
              </div>
              {product.is_featured && <Badge tone="warning">Destacado</Badge>}
            </div>
            <h3 className="h3 mt-5">{product.name}</h3>
            <p className="small mt-2 line-clamp-3">{product.description}</p>
            <p className="mt-5 border-t border-ink-100 pt-5 text-ink-900">
              {product.price_from === null ? (
                <span className="text-sm font-semibold text-ink-700">Precio a consultar</span>
              ) : (
                <>
                  <span className="block text-xs font-medium text-ink-600">Desde</span>
                  <Latin1Text className="text-xl font-bold tracking-tight whitespace-nowrap" text={formatMoney(product.price_from, product.currency)} />{" "}
                  {/* Not "año" for anything not monthly: a one-off price is not yearly, so it says "pago único". */}
                  <span className="text-sm font-medium text-ink-600">
                    {priceSuffix(product.billing_period)}
                  </span>
                </>
              )}
            </p>
            <ProductDetailsLink product={product} />
          </article>
        </li>
      ))}
    </ul>
  );
}

export type SolutionService = Pick<CatalogItemContract, "id" | "name" | "description" | "category" | "is_featured">;

export function ServicesPanel({ services }: { services: SolutionService[] }) {
  return (
    <ul className={grid}>
      {services.map((service) => (
        <li key={service.id}>
          <article className={card} data-testid="solution-service">
            <div className="flex flex-wrap gap-2">{service.category && <Badge tone="accent">{service.category}</Badge>}</div>
            <h3 className="h3 mt-4">{service.name}</h3>
            <p className="small mt-2 line-clamp-3">{service.description}</p>
            <Link href={`/servicios/${service.id}`} className={actionLink}>
              Ver servicio<span className="sr-only">: {service.name}</span>
              <ArrowIcon />
            </Link>
          </article>
        </li>
      ))}
    </ul>
  );
}

export function SectorsPanel({ sectors }: { sectors: Pick<SectorContract, "id" | "name" | "description" | "icon">[] }) {
  return (
    <ul className={grid}>
      {sectors.map((sector) => (
        <li key={sector.id}>
          <article className={card} data-testid="solution-sector">
            <div className="flex items-start justify-between gap-3">
              <div aria-hidden="true" className="grid size-11 place-items-center rounded-xl bg-teal-50 text-accent-700 ring-1 ring-teal-100">
                <SectorIcon name={sector.icon} />
              </div>
              <Badge tone="brand">Especialidad</Badge>
            </div>
            <h3 className="h3 mt-5">{sector.name}</h3>
            <p className="small mt-2">{sector.description}</p>
            <Link href="/contacto" className={actionLink}>
              Solicitar consulta<span className="sr-only"> para {sector.name}</span>
              <ArrowIcon />
            </Link>
          </article>
        </li>
      ))}
    </ul>
  );
}
