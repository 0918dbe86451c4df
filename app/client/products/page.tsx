import type { Metadata } from "next";
import Link from "next/link";
import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { AreaIcon } from "@/components/account/icons";
import { CancelRequestedBadge, SubscriptionStatusBadge } from "@/components/client/billing-badges";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/states";
import { requireClientAreaUser } from "@/lib/auth/guards";
import { listClientProducts } from "@/lib/billing/queries";

export const metadata: Metadata = { title: "Mis productos" };

const KIND_LABELS = { product: "Producto", service: "Servicio" } as const;

/** "Mis productos": the products and services of the client's active subscriptions, with their public pages. */
export default async function ClientProductsPage() {
  const user = await requireClientAreaUser();
  const products = await listClientProducts(user.id);
  return (
    <AreaPage>
      <AreaPageHeader title="Mis productos" description="Los productos y servicios que tienes contratados con Lumen." />
      <div className="mt-8">
        {products.length === 0 ? (
          <EmptyState
            action={
              <div className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm font-semibold">
                <Link href="/productos" className="text-brand-700 hover:underline">
                  Ver productos
                </Link>
                <Link href="/servicios" className="text-brand-700 hover:underline">
                  Ver servicios
                </Link>
              </div>
            }
          >
            Todavía no tienes productos ni servicios contratados.
          </EmptyState>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="client-products">
            {products.map((product) => (
              <li key={product.subscription_id} className="flex flex-col gap-4 rounded-2xl border border-ink-200 bg-white p-5 shadow-card">
                <div className="flex items-start gap-3">
                  <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100 ring-inset">
                    <AreaIcon name={product.kind === "service" ? "briefcase" : "cube"} />
                  </span>
                  <div className="min-w-0">
                    <h2 className="text-base font-semibold text-ink-900">{product.name}</h2>
                    <p className="mt-0.5 text-sm text-ink-600">{product.plan_name}</p>
                  </div>
                </div>
                <div className="flex flex-wrap gap-1.5">
                  {product.kind && <Badge tone="brand">{KIND_LABELS[product.kind]}</Badge>}
                  <SubscriptionStatusBadge status={product.status} />
                  {product.cancel_requested_at && <CancelRequestedBadge />}
                </div>
                {product.description && <p className="line-clamp-3 text-sm text-ink-700">{product.description}</p>}
                <div className="mt-auto flex flex-wrap gap-x-5 gap-y-2 border-t border-ink-100 pt-3 text-sm font-semibold">
                  {product.url && (
                    <Link href={product.url} className="text-brand-700 hover:text-brand-800 hover:underline">
                      Ver {product.kind === "service" ? "servicio" : "producto"}
                      <span className="sr-only"> {product.name}</span>
                    </Link>
                  )}
                  <Link href={`/client/subscriptions/${product.subscription_id}`} className="text-brand-700 hover:text-brand-800 hover:underline">
                    Ver suscripción<span className="sr-only"> de {product.name}</span>
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </AreaPage>
  );
}
