"use client";

import { useCallback, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { FieldMessages, inputClass, TextField } from "@/components/ui/form-field";
import { Modal } from "@/components/ui/modal";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { notify } from "@/components/ui/toast";
import { listMediaAction, listMediaByIdsAction, updateMediaAction } from "@/lib/media/actions";
import { MEDIA_LIMITS } from "@/lib/media/labels";
import type { MediaContract } from "@/lib/media/serialize";
import { ALT_HELP, hasAlt, oneLine } from "./media-format";
import { MediaThumbnail } from "./media-thumbnail";
import { MediaUploadZone } from "./upload-zone";
import { useUploadQueue } from "./use-upload-queue";

// The image fields of the product, service and testimonial forms. Their values are library ids:
// MediaPickerField holds one (or none), MediaGalleryField an ordered list. Both choose in the
// "Elegir de la biblioteca" dialog: search, a grid paged with "Cargar más", and an upload area
// whose new image comes selected. The forms' pages are public, and the server refuses an image
// without alt text there, so such an image is chosen only after its alt text is written here.

/** A library item as the pickers show it (a list item has a thumbnail; a fresh upload only its sizes). */
export type PickedMedia = MediaContract & { thumbnail_url?: string };

const PAGE_SIZE = 24;

export const MEDIA_PICKER_TEXT = {
  title: "Elegir de la biblioteca",
  choose: "Elegir imagen",
  change: "Cambiar imagen",
  remove: "Quitar",
  add: "Añadir imágenes",
  none: "Sin imagen",
  emptyGallery: "La galería no tiene imágenes.",
  missing: "Esta imagen ya no está en la biblioteca.",
  unreadable: "No se pudo cargar la vista previa de esta imagen. Recarga la página para verla.",
  needsAlt: "Añade el texto alternativo de la imagen elegida antes de usarla.",
  needsAltMany: "Añade el texto alternativo de las imágenes elegidas antes de usarlas.",
  loadFailed: "No se pudo cargar la biblioteca. Revisa tu conexión e inténtalo de nuevo.",
} as const;


/**
 * The items behind `ids`, loaded once with listMediaByIdsAction (a form's initial images) and
 * completed with what the dialog hands back. Unknown ids stay out of the map.
 */
function useMediaItems(ids: readonly number[]) {
  const [items, setItems] = useState<Map<number, PickedMedia>>(new Map());
  const [missing, setMissing] = useState<Set<number>>(new Set());
  const [unreadable, setUnreadable] = useState<Set<number>>(new Set());
  const asked = useRef(new Set<number>());
  const key = ids.join(",");

  useEffect(() => {
    const wanted = key ? key.split(",").map(Number) : [];
    const unknown = wanted.filter((id) => !asked.current.has(id));
    if (unknown.length === 0) return;
    unknown.forEach((id) => asked.current.add(id));
    const failed = () => setUnreadable((set) => new Set([...set, ...unknown]));
    listMediaByIdsAction(unknown.slice(0, 100)).then(
      (outcome) => {
        if (!outcome.ok) return failed();
        const found = new Set(outcome.data.map((item) => item.id));
        setItems((map) => new Map([...map, ...outcome.data.map((item) => [item.id, item] as const)]));
        setMissing((set) => new Set([...set, ...unknown.filter((id) => !found.has(id))]));
      },
      failed,
    );
  }, [key]);

  const remember = useCallback((picked: PickedMedia[]) => {
    picked.forEach((item) => asked.current.add(item.id));
    setItems((map) => new Map([...map, ...picked.map((item) => [item.id, item] as const)]));
  }, []);

  /** What to say instead of a thumbnail: gone from the library, not loaded, or still loading. */
  const placeholder = (id: number) => (missing.has(id) ? MEDIA_PICKER_TEXT.missing : unreadable.has(id) ? MEDIA_PICKER_TEXT.unreadable : "Cargando...");
  return { items, placeholder, remember };
}

function ItemSummary({ item, placeholder }: { item: PickedMedia | undefined; placeholder: string }) {
  if (!item) return <p className="text-sm text-ink-600">{placeholder}</p>;
  return (
    <div className="flex min-w-0 items-center gap-3">
      <MediaThumbnail item={item} className="size-16 rounded-lg" />
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold text-ink-900" title={item.file_name}>
          {item.file_name}
        </p>
        {hasAlt(item) ? (
          <p className="text-sm break-words text-ink-600">
            <span className="sr-only">Texto alternativo: </span>
            {item.alt}
          </p>
        ) : (
          <Badge tone="warning">Sin texto alternativo</Badge>
        )}
      </div>
    </div>
  );
}

type FieldProps = {
  label: string;
  error?: string;
  hint?: string;
  /** react-hook-form's ref callback: focusing the field focuses its main button. */
  fieldRef?: (node: HTMLButtonElement | null) => void;
  onBlur?: () => void;
  disabled?: boolean;
};

/** One image of the library (or none): its thumbnail and alt text, "Elegir imagen" and "Quitar". */
export function MediaPickerField({ label, value, onChange, error, hint, fieldRef, onBlur, disabled }: FieldProps & { value: number | null; onChange: (id: number | null) => void }) {
  const [open, setOpen] = useState(false);
  const { items, placeholder, remember } = useMediaItems(value === null ? [] : [value]);
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const item = value === null ? undefined : items.get(value);

  return (
    <fieldset className="min-w-0" aria-describedby={describedBy} data-testid="media-picker-field">
      <legend className="mb-1.5 text-sm font-medium text-ink-800">{label}</legend>
      <div className={cn("flex flex-col gap-3 rounded-lg border bg-white p-3 sm:flex-row sm:items-center sm:justify-between", error ? "border-red-700 bg-red-50/40" : "border-ink-300")}>
        {value === null ? <p className="text-sm text-ink-600">{MEDIA_PICKER_TEXT.none}</p> : <ItemSummary item={item} placeholder={placeholder(value)} />}
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button ref={fieldRef} size="sm" variant="outline" onClick={() => setOpen(true)} onBlur={onBlur} disabled={disabled} aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
            {value === null ? MEDIA_PICKER_TEXT.choose : MEDIA_PICKER_TEXT.change}
            <span className="sr-only"> para {label}</span>
          </Button>
          {value !== null && (
            <Button size="sm" variant="ghost" onClick={() => onChange(null)} disabled={disabled}>
              {MEDIA_PICKER_TEXT.remove}
              <span className="sr-only"> {label}</span>
            </Button>
          )}
        </div>
      </div>
      <FieldMessages id={id} error={error} hint={hint} />
      {open && (
        <MediaPickerDialog
          mode="single"
          onClose={() => setOpen(false)}
          onPick={(picked) => {
            remember(picked);
            setOpen(false);
            if (picked[0]) onChange(picked[0].id);
          }}
        />
      )}
    </fieldset>
  );
}

/** An ordered list of library images: add several, remove, move up and down. */
export function MediaGalleryField({ label, value, onChange, error, hint, fieldRef, onBlur, disabled }: FieldProps & { value: number[]; onChange: (ids: number[]) => void }) {
  const [open, setOpen] = useState(false);
  const { items, placeholder, remember } = useMediaItems(value);
  const id = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement | null>(null);
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;

  const setAddRef = (node: HTMLButtonElement | null) => {
    addRef.current = node;
    fieldRef?.(node);
  };

  function move(index: number, by: -1 | 1, direction: "up" | "down") {
    const next = [...value];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved);
    onChange(next);
    // Keep the focus on the moved image's buttons; at either end, on the one still usable.
    requestAnimationFrame(() => {
      const row = listRef.current?.querySelector<HTMLElement>(`[data-media-id="${moved}"]`);
      const same = row?.querySelector<HTMLButtonElement>(`[data-move="${direction}"]`);
      const other = row?.querySelector<HTMLButtonElement>(`[data-move="${direction === "up" ? "down" : "up"}"]`);
      (same && !same.disabled ? same : other)?.focus();
    });
  }

  function remove(index: number) {
    onChange(value.filter((_, i) => i !== index));
    requestAnimationFrame(() => addRef.current?.focus());
  }

  return (
    <fieldset className="min-w-0" aria-describedby={describedBy} data-testid="media-gallery-field">
      <legend className="mb-1.5 text-sm font-medium text-ink-800">{label}</legend>
      <div className={cn("flex flex-col gap-3 rounded-lg border bg-white p-3", error ? "border-red-700 bg-red-50/40" : "border-ink-300")}>
        {value.length === 0 ? (
          <p className="text-sm text-ink-600">{MEDIA_PICKER_TEXT.emptyGallery}</p>
        ) : (
          <ol ref={listRef} aria-label={label} className="flex flex-col divide-y divide-ink-100">
            {value.map((mediaId, index) => {
              const item = items.get(mediaId);
              const name = item ? `la imagen ${index + 1} (${item.file_name})` : `la imagen ${index + 1}`;
              return (
                <li key={mediaId} data-media-id={mediaId} className="flex flex-col gap-2 py-2 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
                  <ItemSummary item={item} placeholder={placeholder(mediaId)} />
                  <div className="flex shrink-0 flex-wrap gap-1">
                    <Button size="sm" variant="ghost" data-move="up" onClick={() => move(index, -1, "up")} disabled={disabled || index === 0}>
                      Subir<span className="sr-only"> {name}</span>
                    </Button>
                    <Button size="sm" variant="ghost" data-move="down" onClick={() => move(index, 1, "down")} disabled={disabled || index === value.length - 1}>
                      Bajar<span className="sr-only"> {name}</span>
                    </Button>
                    <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50 hover:text-red-800" onClick={() => remove(index)} disabled={disabled}>
                      {MEDIA_PICKER_TEXT.remove}
                      <span className="sr-only"> {name}</span>
                    </Button>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
        <div>
          <Button ref={setAddRef} size="sm" variant="outline" onClick={() => setOpen(true)} onBlur={onBlur} disabled={disabled} aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
            {MEDIA_PICKER_TEXT.add}
            <span className="sr-only"> a {label}</span>
          </Button>
        </div>
      </div>
      <FieldMessages id={id} error={error} hint={hint} />
      {open && (
        <MediaPickerDialog
          mode="multiple"
          taken={value}
          onClose={() => setOpen(false)}
          onPick={(picked) => {
            remember(picked);
            setOpen(false);
            onChange([...value, ...picked.map((item) => item.id).filter((pickedId) => !value.includes(pickedId))]);
          }}
        />
      )}
    </fieldset>
  );
}

type Wanted = { q: string; page: number; attempt: number };
type ListState = { items: PickedMedia[]; page: number; lastPage: number; error: string | null; for: Wanted | null };

type DialogProps = {
  mode: "single" | "multiple";
  /** Ids already in the field (a gallery): shown, not offered again. */
  taken?: readonly number[];
  onClose: () => void;
  onPick: (items: PickedMedia[]) => void;
};

/**
 * "Elegir de la biblioteca", rendered at the end of <body>: the fields sit inside the forms
 * they belong to, and Enter in the dialog's search must not submit that form.
 */
export function MediaPickerDialog(props: DialogProps) {
  return createPortal(<PickerDialog {...props} />, document.body);
}

/** "Elegir de la biblioteca": search, grid with "Cargar más", upload on the spot, alt text where missing. */
function PickerDialog({
  mode,
  taken = [],
  onClose,
  onPick,
}: DialogProps) {
  const [search, setSearch] = useState("");
  // The page asked for; the list shows what answered it (a search typed meanwhile wins).
  const [wanted, setWanted] = useState<Wanted>({ q: "", page: 1, attempt: 0 });
  const [list, setList] = useState<ListState>({ items: [], page: 1, lastPage: 1, error: null, for: null });
  const [selected, setSelected] = useState<number[]>([]);
  const [known, setKnown] = useState<Map<number, PickedMedia>>(new Map());
  const [pickError, setPickError] = useState<string | null>(null);
  const searchId = useId();
  const altSection = useRef<HTMLDivElement>(null);
  const loading = list.for !== wanted;

  useEffect(() => {
    const timer = setTimeout(() => {
      const q = search.trim();
      setWanted((current) => (current.q === q ? current : { q, page: 1, attempt: 0 }));
    }, 300);
    return () => clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    let stale = false;
    listMediaAction({ q: wanted.q, page: String(wanted.page), per_page: String(PAGE_SIZE) }).then(
      (outcome) => {
        if (stale) return;
        if (!outcome.ok) {
          setList((state) => ({ ...state, error: outcome.message, for: wanted }));
          return;
        }
        const { data, current_page, last_page } = outcome.data;
        setList((state) => ({
          items: wanted.page > 1 ? [...state.items, ...data.filter((item) => !state.items.some((shown) => shown.id === item.id))] : data,
          page: current_page,
          lastPage: last_page,
          error: null,
          for: wanted,
        }));
      },
      () => {
        if (!stale) setList((state) => ({ ...state, error: MEDIA_PICKER_TEXT.loadFailed, for: wanted }));
      },
    );
    return () => {
      stale = true;
    };
  }, [wanted]);

  const retry = () => setWanted((current) => ({ ...current, attempt: current.attempt + 1 }));
  const loadMore = () => setWanted((current) => ({ q: current.q, page: list.page + 1, attempt: 0 }));

  const learn = (items: PickedMedia[]) => setKnown((map) => new Map([...map, ...items.map((item) => [item.id, item] as const)]));

  function toggle(item: PickedMedia) {
    learn([item]);
    setPickError(null);
    if (mode === "single") setSelected([item.id]);
    else setSelected((ids) => (ids.includes(item.id) ? ids.filter((id) => id !== item.id) : [...ids, item.id]));
  }

  const queue = useUploadQueue({
    onUploaded: (detail) => {
      learn([detail]);
      setList((state) => ({ ...state, items: [detail, ...state.items.filter((item) => item.id !== detail.id)] }));
      setPickError(null);
      if (mode === "single") setSelected([detail.id]);
      else setSelected((ids) => (ids.includes(detail.id) ? ids : [...ids, detail.id]));
    },
  });

  const chosen = selected.map((id) => known.get(id)).filter((item): item is PickedMedia => item !== undefined);
  const withoutAlt = chosen.filter((item) => !hasAlt(item));

  function onAltSaved(item: PickedMedia) {
    learn([item]);
    setList((state) => ({ ...state, items: state.items.map((shown) => (shown.id === item.id ? { ...shown, ...item } : shown)) }));
    setPickError(null);
  }

  function confirm() {
    if (chosen.length === 0) return;
    if (withoutAlt.length > 0) {
      setPickError(withoutAlt.length === 1 ? MEDIA_PICKER_TEXT.needsAlt : MEDIA_PICKER_TEXT.needsAltMany);
      requestAnimationFrame(() => altSection.current?.querySelector<HTMLElement>("textarea, input")?.focus());
      return;
    }
    onPick(chosen);
  }

  const takenSet = new Set(taken);
  const confirmLabel = mode === "single" ? "Usar imagen" : chosen.length > 1 ? `Añadir ${chosen.length} imágenes` : "Añadir a la galería";

  return (
    <Modal
      open
      onClose={onClose}
      size="xl"
      title={MEDIA_PICKER_TEXT.title}
      description={mode === "single" ? "Elige una imagen o sube una nueva." : "Elige una o varias imágenes, o sube nuevas; se añaden en el orden en que las eliges."}
      testId="media-picker-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={confirm} disabled={chosen.length === 0}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-5">
        <MediaUploadZone queue={queue} compact />

        {withoutAlt.length > 0 && (
          <div ref={altSection} className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4" data-testid="picker-alt-needed">
            <p className="text-sm font-medium text-amber-950">
              {withoutAlt.length === 1
                ? "La imagen elegida necesita un texto alternativo antes de usarse en una página pública."
                : "Las imágenes elegidas necesitan un texto alternativo antes de usarse en una página pública."}
            </p>
            {withoutAlt.map((item) => (
              <AltQuickEdit key={item.id} item={item} onSaved={onAltSaved} />
            ))}
          </div>
        )}
        {pickError && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {pickError}
          </p>
        )}

        <div>
          <label htmlFor={searchId} className="mb-1.5 block text-sm font-medium text-ink-800">
            Buscar en la biblioteca
          </label>
          <input
            id={searchId}
            type="search"
            value={search}
            maxLength={MEDIA_LIMITS.q}
            placeholder="Nombre del archivo o texto alternativo"
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={(event) => {
              // Enter searches at once (there is no form to submit).
              if (event.key === "Enter") {
                event.preventDefault();
                const q = search.trim();
                setWanted((current) => (current.q === q ? current : { q, page: 1, attempt: 0 }));
              }
            }}
            className={inputClass}
          />
        </div>

        <div aria-busy={loading}>
          {!loading && list.error && list.items.length === 0 ? (
            <ErrorState
              action={
                <Button size="sm" variant="outline" onClick={retry}>
                  Reintentar
                </Button>
              }
            >
              {list.error}
            </ErrorState>
          ) : loading && list.items.length === 0 ? (
            <p role="status" className="py-8 text-center text-sm text-ink-600">
              Cargando...
            </p>
          ) : list.items.length === 0 ? (
            <EmptyState>{wanted.q ? "Ninguna imagen coincide con la búsqueda." : "La biblioteca no tiene imágenes todavía: sube la primera arriba."}</EmptyState>
          ) : (
            <ul aria-label="Imágenes de la biblioteca" className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-5">
              {list.items.map((item) => {
                const isTaken = takenSet.has(item.id);
                const pressed = selected.includes(item.id);
                return (
                  <li key={item.id} className="min-w-0">
                    <button
                      type="button"
                      aria-pressed={pressed}
                      disabled={isTaken}
                      onClick={() => toggle(item)}
                      data-testid="picker-item"
                      className={cn(
                        "flex h-full w-full flex-col overflow-hidden rounded-xl border-2 bg-white text-left transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60",
                        pressed ? "border-brand-700 ring-2 ring-brand-200" : "border-ink-200 hover:border-brand-300",
                      )}
                    >
                      <MediaThumbnail item={item} className="aspect-square w-full" />
                      <span className="flex min-w-0 flex-col gap-1 p-2">
                        <span className="truncate text-sm font-semibold text-ink-900" title={item.file_name}>
                          {item.file_name}
                        </span>
                        <span className="flex flex-wrap gap-1">
                          {pressed && <Badge tone="brand">Elegida</Badge>}
                          {isTaken && <Badge tone="neutral">Ya en la galería</Badge>}
                          {!hasAlt(item) && <Badge tone="warning">Sin texto alternativo</Badge>}
                        </span>
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          {!loading && list.error && list.items.length > 0 && (
            <p role="alert" className="mt-3 text-sm font-medium text-red-700">
              {list.error}
            </p>
          )}
          {list.items.length > 0 && list.page < list.lastPage && (
            <div className="mt-4 flex justify-center">
              <Button variant="outline" onClick={loadMore} disabled={loading}>
                {loading && wanted.page > 1 ? "Cargando..." : "Cargar más"}
              </Button>
            </div>
          )}
        </div>
      </div>
    </Modal>
  );
}

/** The alt text of one chosen image, written and saved in place (updateMediaAction). */
function AltQuickEdit({ item, onSaved }: { item: PickedMedia; onSaved: (item: PickedMedia) => void }) {
  const [alt, setAlt] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  async function save() {
    const text = alt.trim();
    if (!text) {
      setError("Escribe el texto alternativo.");
      return;
    }
    setSaving(true);
    setError(undefined);
    try {
      const outcome = await updateMediaAction(item.id, { alt: text });
      if (outcome.ok) {
        notify.success("Texto alternativo guardado");
        onSaved({ ...item, ...outcome.data, thumbnail_url: item.thumbnail_url });
      } else {
        setError(outcome.errors?.alt?.[0] ?? outcome.message);
      }
    } catch {
      setError("No se pudo guardar. Revisa tu conexión e inténtalo de nuevo.");
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="flex flex-col gap-2 rounded-lg bg-white p-3 sm:flex-row sm:items-start">
      <MediaThumbnail item={item} className="size-14 rounded-lg" />
      <div className="min-w-0 flex-1">
        <TextField
          label={`Texto alternativo de «${item.file_name}»`}
          value={alt}
          maxLength={MEDIA_LIMITS.alt}
          onChange={(event) => setAlt(oneLine(event.target.value))}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              void save();
            }
          }}
          hint={`${ALT_HELP} ${alt.length}/${MEDIA_LIMITS.alt}`}
          error={error}
        />
      </div>
      <Button size="sm" onClick={() => void save()} disabled={saving} className="sm:mt-7">
        {saving ? "Guardando..." : "Guardar texto alternativo"}
      </Button>
    </div>
  );
}

