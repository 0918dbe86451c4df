"use client";

import { useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ACCEPTED_TYPES_LABEL, MAX_UPLOAD_BYTES } from "@/lib/media/config";
import { MEDIA_ACCEPT } from "./upload";
import { uploadStatusText, type UploadItem, type UploadQueue } from "./use-upload-queue";

// Where images enter the library: drop them on the zone or pick them with "Subir imágenes"
// (several at once), then one row per file with its progress and state.

const LIMIT_TEXT = `${ACCEPTED_TYPES_LABEL}; hasta ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB cada una.`;

function hasFiles(event: DragEvent) {
  return Array.from(event.dataTransfer?.types ?? []).includes("Files");
}

export function MediaUploadZone({
  queue,
  compact = false,
  doneAction,
  label = "Subir imágenes",
}: {
  queue: UploadQueue;
  compact?: boolean;
  /** What a finished row offers besides its state (e.g. "Añadir texto alternativo"). */
  doneAction?: (item: UploadItem) => ReactNode;
  label?: string;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();

  // A file dropped beside the zone would make the browser open it and leave the page.
  useEffect(() => {
    const stray = (event: globalThis.DragEvent) => {
      if (Array.from(event.dataTransfer?.types ?? []).includes("Files")) event.preventDefault();
    };
    window.addEventListener("dragover", stray);
    window.addEventListener("drop", stray);
    return () => {
      window.removeEventListener("dragover", stray);
      window.removeEventListener("drop", stray);
    };
  }, []);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const files = Array.from(event.dataTransfer?.files ?? []);
    if (files.length) queue.add(files);
  };

  return (
    <div className="flex flex-col gap-3">
      <div
        data-testid="media-drop-zone"
        onDragEnter={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          setOver(true);
        }}
        onDragOver={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = "copy";
          setOver(true);
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
        }}
        onDrop={onDrop}
        className={cn(
          "flex flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed text-center transition-colors",
          compact ? "px-4 py-4 sm:flex-row sm:justify-between sm:text-left" : "px-6 py-8",
          over ? "border-brand-600 bg-brand-50" : "border-ink-300 bg-ink-50",
        )}
      >
        <div className="min-w-0">
          <p className="text-base font-semibold text-ink-900">
            {over ? (
              "Suelta las imágenes para subirlas"
            ) : (
              <>
                <span className="sm:hidden">Sube imágenes desde tu dispositivo</span>
                <span className="max-sm:hidden">Arrastra imágenes aquí</span>
              </>
            )}
          </p>
          <p id={hintId} className="mt-1 text-sm text-ink-600">
            {LIMIT_TEXT}
          </p>
        </div>
        <Button variant={compact ? "outline" : "primary"} onClick={() => inputRef.current?.click()} aria-describedby={hintId} className="shrink-0">
          {label}
        </Button>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={MEDIA_ACCEPT}
          hidden
          data-testid="media-file-input"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            // The same file chosen again must fire a change next time.
            event.target.value = "";
            if (files.length) queue.add(files);
          }}
        />
      </div>
      <p role="status" className="sr-only">
        {queue.announcement}
      </p>
      {queue.items.length > 0 && <UploadRows queue={queue} doneAction={doneAction} />}
    </div>
  );
}

function UploadRows({ queue, doneAction }: { queue: UploadQueue; doneAction?: (item: UploadItem) => ReactNode }) {
  return (
    <ul aria-label="Imágenes subidas" className="flex flex-col gap-2">
      {queue.items.map((item) => (
        <UploadRow key={item.id} item={item} queue={queue} doneAction={doneAction} />
      ))}
    </ul>
  );
}

function UploadRow({ item, queue, doneAction }: { item: UploadItem; queue: UploadQueue; doneAction?: (item: UploadItem) => ReactNode }) {
  const text = uploadStatusText(item);
  const percent = Math.round(item.progress * 100);
  const failed = item.status === "error";
  const name = item.file.name;
  return (
    <li data-testid="upload-row" data-status={item.status} className="rounded-xl border border-ink-200 bg-white px-4 py-3 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 flex-1 truncate text-sm font-semibold text-ink-900" title={name}>
          {name}
        </p>
        <p className={cn("text-sm", failed ? "font-medium text-red-700" : item.status === "done" ? "font-semibold text-emerald-800" : "text-ink-700")}>{text}</p>
      </div>
      {!failed && (
        <div
          role="progressbar"
          aria-label={`Progreso de ${name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={text}
          className="mt-2 h-2 overflow-hidden rounded-full bg-ink-100"
        >
          <div
            className={cn("h-full rounded-full transition-[width]", item.status === "done" ? "bg-emerald-600" : item.status === "processing" ? "animate-pulse bg-brand-600" : "bg-brand-600")}
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
      <div className="mt-2 flex flex-wrap gap-2 empty:hidden">
        {failed && item.retryable && (
          <Button size="sm" variant="outline" onClick={() => queue.retry(item.id)}>
            Reintentar<span className="sr-only"> {name}</span>
          </Button>
        )}
        {item.status === "done" && doneAction?.(item)}
        {(item.status === "queued" || item.status === "uploading") && (
          <Button size="sm" variant="ghost" onClick={() => queue.remove(item.id)}>
            Cancelar<span className="sr-only"> la subida de {name}</span>
          </Button>
        )}
        {(failed || item.status === "done") && (
          <Button size="sm" variant="ghost" onClick={() => queue.remove(item.id)}>
            Quitar de la lista<span className="sr-only"> {name}</span>
          </Button>
        )}
      </div>
    </li>
  );
}
