"use client";

// A record's own history from the audit trail, for any admin view of one record:
//
//   <AuditHistory entityType="testimonial" entityId={String(testimonial.id)} />
//
// A CLIENT component (so the inbox modal, the user and testimonial edit modals, which are client
// islands, can embed it): it loads the entries with the admin-only server action
// loadEntityHistoryAction (lib/audit/actions.ts → lib/audit/queries.ts listEntityHistory,
// the newest 50) when it mounts or the record changes. Pass `refreshKey` (e.g. the record's
// updated time) to load again after a save. A server page may pass `initialEntries` instead
// (listEntityHistory) and skip the first load.
//
// AuditChanges (the "before → after" list of changed fields) is also used by the
// "Registro de actividad" screen.

import { useEffect, useState } from "react";
import { formatDate } from "@/lib/format";
import { auditActionLabel, auditAuthorLabel, auditEntryCurrency, auditValueText } from "@/lib/audit/labels";
import { auditFieldLabel, auditValueLabel } from "@/components/admin/audit-field-labels";
import { loadEntityHistoryAction } from "@/lib/audit/actions";
import type { AuditLogContract } from "@/lib/audit/queries";

export type AuditHistoryProps = {
  entityType: string;
  entityId: string;
  /** Change it to load the history again (after a save). */
  refreshKey?: unknown;
  initialEntries?: AuditLogContract[];
  title?: string;
  /** The record's currency: amounts an entry changed are written in it (unless the entry names its own). */
  currency?: string | null;
};

export function AuditHistory({ entityType, entityId, refreshKey, initialEntries, title = "Historial de cambios", currency }: AuditHistoryProps) {
  const key = `${entityType}:${entityId}:${String(refreshKey ?? "")}`;
  const [state, setState] = useState<{ key: string; entries: AuditLogContract[] | null; error: string | null } | null>(
    initialEntries ? { key, entries: initialEntries, error: null } : null,
  );

  useEffect(() => {
    if (state?.key === key) return;
    let cancelled = false;
    loadEntityHistoryAction(entityType, entityId).then(
      (result) => {
        if (!cancelled) setState(result.ok ? { key, entries: result.data, error: null } : { key, entries: null, error: result.message });
      },
      () => {
        if (!cancelled) setState({ key, entries: null, error: "No se pudo cargar el historial." });
      },
    );
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` covers entityType, entityId and refreshKey
  }, [key]);

  const loading = state?.key !== key;

  return (
    <section aria-label={title} className="rounded-xl border border-ink-200 bg-ink-50/60 p-4">
      <h3 className="text-sm font-semibold text-ink-900">{title}</h3>
      {loading || !state ? (
        <p role="status" className="mt-2 text-sm text-ink-600">
          Cargando...
        </p>
      ) : state.error || !state.entries ? (
        <p className="mt-2 text-sm text-red-700">{state.error ?? "No se pudo cargar el historial."}</p>
      ) : state.entries.length === 0 ? (
        <p className="mt-2 text-sm text-ink-600">Sin cambios registrados.</p>
      ) : (
        <ol className="mt-3 flex flex-col gap-3">
          {state.entries.map((entry) => (
            <li key={entry.id} className="rounded-lg bg-white p-3 text-sm ring-1 ring-ink-200">
              <p className="font-medium text-ink-900">{auditActionLabel(entry.action)}</p>
              <p className="mt-0.5 text-xs text-ink-600">
                {auditAuthorLabel(entry)} · <time dateTime={entry.created_at}>{formatDate(entry.created_at)}</time>
                {entry.ip_address ? ` · ${entry.ip_address}` : ""}
              </p>
              <AuditChanges entry={entry} currency={currency} className="mt-2" />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The fields an entry changed: "campo: antes → después" (only "después" for a create, only "antes" for a delete). */
export function AuditChanges({ entry, className, currency }: { entry: Pick<AuditLogContract, "before" | "after">; className?: string; currency?: string | null }) {
  const money = auditEntryCurrency(entry, currency);
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (fields.length === 0) return <p className={className ? `${className} text-xs text-ink-600` : "text-xs text-ink-600"}>Sin detalles.</p>;
  return (
    <details className={className}>
      <summary className="cursor-pointer text-xs font-semibold text-brand-800 hover:text-brand-900">
        Ver cambios ({fields.length} {fields.length === 1 ? "campo" : "campos"})
      </summary>
      <dl className="mt-2 grid gap-1.5 text-xs">
        {fields.map((field) => (
          <div key={field} className="min-w-0">
            <dt className="font-semibold text-ink-700">{auditFieldLabel(field)}</dt>
            <dd className="break-words text-ink-800">
              {entry.before && <span className="text-red-800 line-through decoration-red-300">{auditValueLabel(field, entry.before[field]) ?? auditValueText(entry.before[field], field, money)}</span>}
              {entry.before && entry.after && (
                <>
                  <span aria-hidden="true"> → </span>
                  <span className="sr-only"> cambió a </span>
                </>
              )}
              {entry.after && <span className="text-emerald-800">{auditValueLabel(field, entry.after[field]) ?? auditValueText(entry.after[field], field, money)}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
