"use client";

import Link from "next/link";
import type { MouseEvent } from "react";
import { AreaPageHeader } from "@/components/account/page-header";
import { formatShortDay, isoDay } from "@/components/account/dates";
import { SelectFilter } from "@/components/admin/billing/list-tools";
import { buttonClasses, ButtonLink } from "@/components/ui/button";
import { DataTable, FilterButtons, SearchBox, useTableUrl, type DataTableColumn } from "@/components/ui/data-table";
import { TextField } from "@/components/ui/form-field";
import { totalLabel } from "@/components/ui/plural";
import { useZodForm } from "@/components/ui/use-zod-form";
import type { ComplaintRowContract, ComplaintStateCounts } from "@/lib/complaints/admin-queries";
// The export form checks its period as the link is followed (synchronously), so its schema loads with the screen.
import { complaintExportFormSchema, type ComplaintExportFormValues } from "@/lib/complaints/admin-schema";
import { ANSWER_EMAIL_STATUS_LABELS, COMPLAINT_EXPORT_MAX_DAYS } from "@/lib/complaints/admin-labels";
import { COMPLAINT_KINDS, COMPLAINT_KIND_LABELS } from "@/lib/complaints/labels";
import { formatDate, formatMoney } from "@/lib/format";
import type { Paged } from "@/lib/list/paging";
import { ComplaintDeadlineText, ComplaintStateBadge } from "./complaint-badges";

// "Libro de Reclamaciones" (columns Hoja, Consumidor, Tipo, Plazo, Estado): the server-paged table
// with the state filters and their counts (Pendientes, Vencidas, Respondidas), kind, period of
// submission, search and order in the URL; each sheet opens on its own page. Then the export
// for the authority (Desde, Hasta; CSV or PDF). No sheet is ever edited or deleted here.

export const COMPLAINTS_EMPTY_TEXT = "No hay hojas de reclamación para mostrar.";

const KIND_FILTERS = COMPLAINT_KINDS.map((kind) => ({ value: kind, label: COMPLAINT_KIND_LABELS[kind] }));
const SORT_OPTIONS = [{ value: "due_date", label: "Vencimiento más próximo" }];

const count = (value: number | undefined) => (value === undefined ? "" : ` (${value.toLocaleString("es-PE")})`);

function stateOptions(counts?: ComplaintStateCounts) {
  return [
    { value: "all", label: `Todas${count(counts?.all)}` },
    { value: "pending", label: `Pendientes${count(counts?.pending)}` },
    { value: "overdue", label: `Vencidas${count(counts?.overdue)}` },
    { value: "answered", label: `Respondidas${count(counts?.answered)}` },
  ];
}

const COLUMNS: DataTableColumn<ComplaintRowContract>[] = [
  {
    id: "number",
    header: "Hoja",
    cell: (row) => (
      <div className="min-w-0">
        <Link href={`/admin/complaints/${row.id}`} className="font-mono font-semibold whitespace-nowrap text-brand-800 underline-offset-2 hover:underline">
          {row.number}
        </Link>
        <p className="text-xs text-ink-600">
          <time dateTime={row.submitted_at}>{formatDate(row.submitted_at)}</time>
        </p>
      </div>
    ),
  },
  {
    id: "consumer",
    header: "Consumidor",
    cell: (row) => (
      <div className="min-w-0">
        <p className="font-medium text-ink-900">{row.consumer.name}</p>
        <p className="text-xs text-ink-600">
          {row.consumer.document_type_label} {row.consumer.document_number}
        </p>
      </div>
    ),
  },
  {
    id: "kind",
    header: "Tipo",
    cell: (row) => (
      <div>
        <p>{row.kind_label}</p>
        <p className="text-xs text-ink-600">
          {row.good_type_label}
          {row.amount_claimed ? ` · ${formatMoney(row.amount_claimed, row.currency)}` : ""}
        </p>
      </div>
    ),
  },
  {
    id: "deadline",
    header: "Plazo",
    cell: (row) => (
      <div>
        <ComplaintDeadlineText sheet={row} />
        {!row.answered_at && (
          <p className="text-xs text-ink-600">
            Vence el <time dateTime={isoDay(row.due_date)}>{formatShortDay(row.due_date)}</time>
          </p>
        )}
      </div>
    ),
  },
  {
    id: "state",
    header: "Estado",
    cell: (row) => (
      <div className="flex flex-col items-start gap-1">
        <ComplaintStateBadge state={row.state} />
        {row.answered_at && row.answer_email.status !== "sent" && <span className="text-xs font-medium text-red-700">Correo: {ANSWER_EMAIL_STATUS_LABELS[row.answer_email.status]}</span>}
      </div>
    ),
  },
];

