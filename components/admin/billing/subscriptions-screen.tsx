"use client";

import { AreaPageHeader } from "@/components/account/page-header";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { formatShortDay, isoDay } from "@/components/account/dates";
import { createSubscriptionAction, updateSubscriptionAction } from "@/lib/billing/actions";
import { AuditHistory } from "@/components/admin/audit-history";
import { Button } from "@/components/ui/button";
import { DataTable, FilterButtons, SearchBox, useTableUrl, type DataTableColumn } from "@/components/ui/data-table";
import { SelectField, TextField, type SelectOption } from "@/components/ui/form-field";
import { useActionSubmit } from "@/components/ui/use-action-submit";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useZodForm } from "@/components/ui/use-zod-form";
import { FormModalFooter, Modal } from "@/components/ui/modal";
import type { Paged } from "@/lib/list/paging";
import type { CatalogItemOption, ClientOption } from "@/lib/billing/admin-queries";
import { addMonths, businessDate } from "@/lib/dates";
import { BILLING_PERIODS, CURRENCIES, CURRENCY_LABELS, SUBSCRIPTION_STATUS_LABELS, SUBSCRIPTION_STATUSES } from "@/lib/billing/labels";
import { BILLING_LIMITS } from "@/lib/billing/limits";
import type { SubscriptionContract } from "@/lib/billing/serialize";
import { billingPeriodLabel, formatMoney, priceSuffix } from "@/lib/format";
import { CancelRequestedBadge, SubscriptionStatusBadge } from "./billing-badges";
import { ExportLink } from "./list-tools";
import { WithBillingFormOptions } from "./form-options";
import { EmailText } from "@/components/ui/email-text";
import { totalLabel } from "@/components/ui/plural";

const subscriptionCreateSchema = () => import("@/lib/billing/schema").then((schemas) => schemas.subscriptionCreateSchema);
const subscriptionUpdateSchema = () => import("@/lib/billing/schema").then((schemas) => schemas.subscriptionUpdateSchema);

// "Suscripciones" (columns Usuario, Plan, Importe, Próximo cobro, Estado and Acciones): the
// server-paged table with search, status filter and CSV export; "+ Nueva suscripción" and
// "Editar" modals, both writing through lib/billing/subscriptions.ts. In both, choosing a
// catalogue item fills the plan with its name, price, currency and period; an edit of a plan
// already billed counts from its next period (issued invoices never change).

export const SUBSCRIPTIONS_EMPTY_TEXT = "No hay suscripciones para mostrar.";

const STATUS_FILTERS = [{ value: "all", label: "Todas" }, ...SUBSCRIPTION_STATUSES.map((status) => ({ value: status, label: SUBSCRIPTION_STATUS_LABELS[status] }))];
const STATUS_OPTIONS: SelectOption[] = SUBSCRIPTION_STATUSES.map((status) => ({ value: status, label: SUBSCRIPTION_STATUS_LABELS[status] }));
const CURRENCY_OPTIONS: SelectOption[] = CURRENCIES.map((currency) => ({ value: currency, label: CURRENCY_LABELS[currency] }));
const PERIOD_OPTIONS: SelectOption[] = BILLING_PERIODS.map((period) => ({ value: period, label: billingPeriodLabel(period) }));

/** A blank select or date is "none" (null), not an empty string the schema would refuse. */
const blankToNull = (value: unknown) => (value === "" || value === undefined ? null : value);

