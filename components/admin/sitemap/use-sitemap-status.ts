"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { refreshSitemapStatusAction } from "@/lib/sitemap/actions";
import type { SitemapStatus } from "@/lib/sitemap/status";

/** The status refreshes by itself every 30 s. */
export const SITEMAP_REFRESH_MS = 30_000;

export const SITEMAP_ERRORS = {
  status: "Error obteniendo estado del sitemap",
  network: "Error conectando con el servidor",
  generate: "Error generando sitemap",
} as const;

type StatusBody = { data?: SitemapStatus; message?: string };

/**
 * The sitemap panel's status: loaded at once, then every SITEMAP_REFRESH_MS while the tab is
 * visible. `load(true)` is "Actualizar" (a new SEO audit of every page); `refresh` is that with
 * the panel busy meanwhile. A failed load keeps the last figures and sets `error`.
 */
export function useSitemapStatus() {
  const [status, setStatus] = useState<SitemapStatus | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  // One status request at a time; a load asked for meanwhile (the reload after "Generar",
  // "Actualizar" during a 30-s refresh) runs once right after it, so it is never dropped and its
  // figures are the newest. A queued "Actualizar" turns a queued plain reload into a forced one.
  const current = useRef<Promise<void> | null>(null);
  const queued = useRef<{ refresh: boolean; promise: Promise<void> } | null>(null);

  // One request: a plain GET of the status, or "Actualizar" (a POST: the server action that audits every page again).
  const request = useCallback(async (refresh: boolean) => {
    try {
      if (refresh) {
        const result = await refreshSitemapStatusAction();
        if (result.ok) {
          setStatus(result.data);
          setError(null);
        } else {
          setError(result.message || SITEMAP_ERRORS.status);
        }
        return;
      }
      const response = await fetch("/api/v1/admin/sitemap/status", { cache: "no-store", headers: { Accept: "application/json" } });
      const body = (await response.json().catch(() => null)) as StatusBody | null;
      if (!response.ok || !body?.data) {
        setError(SITEMAP_ERRORS.status);
      } else {
        setStatus(body.data);
        setError(null);
      }
    } catch {
      setError(SITEMAP_ERRORS.network);
    }
  }, []);

  const start = useCallback(
    (refresh: boolean): Promise<void> => {
      const run = request(refresh).finally(() => {
        current.current = null;
      });
      current.current = run;
      return run;
    },
    [request],
  );

  // Resolves once figures requested after this call are on screen.
  const load = useCallback(
    (refresh = false): Promise<void> => {
      const running = current.current;
      if (!running) return start(refresh);
      if (queued.current) {
        queued.current.refresh ||= refresh;
        return queued.current.promise;
      }
      const next = { refresh, promise: Promise.resolve() };
      next.promise = running.then(() => {
        queued.current = null;
        return start(next.refresh);
      });
      queued.current = next;
      return next.promise;
    },
    [start],
  );

  // Every 30 s while the tab is visible (a hidden tab does not keep measuring); back in view, at once.
  // A tick while a request is still running is skipped (the figures are about to arrive).
  useEffect(() => {
    const tick = () => {
      if (document.visibilityState === "visible" && !current.current) void load();
    };
    void load().finally(() => setLoading(false));
    const timer = window.setInterval(tick, SITEMAP_REFRESH_MS);
    document.addEventListener("visibilitychange", tick);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", tick);
    };
  }, [load]);

  const refresh = () => {
    setLoading(true);
    void load(true).finally(() => setLoading(false));
  };

  return { status, loading, error, setError, load, refresh };
}
