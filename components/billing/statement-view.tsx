"use client";

import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useTransition } from "react";
import { formatShortDay, isoDay } from "@/components/account/dates";
import { buttonClasses, Button } from "@/components/ui/button";
import { DataTable, type DataTableColumn } from "@/components/ui/data-table";
import { TextField } from "@/components/ui/form-field";
import { EmptyState } from "@/components/ui/states";
import { registerFilled, useZodForm } from "@/components/ui/use-zod-form";
import { cn } from "@/components/ui/cn";
import { CURRENCY_LABELS } from "@/lib/billing/labels";
import { balanceReading, STATEMENT_KIND_LABELS, statementPresets, type StatementRange } from "@/lib/billing/statement-labels";
import type { StatementContract, StatementCurrencyContract, StatementEntryContract } from "@/lib/billing/statement-schema";
import { formatMoney } from "@/lib/format";

const statementRangeFormSchema = () => import("@/lib/billing/statement-schema").then((schemas) => schemas.statementRangeFormSchema);

// The statement (Estado de cuenta) as both areas show it: the client's own (/client/statement) and
// an admin's view of a client's (/admin/statement?user_id=). The period form (Desde / Hasta and
// presets) rewrites the page's URL, the downloads ask the area's REST route for the same period,
// and each currency gets its table (cards below 768 px), its totals and its closing balance.

type Props = {
  statement: StatementContract;
  /** Lima's today, for the presets. */
  today: string;
  /** Where an invoice's detail lives in this area: "/client/invoices" or "/admin/invoices". */
  invoiceBasePath: string;
  /** The area's REST route: "/api/v1/client/statement" or "/api/v1/admin/statement". */
  downloadPath: string;
  /** Query parameters kept in every link besides the period (the admin's user_id). */
  keepParams?: Record<string, string>;
  /** Why the period in the URL was not used (the default one is shown instead). */
  problem?: string | null;
};

const ZERO = "0.00";

/** An entry with its place in the table (entries have no id of their own). */
type Row = StatementEntryContract & { key: string };

function query(params: Record<string, string>): string {
  return new URLSearchParams(params).toString();
}