const columns: DataTableColumn<SubscriptionContract>[] = [
  {
    id: "user",
    header: "Usuario",
    cell: (row) => (
      <div className="min-w-0">
        <p className="font-semibold text-ink-900">{row.user.name}</p>
        <p className="text-xs text-ink-600">
          <EmailText email={row.user.email} />
        </p>
      </div>
    ),
  },
  {
    id: "plan",
    header: "Plan",
    cell: (row) => (
      <div className="min-w-0">
        <p className="font-medium text-ink-900">{row.plan_name}</p>
        {row.catalog_item && row.catalog_item.name !== row.plan_name && <p className="text-xs text-ink-600">{row.catalog_item.name}</p>}
      </div>
    ),
  },
  {
    id: "amount",
    header: "Importe (sin IGV)",
    cell: (row) => (
      <span className="whitespace-nowrap">
        {formatMoney(row.amount, row.currency)} <span className="text-ink-600">{priceSuffix(row.billing_period)}</span>
      </span>
    ),
  },
  {
    id: "next",
    header: "Próximo cobro",
    cell: (row) => (row.next_billing_date ? <time dateTime={isoDay(row.next_billing_date)}>{formatShortDay(row.next_billing_date)}</time> : "—"),
  },
  {
    id: "status",
    header: "Estado",
    cell: (row) => (
      <div className="flex flex-wrap items-center gap-1.5">
        <SubscriptionStatusBadge status={row.status} />
        {row.cancel_requested_at && <CancelRequestedBadge />}
      </div>
    ),
  },
];

type Editing = { mode: "create" } | { mode: "edit"; subscription: SubscriptionContract };

export function SubscriptionsScreen({ result }: { result: Paged<SubscriptionContract> }) {
  const router = useRouter();
  const [editing, setEditing] = useState<Editing | null>(null);
  const close = () => setEditing(null);
  const saved = () => {
    setEditing(null);
    router.refresh();
  };

  return (
    <>
      <AreaPageHeader
        title="Suscripciones"
        description="Planes contratados por los clientes, su importe y su próximo cobro."
        actions={<Button onClick={() => setEditing({ mode: "create" })}>+ Nueva suscripción</Button>}
      />

      <div className="mt-6">
        <DataTable
          caption="Suscripciones"
          rows={result.data}
          page={result}
          columns={columns}
          getRowId={(row) => String(row.id)}
          rowLabel={(row) => `${row.plan_name} de ${row.user.name}`}
          emptyText={SUBSCRIPTIONS_EMPTY_TEXT}
          summary={`Total de suscripciones: ${totalLabel(result)}`}
          toolbar={
            <>
              <FilterButtons label="Filtrar por estado" param="status" options={STATUS_FILTERS} />
              <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
                <SearchBox label="Buscar suscripciones" placeholder="Buscar por cliente, correo o plan" />
                <ExportLink apiPath="/api/v1/admin/subscriptions" params={["status", "user_id", "q"]} />
              </div>
            </>
          }
          rowActions={(row) => (
            <Button variant="ghost" size="sm" onClick={() => setEditing({ mode: "edit", subscription: row })}>
              Editar<span className="sr-only"> la suscripción {row.plan_name} de {row.user.name}</span>
            </Button>
          )}
        />
      </div>

      {editing?.mode === "create" && (
        <WithBillingFormOptions title="Nueva suscripción" onClose={close}>
          {(options) => (
            <NewSubscriptionModal
              clients={options.clients}
              catalogItems={options.catalog_items}
              onClose={close}
              onSaved={saved}
            />
          )}
        </WithBillingFormOptions>
      )}
      {editing?.mode === "edit" && (
        <WithBillingFormOptions key={editing.subscription.id} title="Editar suscripción" onClose={close}>
          {(options) => (
            <EditSubscriptionModal
              subscription={editing.subscription}
              catalogItems={options.catalog_items}
              onClose={close}
              onSaved={saved}
            />
          )}
        </WithBillingFormOptions>
      )}
    </>
  );
}

/** The option label of a client: name, e-mail. */
export function clientOptionLabel(client: ClientOption): string {
  return `${client.name} (${client.email})`;
}

/** The options of "Producto o servicio": kind and name. */
function catalogItemOptions(catalogItems: CatalogItemOption[]): SelectOption[] {
  return catalogItems.map((item) => ({ value: String(item.id), label: `${item.kind === "product" ? "Producto" : "Servicio"}: ${item.name}` }));
}

type PlanFields = { plan_name: string; amount: string; currency: string; billing_period: string };

/**
 * Choosing a catalogue item fills the plan from it: its name, its price (an item without one
 * leaves the amount as it is), its currency and its billing period. All stay editable.
 */
