"use client";

import Link from "next/link";
import { useEffect, useId, useRef, useState, useTransition } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TextAreaField } from "@/components/ui/form-field";
import { Modal } from "@/components/ui/modal";
import { ErrorState } from "@/components/ui/states";
import { notify } from "@/components/ui/toast";
import { UNSAVED_CHANGES_TEXT, UnsavedChangesGuard } from "@/components/ui/unsaved-changes";
import { formatDate } from "@/lib/format";
import { deleteMediaAction, getMediaAction, updateMediaAction } from "@/lib/media/actions";
import type { MediaDetail } from "@/lib/media/queries";
import { MEDIA_LIMITS } from "@/lib/media/labels";
import type { FocalPoint, MediaContract, MediaUsage } from "@/lib/media/serialize";
import { FocalPointPreview } from "./focal-point-preview";
import { ALT_HELP, dimensionsText, formatBytes, formatLabel, mediaTypeLabel, oneLine } from "./media-format";

// The edit panel of one library image: its preview and focal point, the alt text, the sizes
// the library made, the original's download, where it is used and "Eliminar" (refused while a
// product, service or testimonial uses it). Closing with unsaved edits asks first.

const USAGE_LABELS: Record<MediaUsage["type"], string> = { product: "Producto", service: "Servicio", testimonial: "Testimonio" };
const FORMAT_ORDER = ["avif", "webp", "jpeg", "png", "gif"];

const sameFocal = (a: FocalPoint | null, b: FocalPoint | null) => (a === null || b === null ? a === b : a.x === b.x && a.y === b.y);

type Refusal = { message: string };

