"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { MediaDetail } from "@/lib/media/queries";
import { MediaUploadError, UPLOAD_TEXT, uploadMediaFile } from "./upload";

// The upload queue of the library and the pickers: files dropped or chosen together are sent at
// most two at a time (the server processes two per process anyway), the rest wait in line.
// Each row goes "En cola" → "Subiendo… 42 %" → "Procesando…" (bytes sent, the server is making
// the sizes) → "Lista", or ends with its error (and "Reintentar" when trying again may work).

export const MAX_CONCURRENT_UPLOADS = 2;

export type UploadStatus = "queued" | "uploading" | "processing" | "done" | "error";

export type UploadItem = {
  id: string;
  file: File;
  status: UploadStatus;
  /** 0 to 1: the share of the file's bytes sent. */
  progress: number;
  error?: string;
  retryable?: boolean;
  result?: MediaDetail;
};

export type UploadQueue = {
  items: UploadItem[];
  add: (files: Iterable<File>) => void;
  retry: (id: string) => void;
  /** Stops a file still waiting or being sent and drops its row; drops a finished row. */
  remove: (id: string) => void;
  /** True while a file waits or is being sent or processed. */
  busy: boolean;
  /** The last change worth telling a screen-reader user ("foto.jpg: lista"). */
  announcement: string;
};

/** The text of a row's state: "En cola", "Subiendo… 42 %", "Procesando…", "Lista" or the error. */
export function uploadStatusText(item: Pick<UploadItem, "status" | "progress" | "error">): string {
  switch (item.status) {
    case "queued":
      return "En cola";
    case "uploading":
      return `Subiendo… ${Math.round(item.progress * 100)} %`;
    case "processing":
      return "Procesando…";
    case "done":
      return "Lista";
    case "error":
      return item.error ?? UPLOAD_TEXT.failed;
  }
}

let sequence = 0;

export function useUploadQueue({
  onUploaded,
  upload = uploadMediaFile,
}: {
  /** Called once per file the library accepted. */
  onUploaded?: (item: MediaDetail) => void;
  /** The upload client (tests give their own). */
  upload?: typeof uploadMediaFile;
} = {}): UploadQueue {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [announcement, setAnnouncement] = useState("");
  // Ids being sent right now, with their abort controllers: the state lags a render behind.
  const running = useRef(new Map<string, AbortController>());
  const callback = useRef(onUploaded);
  const uploader = useRef(upload);
  useEffect(() => {
    callback.current = onUploaded;
    uploader.current = upload;
  });

  const patch = useCallback((id: string, changes: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...changes } : item)));
  }, []);

  const start = useCallback(
    async (item: UploadItem) => {
      const controller = new AbortController();
      running.current.set(item.id, controller);
      patch(item.id, { status: "uploading", progress: 0, error: undefined, retryable: undefined });
      try {
        const detail = await uploader.current(item.file, {
          signal: controller.signal,
          onProgress: (fraction) => patch(item.id, fraction >= 1 ? { status: "processing", progress: 1 } : { status: "uploading", progress: fraction }),
        });
        running.current.delete(item.id);
        patch(item.id, { status: "done", progress: 1, result: detail });
        setAnnouncement(`${item.file.name}: lista`);
        callback.current?.(detail);
      } catch (error) {
        running.current.delete(item.id);
        if (controller.signal.aborted) return; // removed by the user: its row is gone
        const refusal = error instanceof MediaUploadError ? error : new MediaUploadError(UPLOAD_TEXT.network, 0, true);
        patch(item.id, { status: "error", error: refusal.message, retryable: refusal.retryable });
        setAnnouncement(`${item.file.name}: ${refusal.message}`);
      }
    },
    [patch],
  );

  // Starts waiting files while fewer than two are on their way.
  useEffect(() => {
    const free = MAX_CONCURRENT_UPLOADS - running.current.size;
    if (free <= 0) return;
    items
      .filter((item) => item.status === "queued" && !running.current.has(item.id))
      .slice(0, free)
      .forEach((item) => void start(item));
  }, [items, start]);

  // Leaving the screen stops what is still being sent.
  useEffect(() => {
    const inFlight = running.current;
    return () => inFlight.forEach((controller) => controller.abort());
  }, []);

  const add = useCallback((files: Iterable<File>) => {
    const added = [...files].map((file): UploadItem => ({ id: `upload-${++sequence}`, file, status: "queued", progress: 0 }));
    if (added.length === 0) return;
    setItems((list) => [...list, ...added]);
    setAnnouncement(added.length === 1 ? `${added[0].file.name}: en cola` : `${added.length} imágenes en cola`);
  }, []);

  const retry = useCallback((id: string) => patch(id, { status: "queued", progress: 0, error: undefined, retryable: undefined }), [patch]);

  const remove = useCallback((id: string) => {
    running.current.get(id)?.abort();
    running.current.delete(id);
    setItems((list) => list.filter((item) => item.id !== id));
  }, []);

  const busy = items.some((item) => item.status === "queued" || item.status === "uploading" || item.status === "processing");
  return { items, add, retry, remove, busy, announcement };
}