/** Desde / Hasta of the submission, bound to ?from= and ?to=. */
function PeriodFilter() {
  const url = useTableUrl();
  const value = (name: string) => url.params.get(name) ?? "";
  return (
    <div className="grid grid-cols-2 gap-2 sm:flex sm:items-end">
      <TextField label="Desde" type="date" value={value("from")} max={value("to") || undefined} onChange={(event) => url.set({ from: event.target.value || null })} />
      <TextField label="Hasta" type="date" value={value("to")} min={value("from") || undefined} onChange={(event) => url.set({ to: event.target.value || null })} />
    </div>
  );
}

/** `counts`: the sheets per state of the current kind, period and search; `filterError`: why the URL's filters were ignored. */
export function ComplaintsScreen({
  result,
  counts,
  today,
  filterError,
}: {
  result: Paged<ComplaintRowContract>;
  counts?: ComplaintStateCounts;
  today: string;
  filterError?: string | null;
}) {
  return (
    <>
      <AreaPageHeader
        title="Libro de Reclamaciones"
        description="Hojas de reclamación y quejas presentadas por los consumidores. Cada una se responde por correo en un plazo de 15 días hábiles; ninguna se modifica ni se elimina."
      />
      {filterError && (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          Filtros no válidos: {filterError}
        </p>
      )}
      <div className="mt-6">
        <DataTable
          caption="Libro de Reclamaciones"
          rows={result.data}
          page={result}
          columns={COLUMNS}
          getRowId={(row) => String(row.id)}
          rowLabel={(row) => row.number}
          emptyText={COMPLAINTS_EMPTY_TEXT}
          summary={`Total de hojas: ${totalLabel(result)}`}
          toolbar={
            <>
              <FilterButtons label="Filtrar por estado" param="state" options={stateOptions(counts)} />
              <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-end">
                <SelectFilter label="Tipo" param="kind" options={KIND_FILTERS} allLabel="Reclamos y quejas" />
                <SelectFilter label="Ordenar por" param="sort" options={SORT_OPTIONS} allLabel="Presentación más reciente" />
                <PeriodFilter />
                <SearchBox label="Buscar hojas" placeholder="Número, consumidor, documento o correo" />
              </div>
            </>
          }
          rowActions={(row) => (
            <ButtonLink href={`/admin/complaints/${row.id}`} variant="ghost" size="sm">
              Ver<span className="sr-only"> la hoja {row.number}</span>
            </ButtonLink>
          )}
        />
      </div>
      <ComplaintExportForm today={today} />
    </>
  );
}

/** The export for the authority: every sheet submitted in the period, as CSV or as the PDF register. */
export function ComplaintExportForm({ today }: { today: string }) {
  const form = useZodForm(complaintExportFormSchema, { defaultValues: { from: `${today.slice(0, 4)}-01-01`, to: today, format: "csv" } });
  const errors = form.formState.errors;
  const values = form.watch();
  const href = (format: ComplaintExportFormValues["format"]) =>
    `/api/v1/admin/complaints/export?${new URLSearchParams({ format, from: values.from ?? "", to: values.to ?? "" })}`;
  // A period the route would refuse is not downloaded: its fields say why instead.
  const checkPeriod = (event: MouseEvent<HTMLAnchorElement>) => {
    if (complaintExportFormSchema.safeParse(values).success) return;
    event.preventDefault();
    void form.trigger();
  };
  return (
    <section aria-labelledby="complaints-export" className="mt-8 rounded-2xl border border-ink-200 bg-white p-4 shadow-card sm:p-5">
      <h2 id="complaints-export" className="text-lg font-semibold text-ink-900">
        Exportar para la autoridad
      </h2>
      <p className="mt-1 text-sm text-ink-700">
        Todas las hojas presentadas en el periodo (hasta {COMPLAINT_EXPORT_MAX_DAYS} días), con sus datos completos, su respuesta y su fecha. CSV para hojas de cálculo; PDF como registro.
      </p>
      <form noValidate aria-label="Exportar el Libro de Reclamaciones" onSubmit={(event) => event.preventDefault()} className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-start">
        <TextField label="Desde" type="date" error={errors.from?.message} {...form.register("from")} />
        <TextField label="Hasta" type="date" error={errors.to?.message} {...form.register("to")} />
        <a href={href("csv")} download onClick={checkPeriod} className={buttonClasses("outline", "md", "sm:mt-7")}>
          Descargar CSV
        </a>
        <a href={href("pdf")} download onClick={checkPeriod} className={buttonClasses("outline", "md", "sm:mt-7")}>
          Descargar PDF
        </a>
      </form>
    </section>
  );
}
