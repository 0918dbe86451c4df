"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { formatShortDay, isoDay } from "@/components/account/dates";
import { ButtonLink } from "@/components/ui/button";
import { DataTable, type DataTableColumn } from "@/components/ui/data-table";
import type { SubscriptionContract } from "@/lib/billing/serialize";
import { CancelRequestedBadge, SubscriptionStatusBadge } from "./billing-badges";
import { priceWithPeriod } from "./dashboard";

const detailHref = (row: SubscriptionContract) => `/client/subscriptions/${row.id}`;

const columns: DataTableColumn<SubscriptionContract>[] = [
  {
    id: "plan",
    header: "Plan",
    cell: (row) => (
      <div className="min-w-0">
        <Link href={detailHref(row)} className="font-semibold text-ink-900 hover:text-brand-800 hover:underline">
          {row.product.name}
        </Link>
        {row.plan_name !== row.product.name && <p className="text-xs text-ink-600">{row.plan_name}</p>}
      </div>
    ),
  },
  { id: "amount", header: "Importe", cell: (row) => <span className="whitespace-nowrap">{priceWithPeriod(row.amount, row.currency, row.billing_period)}</span> },
  {
    id: "status",
    header: "Estado",
    cell: (row) => (
      <span className="flex flex-wrap gap-1.5">
        <SubscriptionStatusBadge status={row.status} />
        {row.status === "active" && row.cancel_requested_at && <CancelRequestedBadge />}
      </span>
    ),
  },
  {
    id: "next",
    header: "Próximo cobro",
    cell: (row) =>
      row.status === "active" && row.next_billing_date ? (
        <time dateTime={isoDay(row.next_billing_date)}>{formatShortDay(row.next_billing_date)}</time>
      ) : (
        "—"
      ),
  },
];

/** "Suscripciones" of the client portal: all of the client's subscriptions, active first. */
export function SubscriptionsTable({ rows }: { rows: SubscriptionContract[] }) {
  const router = useRouter();
  return (
    <DataTable
      caption="Mis suscripciones"
      rows={rows}
      columns={columns}
      getRowId={(row) => String(row.id)}
      rowLabel={(row) => row.product.name}
      onRowClick={(row) => router.push(detailHref(row))}
      emptyText="No tienes suscripciones activas"
      summary={`Total de suscripciones: ${rows.length.toLocaleString("es-PE")}`}
      rowActions={(row) => (
        <ButtonLink href={detailHref(row)} variant="ghost" size="sm">
          Ver detalle<span className="sr-only"> de {row.product.name}</span>
        </ButtonLink>
      )}
    />
  );
}