function fillFromCatalogItem(setValue: (name: keyof PlanFields, value: string) => void, item: CatalogItemOption) {
  setValue("plan_name", item.name);
  if (item.price_from !== null) setValue("amount", item.price_from);
  setValue("currency", item.currency);
  if ((BILLING_PERIODS as readonly string[]).includes(item.billing_period)) setValue("billing_period", item.billing_period);
}

/** "Producto o servicio" of both subscription forms: choosing one fills the plan from it. */
function CatalogItemSelect({
  catalogItems,
  registration,
  error,
  setPlanField,
}: {
  catalogItems: CatalogItemOption[];
  registration: UseFormRegisterReturn;
  error: string | undefined;
  setPlanField: (name: keyof PlanFields, value: string) => void;
}) {
  return (
    <SelectField
      label="Producto o servicio (opcional)"
      placeholder="Ninguno"
      className="sm:col-span-2"
      options={catalogItemOptions(catalogItems)}
      error={error}
      hint="Al elegir uno, su nombre, precio, moneda y periodo llenan el plan (puedes cambiarlos)."
      {...registration}
      onChange={async (event) => {
        await registration.onChange(event);
        const item = catalogItems.find((candidate) => String(candidate.id) === event.target.value);
        if (item) fillFromCatalogItem(setPlanField, item);
      }}
    />
  );
}