export function MediaEditPanel({
  item,
  onClose,
  onSaved,
  onDeleted,
}: {
  item: MediaContract;
  onClose: () => void;
  onSaved: (detail: MediaDetail) => void;
  onDeleted: (id: number) => void;
}) {
  const [detail, setDetail] = useState<MediaDetail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [baseline, setBaseline] = useState({ alt: item.alt, focal: item.focal_point });
  const [alt, setAlt] = useState(item.alt);
  const [focal, setFocal] = useState<FocalPoint | null>(item.focal_point);
  const [altError, setAltError] = useState<string | undefined>();
  const [saving, startSave] = useTransition();
  const [deleting, startDelete] = useTransition();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const refusalRef = useRef<HTMLDivElement>(null);
  const formId = useId();
  const dirty = alt.trim() !== baseline.alt.trim() || !sameFocal(focal, baseline.focal);
  const current = detail ?? item;

  const load = () => {
    getMediaAction(item.id).then(
      (outcome) => {
        if (outcome.ok) {
          setDetail(outcome.data);
          setLoadError(null);
        } else setLoadError(outcome.message);
      },
      () => setLoadError("No se pudo cargar la imagen. Revisa tu conexión e inténtalo de nuevo."),
    );
  };
  useEffect(load, [item.id]);

  function requestClose() {
    if (saving || deleting) return;
    if (dirty) setConfirmClose(true);
    else onClose();
  }

  function save() {
    setAltError(undefined);
    startSave(async () => {
      const outcome = await updateMediaAction(item.id, { alt: alt.trim(), focal_point: focal });
      if (outcome.ok) {
        notify.success("Imagen actualizada correctamente");
        setBaseline({ alt: outcome.data.alt, focal: outcome.data.focal_point });
        setDetail(outcome.data);
        onSaved(outcome.data);
        return;
      }
      const fieldError = outcome.errors?.alt?.[0];
      if (fieldError) setAltError(fieldError);
      notify.error(`Error al guardar la imagen: ${outcome.message}`);
      if (outcome.status === 404) onDeleted(item.id);
    });
  }

  function remove() {
    startDelete(async () => {
      const outcome = await deleteMediaAction(item.id);
      setConfirmDelete(false);
      if (outcome.ok) {
        notify.success("Imagen eliminada correctamente");
        onDeleted(item.id);
        return;
      }
      notify.error(`Error al eliminar la imagen: ${outcome.message}`);
      if (outcome.status === 404) {
        onDeleted(item.id);
        return;
      }
      setRefusal({ message: outcome.message });
      // Where it is used now, with links: the list may have changed since the panel opened.
      load();
      requestAnimationFrame(() => refusalRef.current?.focus());
    });
  }

  const sizes = [...current.sizes].sort((a, b) => a.width - b.width || FORMAT_ORDER.indexOf(a.format) - FORMAT_ORDER.indexOf(b.format));

  return (
    <>
      <UnsavedChangesGuard dirty={dirty && !confirmClose} />
      <Modal
        open
        onClose={requestClose}
        busy={saving || deleting}
        size="xl"
        title="Editar imagen"
        description={<span className="break-all">{item.file_name}</span>}
        testId="media-edit-panel"
        footer={
          <>
            <Button variant="ghost" className="text-red-700 hover:bg-red-50 hover:text-red-800 sm:mr-auto" onClick={() => setConfirmDelete(true)} disabled={saving || deleting}>
              Eliminar
            </Button>
            <Button variant="outline" onClick={requestClose} disabled={saving || deleting}>
              Cancelar
            </Button>
            <Button type="submit" form={formId} disabled={saving || deleting}>
              {saving ? "Guardando..." : "Guardar cambios"}
            </Button>
          </>
        }
      >
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <div className="flex flex-col gap-4">
            <FocalPointPreview src={current.url} focal={focal} onChange={setFocal} disabled={saving} />
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="outline" onClick={() => setFocal(null)} disabled={focal === null || saving}>
                Quitar punto focal
              </Button>
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <dt className="font-medium text-ink-600">Tipo</dt>
              <dd className="text-ink-900">{mediaTypeLabel(current.mime)}</dd>
              <dt className="font-medium text-ink-600">Dimensiones</dt>
              <dd className="text-ink-900">{dimensionsText(current)}</dd>
              {current.bytes > 0 && (
                <>
                  <dt className="font-medium text-ink-600">Peso del original</dt>
                  <dd className="text-ink-900">{formatBytes(current.bytes)}</dd>
                </>
              )}
              <dt className="font-medium text-ink-600">Subida el</dt>
              <dd className="text-ink-900">
                <time dateTime={current.created_at}>{formatDate(current.created_at)}</time>
              </dd>
            </dl>
          </div>

          <div className="flex min-w-0 flex-col gap-6">
            <form
              id={formId}
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                save();
              }}
            >
              <TextAreaField
                label="Texto alternativo"
                rows={3}
                maxLength={MEDIA_LIMITS.alt}
                value={alt}
                onChange={(event) => setAlt(oneLine(event.target.value))}
                onKeyDown={(event) => {
                  // One line: Enter saves instead of breaking it.
                  if (event.key === "Enter") {
                    event.preventDefault();
                    event.currentTarget.form?.requestSubmit();
                  }
                }}
                hint={ALT_HELP}
                error={altError}
                data-autofocus
              />
              <p className="mt-1 text-right text-xs text-ink-600" aria-live="polite">
                {alt.length}/{MEDIA_LIMITS.alt}
              </p>
            </form>

            {refusal && (
              <div ref={refusalRef} tabIndex={-1} role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
                <p className="font-medium">{refusal.message}</p>
              </div>
            )}

            <section aria-labelledby={`${formId}-usage`}>
              <h3 id={`${formId}-usage`} className="text-sm font-semibold text-ink-900">
                En uso en
              </h3>
              {loadError ? (
                <ErrorState className="mt-2 py-4" action={<Button size="sm" variant="outline" onClick={load}>Reintentar</Button>}>
                  {loadError}
                </ErrorState>
              ) : !detail ? (
                <p className="mt-2 text-sm text-ink-600">Cargando...</p>
              ) : detail.used_in.length === 0 ? (
                <p className="mt-2 text-sm text-ink-600">Sin uso</p>
              ) : (
                <ul className="mt-2 flex flex-col gap-1.5 text-sm" data-testid="media-used-in">
                  {detail.used_in.map((usage) => (
                    <li key={`${usage.type}-${usage.id}`} className="flex flex-wrap items-center gap-2">
                      <Badge tone="neutral">{USAGE_LABELS[usage.type]}</Badge>
                      <Link href={usage.url} className="font-medium break-words text-brand-700 underline hover:text-brand-800">
                        {usage.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </section>

            <section aria-labelledby={`${formId}-sizes`}>
              <h3 id={`${formId}-sizes`} className="text-sm font-semibold text-ink-900">
                Tamaños generados
              </h3>
              {sizes.length === 0 ? (
                <p className="mt-2 text-sm text-ink-600">Archivo del sitio: se muestra tal cual, sin tamaños generados.</p>
              ) : (
                <ul className="mt-2 divide-y divide-ink-100 rounded-lg border border-ink-200 text-sm">
                  {sizes.map((size) => (
                    <li key={size.url} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2">
                      <span className="text-ink-900">
                        {size.width} × {size.height} · {formatLabel(size.format)}
                      </span>
                      <span className="flex items-center gap-3">
                        <span className="text-ink-600">{formatBytes(size.bytes)}</span>
                        <a href={size.url} target="_blank" rel="noopener" className="font-medium text-brand-700 underline hover:text-brand-800">
                          Abrir<span className="sr-only"> el tamaño de {size.width} píxeles en {formatLabel(size.format)} (se abre en una pestaña nueva)</span>
                        </a>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              {current.source === "upload" && (
                <a href={`/api/v1/admin/media/${item.id}/original`} download className="mt-3 inline-flex font-semibold text-brand-700 underline hover:text-brand-800">
                  Descargar original
                </a>
              )}
            </section>
          </div>
        </div>
      </Modal>

      <ConfirmDialog
        open={confirmDelete}
        title="Eliminar imagen"
        message={`¿Seguro que deseas eliminar «${item.file_name}» de la biblioteca? Esta acción no se puede deshacer.`}
        pending={deleting}
        pendingLabel="Eliminando..."
        onConfirm={remove}
        onCancel={() => setConfirmDelete(false)}
      />
      <ConfirmDialog
        open={confirmClose}
        title={UNSAVED_CHANGES_TEXT.title}
        message="Tienes cambios sin guardar en esta imagen. Si cierras el panel, se perderán."
        confirmLabel="Cerrar sin guardar"
        cancelLabel={UNSAVED_CHANGES_TEXT.stay}
        onConfirm={() => {
          setConfirmClose(false);
          onClose();
        }}
        onCancel={() => setConfirmClose(false)}
      />
    </>
  );
}
