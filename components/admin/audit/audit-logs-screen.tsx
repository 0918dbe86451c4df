"use client";

import Link from "next/link";
import { useMemo } from "react";
import { AuditChanges } from "@/components/admin/audit-history";
import { Button } from "@/components/ui/button";
import { DataTable, useTableUrl, type DataTableColumn } from "@/components/ui/data-table";
import { SelectField, TextField } from "@/components/ui/form-field";
import type { Paged } from "@/lib/list/paging";
import { auditActionLabel, auditAuthorLabel, auditEntityHref, auditEntityLabel, auditRecordKey, type AuditRecordLabel, type AuditRecordLabels } from "@/lib/audit/labels";
import type { AuditLogContract, AuditUser } from "@/lib/audit/queries";
import { formatDate } from "@/lib/format";
import { EmailText } from "@/components/ui/email-text";
import { totalLabel } from "@/components/ui/plural";

/** Records named once, with no id worth showing. */
const SINGLETONS = new Set(["site_settings"]);

function RecordCell({ entry, record }: { entry: AuditLogContract; record?: AuditRecordLabel }) {
  const label = auditEntityLabel(entry.entity_type);
  const href = auditEntityHref(entry.entity_type, entry.entity_id, entry.after ?? entry.before);
  const text = record ? `${label}: ${record.label}` : entry.entity_id && !SINGLETONS.has(entry.entity_type) ? `${label} #${entry.entity_id}` : label;
  // A deleted record has no screen to open any more.
  if (!href || entry.action.endsWith(".delete")) return <span>{text}</span>;
  return (
    <Link href={href} className="font-medium text-brand-800 underline decoration-brand-300 underline-offset-2 hover:text-brand-900">
      {text}
    </Link>
  );
}

const recordOf = (labels: AuditRecordLabels, entry: AuditLogContract) => (entry.entity_id ? labels[auditRecordKey(entry.entity_type, entry.entity_id)] : undefined);

const columnsFor = (labels: AuditRecordLabels): DataTableColumn<AuditLogContract>[] => [
  {
    id: "user",
    header: "Usuario",
    cell: (entry) =>
      entry.user ? (
        <div className="min-w-0">
          <p className="font-semibold text-ink-900">{entry.user.name}</p>
          <p className="text-xs text-ink-600">
            <EmailText email={entry.user.email} />
          </p>
        </div>
      ) : (
        <span className="text-ink-600">{auditAuthorLabel(entry)}</span>
      ),
  },
  { id: "action", header: "Acción", cell: (entry) => <span data-action={entry.action}>{auditActionLabel(entry.action)}</span> },
  { id: "record", header: "Registro", cell: (entry) => <RecordCell entry={entry} record={recordOf(labels, entry)} /> },
  { id: "date", header: "Fecha", cell: (entry) => <time dateTime={entry.created_at}>{formatDate(entry.created_at)}</time>, className: "whitespace-nowrap" },
  { id: "ip", header: "Dirección IP", cell: (entry) => <span className="font-mono text-xs">{entry.ip_address ?? "—"}</span> },
  { id: "details", header: "Detalles", cell: (entry) => <AuditChanges entry={entry} currency={recordOf(labels, entry)?.currency} />, className: "min-w-56" },
];

function Filters({ actors, entityTypes }: { actors: AuditUser[]; entityTypes: string[] }) {
  const url = useTableUrl();
  const value = (name: string) => url.params.get(name) ?? "";
  const any = ["user_id", "entity", "from", "to", "entity_id"].some((name) => url.params.has(name));
  return (
    <div className="grid w-full gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end">
      <SelectField
        label="Usuario"
        placeholder="Todos los usuarios"
        options={actors.map((actor) => ({ value: actor.id, label: `${actor.name} (${actor.email})` }))}
        value={value("user_id")}
        onChange={(event) => url.set({ user_id: event.target.value || null })}
      />
      <SelectField
        label="Entidad"
        placeholder="Todas las entidades"
        options={entityTypes.map((type) => ({ value: type, label: auditEntityLabel(type) }))}
        value={value("entity")}
        onChange={(event) => url.set({ entity: event.target.value || null, entity_id: null })}
      />
      <TextField label="Desde" type="date" value={value("from")} max={value("to") || undefined} onChange={(event) => url.set({ from: event.target.value || null })} />
      <TextField label="Hasta" type="date" value={value("to")} min={value("from") || undefined} onChange={(event) => url.set({ to: event.target.value || null })} />
      <Button variant="outline" disabled={!any} onClick={() => url.set({ user_id: null, entity: null, from: null, to: null, entity_id: null })}>
        Limpiar filtros
      </Button>
    </div>
  );
}

export function AuditLogsScreen({
  result,
  recordLabels,
  actors,
  entityTypes,
  filterError,
}: {
  result: Paged<AuditLogContract>;
  /** What each row's record is called (lib/audit/record-labels.ts). */
  recordLabels: AuditRecordLabels;
  actors: AuditUser[];
  entityTypes: string[];
  /** The URL's filters were not valid: the list shows everything, and says why. */
  filterError: string | null;
}) {
  const columns = useMemo(() => columnsFor(recordLabels), [recordLabels]);
  return (
    <>
      {filterError && (
        <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          Filtros no válidos: {filterError}
        </p>
      )}
      <DataTable
        caption="Registro de actividad"
        rows={result.data}
        page={result}
        columns={columns}
        getRowId={(entry) => String(entry.id)}
        rowLabel={(entry) => auditActionLabel(entry.action)}
        summary={`Total de entradas: ${totalLabel(result)}`}
        emptyText="No hay actividad registrada con estos filtros."
        toolbar={<Filters actors={actors} entityTypes={entityTypes} />}
      />
    </>
  );
}