function NewSubscriptionModal({
  clients,
  catalogItems,
  onClose,
  onSaved,
}: {
  clients: ClientOption[];
  catalogItems: CatalogItemOption[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const url = useTableUrl();
  const presetUser = url.params.get("user_id");
  const form = useZodForm(subscriptionCreateSchema, {
    defaultValues: {
      user_id: presetUser && clients.some((client) => client.id === presetUser) ? presetUser : "",
      catalog_item_id: null,
      plan_name: "",
      amount: "",
      currency: "PEN",
      billing_period: "monthly",
      next_billing_date: addMonths(businessDate(), 1),
    },
  });
  const errors = form.formState.errors;
  const saving = form.formState.isSubmitting;
  const clientOptions = clients.map((client) => ({ value: client.id, label: clientOptionLabel(client) }));

  const save = useActionSubmit(form, (values) => createSubscriptionAction(values), { success: "Suscripción creada correctamente", onSuccess: () => onSaved() });
  const submit = form.handleSubmit(save);

  return (
    <Modal
      open
      onClose={onClose}
      busy={saving}
      size="lg"
      title="Nueva suscripción"
      testId="subscription-modal"
      footer={<FormModalFooter formId="suscripcion-nueva" saving={saving} submitLabel="Crear suscripción" onCancel={onClose} />}
    >
      <form id="suscripcion-nueva" onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Cliente *"
          placeholder="Elige un cliente"
          className="sm:col-span-2"
          options={clientOptions}
          error={errors.user_id?.message}
          hint={clients.length === 0 ? "No hay clientes registrados todavía." : undefined}
          {...form.register("user_id")}
        />
        <CatalogItemSelect
          catalogItems={catalogItems}
          registration={form.register("catalog_item_id", { setValueAs: blankToNull })}
          error={errors.catalog_item_id?.message}
          setPlanField={(name, value) => form.setValue(name, value as never, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
        />
        <TextField
          label="Plan *"
          autoComplete="off"
          className="sm:col-span-2"
          maxLength={BILLING_LIMITS.planName}
          error={errors.plan_name?.message}
          {...form.register("plan_name")}
        />
        <TextField label="Importe sin IGV *" hint="Cada factura suma el IGV (18 %)." inputMode="decimal" autoComplete="off" placeholder="149.90" error={errors.amount?.message} {...form.register("amount")} />
        <SelectField label="Moneda" options={CURRENCY_OPTIONS} error={errors.currency?.message} {...form.register("currency")} />
        <SelectField label="Periodo" options={PERIOD_OPTIONS} error={errors.billing_period?.message} {...form.register("billing_period")} />
        <TextField label="Próximo cobro *" type="date" error={errors.next_billing_date?.message} {...form.register("next_billing_date")} />
      </form>
    </Modal>
  );
}

function EditSubscriptionModal({
  subscription,
  catalogItems,
  onClose,
  onSaved,
}: {
  subscription: SubscriptionContract;
  catalogItems: CatalogItemOption[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const form = useZodForm(subscriptionUpdateSchema, {
    defaultValues: {
      catalog_item_id: subscription.catalog_item ? String(subscription.catalog_item.id) : null,
      plan_name: subscription.plan_name,
      amount: subscription.amount,
      currency: subscription.currency,
      billing_period: subscription.billing_period,
      next_billing_date: subscription.next_billing_date,
      status: subscription.status,
    },
  });
  const errors = form.formState.errors;
  const saving = form.formState.isSubmitting;
  const formId = `suscripcion-${subscription.id}`;
  // Cancelling ends the billing for good: the form says so and the button names it.
  const cancelling = form.watch("status") === "cancelled" && subscription.status !== "cancelled";

  // A plan already billed: a new price, plan or period counts from the next invoice the billing run issues.
  const billed = subscription.status === "active" || subscription.status === "paused";

  const save = useActionSubmit(form, (values) => updateSubscriptionAction(subscription.id, values), { success: "Suscripción actualizada correctamente", onSuccess: () => onSaved() });
  const submit = form.handleSubmit(save);

  return (
    <Modal
      open
      onClose={onClose}
      busy={saving}
      size="lg"
      title="Editar suscripción"
      description={`${subscription.user.name} · ${subscription.user.email}`}
      testId="subscription-modal"
      footer={<FormModalFooter formId={formId} saving={saving} submitLabel={cancelling ? "Cancelar suscripción" : "Guardar cambios"} onCancel={onClose} />}
    >
      {subscription.cancel_requested_at && (
        <div className="mb-4 rounded-xl border border-teal-200 bg-teal-50 px-4 py-3 text-sm text-teal-900">
          <p className="font-semibold">El cliente solicitó la cancelación al final del periodo.</p>
          {subscription.cancel_reason && <p className="mt-1">Motivo: {subscription.cancel_reason}</p>}
        </div>
      )}
      <form id={formId} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <CatalogItemSelect
          catalogItems={catalogItems}
          registration={form.register("catalog_item_id", { setValueAs: blankToNull })}
          error={errors.catalog_item_id?.message}
          setPlanField={(name, value) => form.setValue(name, value as never, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
        />
        <TextField
          label="Plan *"
          autoComplete="off"
          className="sm:col-span-2"
          maxLength={BILLING_LIMITS.planName}
          error={errors.plan_name?.message}
          {...form.register("plan_name")}
        />
        <TextField label="Importe sin IGV *" inputMode="decimal" autoComplete="off" error={errors.amount?.message} {...form.register("amount")} />
        <SelectField label="Moneda" options={CURRENCY_OPTIONS} error={errors.currency?.message} {...form.register("currency")} />
        <SelectField label="Periodo" options={PERIOD_OPTIONS} error={errors.billing_period?.message} {...form.register("billing_period")} />
        <TextField
          label="Próximo cobro"
          type="date"
          hint="Se borra al cancelar o finalizar la suscripción."
          error={errors.next_billing_date?.message}
          {...form.register("next_billing_date", { setValueAs: blankToNull })}
        />
        <SelectField label="Estado" options={STATUS_OPTIONS} error={errors.status?.message} {...form.register("status")} />
        {billed && !cancelling && (
          <p role="note" className="rounded-xl border border-ink-200 bg-ink-50 px-4 py-3 text-sm text-ink-800 sm:col-span-2">
            El cambio se aplica desde el próximo periodo de facturación: las facturas ya emitidas no cambian.
          </p>
        )}
        {cancelling && (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 sm:col-span-2">
            Al guardar, la suscripción se cancela ahora: no se emitirán más facturas y se borra la próxima fecha de cobro.
          </p>
        )}
      </form>
      <div className="mt-6">
        <AuditHistory entityType="subscription" entityId={String(subscription.id)} currency={subscription.currency} />
      </div>
    </Modal>
  );
}