export function StatementView({ statement, today, invoiceBasePath, downloadPath, keepParams = {}, problem }: Props) {
  const range = { from: statement.from, to: statement.to };
  const download = (format: "pdf" | "csv") => `${downloadPath}?${query({ ...keepParams, ...range, format })}`;
  return (
    <div className="flex flex-col gap-6">
      <StatementRangeForm key={`${range.from}_${range.to}`} range={range} today={today} keepParams={keepParams} />
      {problem && (
        <p role="alert" className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {problem} Mostramos el periodo por defecto.
        </p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-ink-700">
          Del <time dateTime={range.from}>{formatShortDay(range.from)}</time> al <time dateTime={range.to}>{formatShortDay(range.to)}</time>. Saldo a pagar: lo
          pendiente de pago. Saldo a favor: crédito disponible en la cuenta.
        </p>
        <div className="flex shrink-0 flex-wrap gap-2">
          <a href={download("pdf")} download className={buttonClasses("outline", "sm")}>
            Descargar PDF
          </a>
          <a href={download("csv")} download className={buttonClasses("outline", "sm")}>
            Descargar CSV
          </a>
        </div>
      </div>
      {statement.currencies.length === 0 ? (
        <EmptyState>No hay movimientos ni saldos en este periodo.</EmptyState>
      ) : (
        statement.currencies.map((section) => <CurrencySection key={section.currency} section={section} from={range.from} invoiceBasePath={invoiceBasePath} />)
      )}
    </div>
  );
}

/** Desde / Hasta (checked as the server checks them) and the presets; both rewrite the URL. */
function StatementRangeForm({ range, today, keepParams }: { range: StatementRange; today: string; keepParams: Record<string, string> }) {
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  const form = useZodForm(statementRangeFormSchema, { defaultValues: range });
  const errors = form.formState.errors;
  const show = (next: StatementRange) => startTransition(() => router.push(`${pathname}?${query({ ...keepParams, ...next })}`));
  return (
    <form
      onSubmit={form.handleSubmit((values) => show(values))}
      noValidate
      aria-label="Periodo del estado de cuenta"
      aria-busy={pending}
      className="flex flex-col gap-4 rounded-2xl border border-ink-200 bg-white p-4 shadow-card sm:p-5"
    >
      <div className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
        <TextField label="Desde" type="date" error={errors.from?.message} {...registerFilled(form, "from")} />
        <TextField label="Hasta" type="date" error={errors.to?.message} {...registerFilled(form, "to")} />
        <Button type="submit" className="sm:mt-7" disabled={pending}>
          {pending ? "Cargando..." : "Ver estado de cuenta"}
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-ink-700">Periodos:</span>
        {statementPresets(today).map((preset) => {
          const current = preset.range.from === range.from && preset.range.to === range.to;
          return (
            <Button key={preset.label} variant={current ? "secondary" : "ghost"} size="sm" aria-pressed={current} disabled={pending} onClick={() => show(preset.range)}>
              {preset.label}
            </Button>
          );
        })}
      </div>
    </form>
  );
}

function CurrencySection({ section, from, invoiceBasePath }: { section: StatementCurrencyContract; from: string; invoiceBasePath: string }) {
  const money = (value: string) => formatMoney(value, section.currency);
  const headingId = `estado-${section.currency}`;
  const closing = balanceReading(section.closing_balance);
  const rows: Row[] = section.entries.map((entry, index) => ({ ...entry, key: String(index) }));
  const columns: DataTableColumn<Row>[] = [
    { id: "date", header: "Fecha", cell: (entry) => <time dateTime={isoDay(entry.date)}>{formatShortDay(entry.date)}</time>, className: "whitespace-nowrap" },
    {
      id: "document",
      header: "Documento",
      cell: (entry) => {
        const label = entry.number ?? (entry.reference ? `Ref. ${entry.reference}` : STATEMENT_KIND_LABELS[entry.kind]);
        return entry.number && entry.invoice_id ? (
          <Link href={`${invoiceBasePath}/${entry.invoice_id}`} className="font-mono font-semibold text-brand-700 hover:text-brand-800 hover:underline">
            {label}
          </Link>
        ) : (
          <span className={cn(entry.number || entry.reference ? "font-mono text-xs" : "")}>{label}</span>
        );
      },
    },
    { id: "detail", header: "Detalle", cell: (entry) => entry.description },
    { id: "debit", header: "Cargo", cell: (entry) => (entry.debit === ZERO ? "—" : money(entry.debit)), className: "text-right whitespace-nowrap" },
    { id: "credit", header: "Abono", cell: (entry) => (entry.credit === ZERO ? "—" : money(entry.credit)), className: "text-right whitespace-nowrap" },
    { id: "balance", header: "Saldo", cell: (entry) => <span className="font-semibold">{money(entry.balance)}</span>, className: "text-right whitespace-nowrap" },
  ];
  const totals: [string, string][] = [
    ["Saldo inicial", money(section.opening_balance)],
    ["Facturado", money(section.totals.invoiced)],
    ["Notas de crédito", section.totals.credited === ZERO ? money(ZERO) : `-${money(section.totals.credited)}`],
    ["Pagos recibidos", section.totals.paid === ZERO ? money(ZERO) : `-${money(section.totals.paid)}`],
    ...(section.totals.refunded !== ZERO ? ([["Devoluciones de saldo a favor", money(section.totals.refunded)]] as [string, string][]) : []),
  ];
  return (
    <section aria-labelledby={headingId} data-testid={`statement-${section.currency}`} className="flex flex-col gap-3">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <h2 id={headingId} className="text-lg font-semibold text-ink-900">
          {CURRENCY_LABELS[section.currency]}
        </h2>
        <p className="text-sm text-ink-700">
          Saldo inicial al <time dateTime={from}>{formatShortDay(from)}</time>: <span className="font-semibold text-ink-900">{money(section.opening_balance)}</span>
        </p>
      </div>
      <DataTable
        caption={`Movimientos en ${CURRENCY_LABELS[section.currency]}`}
        rows={rows}
        columns={columns}
        getRowId={(entry) => entry.key}
        rowLabel={(entry) => `${formatShortDay(entry.date)} ${entry.description}`}
        emptyText="Sin movimientos en este periodo."
        summary={`Movimientos: ${section.entries.length.toLocaleString("es-PE")}`}
      />
      <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <dl data-testid={`statement-totals-${section.currency}`} className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm sm:max-w-sm">
          {totals.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-ink-700">{label}</dt>
              <dd className="text-right font-medium whitespace-nowrap text-ink-900">{value}</dd>
            </div>
          ))}
        </dl>
        <p
          data-testid={`statement-closing-${section.currency}`}
          className={cn(
            "flex items-baseline justify-between gap-4 rounded-xl px-4 py-3 text-base font-semibold sm:justify-end",
            closing.inFavour ? "bg-emerald-50 text-emerald-900" : "bg-brand-50 text-brand-900",
          )}
        >
          <span>{closing.label}</span>
          <span className="whitespace-nowrap">{money(closing.amount)}</span>
        </p>
      </div>
    </section>
  );
}
