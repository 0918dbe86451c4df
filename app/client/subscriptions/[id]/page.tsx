import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { AreaPage } from "@/components/account/area-shell";
import { formatLongDay, isoDay } from "@/components/account/dates";
import { CancelRequestedBadge, SubscriptionStatusBadge } from "@/components/client/billing-badges";
import { CancelSubscriptionButton } from "@/components/client/cancel-subscription";
import { priceWithPeriod } from "@/components/client/dashboard";
import { SubscriptionInvoicesTable } from "@/components/client/invoices-table";
import { requireClientAreaUser } from "@/lib/auth/guards";
import { strictId } from "@/lib/ids";
import { getClientSubscription } from "@/lib/billing/queries";
import { billingPeriodLabel, formatDate } from "@/lib/format";

export const metadata: Metadata = { title: "Detalle de suscripción" };

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-xs font-semibold tracking-wide text-ink-600 uppercase">{label}</dt>
      <dd className="text-sm text-ink-900">{children}</dd>
    </div>
  );
}

/** One subscription of the client, its invoices and the cancellation request. */
export default async function ClientSubscriptionPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireClientAreaUser();
  const id = strictId((await params).id);
  const subscription = id === null ? null : await getClientSubscription(user.id, id);
  if (!subscription) notFound();

  const canRequest = subscription.status === "active" && !subscription.cancel_requested_at;
  const nextDate = subscription.next_billing_date ? formatLongDay(subscription.next_billing_date) : null;

  return (
    <AreaPage>
      <nav aria-label="Ruta de navegación" className="text-sm">
        <Link href="/client/subscriptions" className="font-semibold text-brand-700 hover:underline">
          ← Suscripciones
        </Link>
      </nav>
      <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">{subscription.product.name}</h1>
          {subscription.plan_name !== subscription.product.name && <p className="mt-1 text-base text-ink-600">{subscription.plan_name}</p>}
          <div className="mt-3 flex flex-wrap gap-1.5">
            <SubscriptionStatusBadge status={subscription.status} />
            {subscription.status === "active" && subscription.cancel_requested_at && <CancelRequestedBadge />}
          </div>
        </div>
        {canRequest && <CancelSubscriptionButton subscriptionId={subscription.id} planName={subscription.plan_name} periodEnd={nextDate} />}
      </div>

      <section aria-labelledby="datos-suscripcion" className="mt-6 rounded-2xl border border-ink-200 bg-white p-5 shadow-card">
        <h2 id="datos-suscripcion" className="sr-only">
          Datos de la suscripción
        </h2>
        <dl className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          <Fact label="Importe">
            <span className="font-semibold">{priceWithPeriod(subscription.amount, subscription.currency, subscription.billing_period)}</span>
          </Fact>
          <Fact label="Periodo">{billingPeriodLabel(subscription.billing_period)}</Fact>
          <Fact label="Inicio">{formatLongDay(subscription.started_at)}</Fact>
          <Fact label="Próximo cobro">
            {subscription.status === "active" && subscription.next_billing_date ? (
              <time dateTime={isoDay(subscription.next_billing_date)}>{nextDate}</time>
            ) : (
              "—"
            )}
          </Fact>
          {subscription.catalog_item?.url && (
            <Fact label={subscription.catalog_item.kind === "service" ? "Servicio" : "Producto"}>
              <Link href={subscription.catalog_item.url} className="font-semibold text-brand-700 hover:underline">
                Ver {subscription.catalog_item.name}
              </Link>
            </Fact>
          )}
          {subscription.cancelled_at && <Fact label="Cancelada el">{formatDate(subscription.cancelled_at)}</Fact>}
        </dl>
        {subscription.status === "active" && subscription.cancel_requested_at && (
          <div className="mt-5 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="cancel-request-note">
            <p>
              Solicitaste la cancelación el {formatDate(subscription.cancel_requested_at)}. La suscripción sigue activa
              {nextDate ? ` hasta el ${nextDate}` : " hasta el final del periodo"} y no se renovará.
            </p>
            {subscription.cancel_reason && <p className="mt-1 break-words">Motivo: {subscription.cancel_reason}</p>}
          </div>
        )}
      </section>

      <section aria-labelledby="facturas-suscripcion" className="mt-8 flex flex-col gap-4">
        <h2 id="facturas-suscripcion" className="text-lg font-semibold text-ink-900">
          Facturas de esta suscripción
        </h2>
        <SubscriptionInvoicesTable rows={subscription.invoices} />
      </section>
    </AreaPage>
  );
}
