"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { DataTable, FilterButtons, SearchBox, useTableUrl, type DataTableColumn } from "@/components/ui/data-table";
import { totalLabel } from "@/components/ui/plural";
import { EmptyState } from "@/components/ui/states";
import { notify } from "@/components/ui/toast";
import { TablePagination } from "@/components/ui/table-pagination";
import { TableUrlContext } from "@/components/ui/use-table-url-state";
import { formatDate } from "@/lib/format";
import type { Paged } from "@/lib/list/paging";
import type { MediaListItem } from "@/lib/media/queries";
import { MEDIA_TYPE_FILTERS, MEDIA_TYPE_LABELS } from "@/lib/media/labels";
import type { MediaContract } from "@/lib/media/serialize";
import { MediaEditPanel } from "./media-edit-panel";
import { dimensionsText, formatBytes, hasAlt, mediaTypeLabel } from "./media-format";
import { MediaUploadZone } from "./upload-zone";
import { useUploadQueue } from "./use-upload-queue";
import { MediaThumbnail } from "./media-thumbnail";

// "Biblioteca de medios": the upload zone, then the library as a grid of thumbnails or as a
// table (?vista=lista), searchable by file name and alt text, filtered by type, paged; a click
// on an image opens its edit panel. Filters, search, page and view live in the URL.

export type MediaView = "grid" | "lista";

const TYPE_FILTERS = [{ value: "all", label: "Todos" }, ...MEDIA_TYPE_FILTERS.map((type) => ({ value: type, label: MEDIA_TYPE_LABELS[type] }))];

export const MEDIA_LIBRARY_TEXT = {
  empty: "Todavía no hay imágenes en la biblioteca. Arrastra la primera a la zona de arriba o usa «Subir imágenes».",
  noMatch: "Ninguna imagen coincide con la búsqueda o el filtro.",
  noAlt: "Sin texto alternativo",
} as const;

function usageText(count: number) {
  return count === 0 ? "Sin uso" : `En uso: ${count}`;
}


function AltBadge({ item }: { item: MediaListItem }) {
  return hasAlt(item) ? null : <Badge tone="warning">{MEDIA_LIBRARY_TEXT.noAlt}</Badge>;
}

const columns: DataTableColumn<MediaListItem>[] = [
  { id: "thumbnail", header: "Miniatura", className: "w-20", cell: (row) => <MediaThumbnail item={row} className="size-14 rounded-lg" /> },
  { id: "name", header: "Nombre", cell: (row) => <span className="font-semibold break-all text-ink-900">{row.file_name}</span> },
  { id: "type", header: "Tipo", cell: (row) => mediaTypeLabel(row.mime) },
  { id: "dimensions", header: "Dimensiones", cell: (row) => <span className="whitespace-nowrap">{dimensionsText(row)}</span> },
  { id: "bytes", header: "Peso", cell: (row) => (row.bytes > 0 ? <span className="whitespace-nowrap">{formatBytes(row.bytes)}</span> : "—") },
  { id: "alt", header: "Texto alternativo", cell: (row) => (hasAlt(row) ? <span className="break-words">{row.alt}</span> : <AltBadge item={row} />) },
  { id: "usage", header: "En uso", cell: (row) => usageText(row.usage_count) },
  { id: "date", header: "Fecha", cell: (row) => <time dateTime={row.created_at} className="whitespace-nowrap">{formatDate(row.created_at)}</time> },
];

