"use client";

// "Historial" of one product or service: its saved versions, newest first,
// with author and es-ES date, what changed (Spanish field names, before → after) and
// "Restaurar" on the older ones (a new save, audited by the service).
//
//   <CatalogHistory kind="product" id={item.id} onRestored={(item) => form.reset(…)} />
//
// A client component: it loads the versions with listCatalogVersionsAction when it mounts (remount
// it with a new `key` to load again). Without onRestored, a restore refreshes the page's data.

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { notify } from "@/components/ui/toast";
import { listCatalogVersionsAction, restoreCatalogVersionAction } from "@/lib/catalog/actions";
import { CATALOG_BILLING_PERIOD_LABELS, CATALOG_STATUS_LABELS } from "@/lib/catalog/labels";
import type { CatalogVersionContract } from "@/lib/catalog/admin-queries";
import type { CatalogItemContract } from "@/lib/catalog/serialize";
import type { CatalogKind } from "@/lib/generated/prisma/enums";
import { formatDate } from "@/lib/format";
import { CATALOG_FIELD_LABELS } from "./catalog-form-values";

export type CatalogHistoryProps = {
  kind: CatalogKind;
  id: number;
  /** The restored item (e.g. to load it into an open form). */
  onRestored?: (item: CatalogItemContract) => void;
  /** id of the heading, for a surrounding section's aria-labelledby. */
  titleId?: string;
};

const SHORT = 140;

/** A field's value as one short line of text. */
export function versionValueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) return "(vacío)";
  if (typeof value === "boolean") return value ? "Sí" : "No";
  if (field === "status") return CATALOG_STATUS_LABELS[value as keyof typeof CATALOG_STATUS_LABELS] ?? String(value);
  if (field === "billing_period") return CATALOG_BILLING_PERIOD_LABELS[value as keyof typeof CATALOG_BILLING_PERIOD_LABELS] ?? String(value);
  let text = Array.isArray(value) ? value.join(" · ") : String(value);
  if (field === "content_html" || field === "long_description") {
    text = text
      .replace(/<[^>]*>/g, " ")
      .replace(/&nbsp;/g, " ")
      .replace(/&amp;/g, "&")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/\s+/g, " ")
      .trim();
    if (!text) return "(vacío)";
  }
  return text.length > SHORT ? `${text.slice(0, SHORT - 1)}…` : text;
}

function fieldLabel(field: string): string {
  return (CATALOG_FIELD_LABELS as Record<string, string>)[field] ?? field;
}

type State = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; versions: CatalogVersionContract[] };

export function CatalogHistory({ kind, id, onRestored, titleId }: CatalogHistoryProps) {
  const router = useRouter();
  const [state, setState] = useState<State>({ status: "loading" });
  const [reload, setReload] = useState(0);
  const [target, setTarget] = useState<number | null>(null);
  const [restoring, setRestoring] = useState(false);

  useEffect(() => {
    let cancelled = false;
    listCatalogVersionsAction(kind, id).then(
      (result) => {
        if (!cancelled) setState(result.ok ? { status: "ready", versions: result.data } : { status: "error", message: result.message });
      },
      () => {
        if (!cancelled) setState({ status: "error", message: "No se pudo cargar el historial." });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [kind, id, reload]);

  async function restore() {
    if (target === null) return;
    setRestoring(true);
    const result = await restoreCatalogVersionAction(kind, id, target);
    setRestoring(false);
    if (!result.ok) {
      notify.error(result.message);
      return;
    }
    notify.success(`Versión ${target} restaurada`);
    setTarget(null);
    setState({ status: "loading" });
    setReload((value) => value + 1);
    if (onRestored) onRestored(result.data);
    else router.refresh();
  }

  const newest = state.status === "ready" ? state.versions[0]?.version : undefined;

  return (
    <div>
      <h2 id={titleId} className="text-lg font-semibold text-ink-900">
        Historial
      </h2>
      {state.status === "loading" ? (
        <p role="status" className="mt-3 text-sm text-ink-600">
          Cargando historial...
        </p>
      ) : state.status === "error" ? (
        <div role="alert" className="mt-3 flex flex-wrap items-center gap-3 text-sm text-red-700">
          <span>Error: {state.message}</span>
          <Button variant="outline" size="sm" onClick={() => (setState({ status: "loading" }), setReload((value) => value + 1))}>
            Reintentar
          </Button>
        </div>
      ) : state.versions.length === 0 ? (
        <p className="mt-3 text-sm text-ink-600">Aún no hay versiones guardadas.</p>
      ) : (
        <ol className="mt-4 flex flex-col gap-3" aria-label="Versiones, de la más reciente a la más antigua">
          {state.versions.map((version, index) => {
            const previous = state.versions[index + 1];
            return (
              <li key={version.version} className="rounded-xl bg-ink-50/70 p-4 text-sm ring-1 ring-ink-200" data-testid="catalog-version">
                <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0">
                    <p className="font-semibold text-ink-900">
                      Versión {version.version}
                      {version.version === newest && <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">Actual</span>}
                    </p>
                    <p className="mt-0.5 text-xs text-ink-600">
                      {version.author ? version.author.name : "Autor desconocido"} · <time dateTime={version.created_at}>{formatDate(version.created_at)}</time>
                      {version.restored_from !== null && ` · Restaurada desde la versión ${version.restored_from}`}
                    </p>
                  </div>
                  {version.version !== newest && (
                    <Button variant="outline" size="sm" onClick={() => setTarget(version.version)} aria-label={`Restaurar la versión ${version.version}`}>
                      Restaurar
                    </Button>
                  )}
                </div>
                <VersionChanges version={version} previous={previous} />
              </li>
            );
          })}
        </ol>
      )}
      <ConfirmDialog
        open={target !== null}
        title="Restaurar versión"
        message={`¿Restaurar la versión ${target ?? ""}? El contenido actual se guardará en el historial y esa versión pasará a ser la actual.`}
        confirmLabel="Restaurar"
        pendingLabel="Restaurando..."
        tone="primary"
        pending={restoring}
        onConfirm={restore}
        onCancel={() => setTarget(null)}
      />
    </div>
  );
}

/** Ids kept beside the images' URLs: the URL's change already says it. */
const IMAGE_ID_FIELDS = new Set(["image_id", "gallery_image_ids"]);

function VersionChanges({ version, previous }: { version: CatalogVersionContract; previous?: CatalogVersionContract }) {
  if (!previous) return <p className="mt-2 text-ink-700">Versión inicial.</p>;
  const fields = version.changed_fields.filter((field) => !IMAGE_ID_FIELDS.has(field));
  if (fields.length === 0) return <p className="mt-2 text-ink-700">Sin cambios en los campos.</p>;
  const before = previous.snapshot as unknown as Record<string, unknown>;
  const after = version.snapshot as unknown as Record<string, unknown>;
  return (
    <dl className="mt-2 flex flex-col gap-1.5">
      {fields.map((field) => (
        <div key={field} className="min-w-0">
          <dt className="font-medium text-ink-800">{fieldLabel(field)}</dt>
          <dd className="break-words text-ink-700">
            <span className="text-ink-600 line-through decoration-ink-400">{versionValueText(field, before[field])}</span>
            <span aria-hidden="true"> → </span>
            <span className="sr-only"> cambió a </span>
            <span className="text-ink-900">{versionValueText(field, after[field])}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