function ViewToggle({ view }: { view: MediaView }) {
  const url = useTableUrl();
  const options: { value: MediaView; label: string }[] = [
    { value: "grid", label: "Cuadrícula" },
    { value: "lista", label: "Lista" },
  ];
  return (
    <div role="group" aria-label="Vista" className="inline-flex self-start rounded-full border border-ink-300 bg-white p-1 sm:self-auto">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={view === option.value}
          onClick={() => url.set({ vista: option.value === "grid" ? null : option.value }, { resetPage: false })}
          className={cn(
            "h-9 rounded-full px-4 text-sm font-semibold transition-colors",
            view === option.value ? "bg-brand-700 text-white" : "text-ink-700 hover:bg-brand-50 hover:text-brand-800",
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

function Toolbar({ view }: { view: MediaView }) {
  return (
    <>
      <FilterButtons label="Filtrar por tipo" param="type" options={TYPE_FILTERS} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchBox label="Buscar imágenes por nombre o texto alternativo" placeholder="Nombre o texto alternativo" />
        <ViewToggle view={view} />
      </div>
    </>
  );
}

function MediaGrid({ result, view, filtered, onOpen }: { result: Paged<MediaListItem>; view: MediaView; filtered: boolean; onOpen: (item: MediaListItem) => void }) {
  const url = useTableUrl();
  return (
    <TableUrlContext.Provider value={url}>
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-center lg:justify-between">
          <Toolbar view={view} />
        </div>
        <div className="relative" aria-busy={url.pending}>
          {url.pending && (
            <div role="status" className="absolute inset-0 z-10 flex items-start justify-center rounded-2xl bg-white/70 pt-16 text-sm font-semibold text-ink-700">
              <span className="rounded-full bg-white px-4 py-2 shadow-card">Cargando...</span>
            </div>
          )}
          {result.data.length === 0 ? (
            <EmptyState>{filtered ? MEDIA_LIBRARY_TEXT.noMatch : MEDIA_LIBRARY_TEXT.empty}</EmptyState>
          ) : (
            <ul aria-label="Imágenes de la biblioteca" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
              {result.data.map((item) => (
                <li key={item.id} data-testid="media-card" className="min-w-0">
                  <button
                    type="button"
                    onClick={() => onOpen(item)}
                    className="flex h-full w-full flex-col overflow-hidden rounded-xl border border-ink-200 bg-white text-left shadow-sm transition-colors hover:border-brand-300 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                  >
                    <MediaThumbnail item={item} className="aspect-square w-full" />
                    <span className="flex min-w-0 flex-1 flex-col gap-1 p-2.5">
                      <span className="truncate text-sm font-semibold text-ink-900" title={item.file_name}>
                        <span className="sr-only">Editar </span>
                        {item.file_name}
                      </span>
                      <span className="text-xs text-ink-600">{dimensionsText(item)}</span>
                      <span className="mt-auto flex flex-wrap gap-1 pt-1">
                        <AltBadge item={item} />
                        <Badge tone={item.usage_count > 0 ? "success" : "neutral"}>{usageText(item.usage_count)}</Badge>
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <TablePagination page={result} rowCount={result.data.length} summary={`Total de imágenes: ${totalLabel(result)}`} url={url} />
      </div>
    </TableUrlContext.Provider>
  );
}

export function MediaLibraryScreen({ result, view, filtered, opened = null }: { result: Paged<MediaListItem>; view: MediaView; filtered: boolean; opened?: MediaContract | null }) {
  const router = useRouter();
  const [editing, setEditing] = useState<MediaContract | null>(opened);
  const queue = useUploadQueue({
    onUploaded: (item) => {
      router.refresh();
      // An image without alt text cannot go on a public page yet: say so, with the way to add it.
      if (hasAlt(item)) notify.success(`«${item.file_name}» se subió a la biblioteca`);
      else
        notify.info(`«${item.file_name}» se subió a la biblioteca`, {
          description: "Añade su texto alternativo para poder usarla en páginas públicas.",
          action: { label: "Añadir texto alternativo", onClick: () => setEditing(item) },
        });
    },
  });

  return (
    <div className="flex flex-col gap-6">
      <section aria-label="Subir imágenes">
        <MediaUploadZone
          queue={queue}
          doneAction={(upload) =>
            upload.result && !hasAlt(upload.result) ? (
              <Button size="sm" onClick={() => upload.result && setEditing(upload.result)}>
                Añadir texto alternativo<span className="sr-only"> a {upload.file.name}</span>
              </Button>
            ) : upload.result ? (
              <Button size="sm" variant="outline" onClick={() => upload.result && setEditing(upload.result)}>
                Editar<span className="sr-only"> {upload.file.name}</span>
              </Button>
            ) : null
          }
        />
      </section>

      {view === "lista" ? (
        <DataTable
          caption="Imágenes de la biblioteca"
          rows={result.data}
          page={result}
          columns={columns}
          getRowId={(row) => String(row.id)}
          rowLabel={(row) => row.file_name}
          emptyText={filtered ? MEDIA_LIBRARY_TEXT.noMatch : MEDIA_LIBRARY_TEXT.empty}
          summary={`Total de imágenes: ${totalLabel(result)}`}
          toolbar={<Toolbar view={view} />}
          rowActions={(row) => (
            <Button variant="ghost" size="sm" onClick={() => setEditing(row)}>
              Editar<span className="sr-only"> {row.file_name}</span>
            </Button>
          )}
        />
      ) : (
        <MediaGrid result={result} view={view} filtered={filtered} onOpen={setEditing} />
      )}

      {editing && (
        <MediaEditPanel
          key={editing.id}
          item={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            router.refresh();
          }}
          onDeleted={() => {
            setEditing(null);
            router.refresh();
          }}
        />
      )}
    </div>
  );
}
