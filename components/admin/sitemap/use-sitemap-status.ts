"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { notify } from "@/components/ui/toast";
import { refreshSitemapStatusAction } from "@/lib/sitemap/actions";
import type { SitemapStatus } from "@/lib/sitemap/status";

/** The status is read again every 30 s. */
export const SITEMAP_REFRESH_MS = 30_000;
/** While the server measures the site (`refreshing`), the status is read this often. */
export const SITEMAP_POLL_MS = 2_000;

export const SITEMAP_ERRORS = {
  status: "Error obteniendo estado del sitemap",
  network: "Error conectando con el servidor",
  generate: "Error generando sitemap",
} as const;

export const SITEMAP_MESSAGES = {
  measured: "Medición actualizada.",
  unchanged: "La medición terminó sin cifras nuevas: se muestran las últimas medidas.",
} as const;

type StatusBody = { data?: SitemapStatus; message?: string };
/** When the figures on screen were measured as "Actualizar" was sent: its result is anything newer. */
type Baseline = { checkedAt: string | null; seoCheckedAt: string | null };

/**
 * The sitemap panel's status: the one the page rendered with (or loaded at once), then read every
 * SITEMAP_REFRESH_MS while the tab is visible, and every SITEMAP_POLL_MS while the server says a
 * measurement is under way. The reads are cheap: the server answers from stored figures and
 * measures in the background. `refresh` is "Actualizar": it asks for a new measurement (answered
 * at once), `measuring` stays true until the status shows it finished, then a toast says whether
 * it brought new figures. A failed read keeps the last figures and sets `error`.
 */
export function useSitemapStatus(initial: SitemapStatus | null = null) {
  const [status, setStatus] = useState<SitemapStatus | null>(initial);
  const [loading, setLoading] = useState(initial === null);
  const [error, setError] = useState<string | null>(null);
  const [measuring, setMeasuring] = useState(false);
  const shown = useRef<SitemapStatus | null>(initial);
  const baseline = useRef<Baseline | null>(null);
  // One status request at a time; a load asked for meanwhile (the reload after "Generar",
  // "Actualizar" during a 30-s read) runs once right after it, so it is never dropped and its
  // figures are the newest. A queued "Actualizar" turns a queued plain read into it.
  const current = useRef<Promise<void> | null>(null);
  const queued = useRef<{ refresh: boolean; promise: Promise<void> } | null>(null);

  const show = useCallback((next: SitemapStatus) => {
    shown.current = next;
    setStatus(next);
    setError(null);
    const before = baseline.current;
    if (!before || next.refreshing) return;
    // The measurement "Actualizar" started is over: say whether it brought anything new.
    baseline.current = null;
    setMeasuring(false);
    if (next.checked_at !== before.checkedAt || next.seo.checked_at !== before.seoCheckedAt) notify.success(SITEMAP_MESSAGES.measured);
    else notify.warning(SITEMAP_MESSAGES.unchanged);
  }, []);

  // One request: a GET of the stored status, or "Actualizar" (a POST: the server action that starts a new measurement).
  const request = useCallback(
    async (refresh: boolean) => {
      try {
        if (refresh) {
          const before = shown.current;
          const result = await refreshSitemapStatusAction();
          if (result.ok) {
            baseline.current = { checkedAt: before?.checked_at ?? null, seoCheckedAt: before?.seo.checked_at ?? null };
            show(result.data);
          } else {
            setMeasuring(false);
            setError(result.message || SITEMAP_ERRORS.status);
          }
          return;
        }
        const response = await fetch("/api/v1/admin/sitemap/status", { cache: "no-store", headers: { Accept: "application/json" } });
        const body = (await response.json().catch(() => null)) as StatusBody | null;
        if (!response.ok || !body?.data) setError(SITEMAP_ERRORS.status);
        else show(body.data);
      } catch {
        if (refresh) setMeasuring(false);
        setError(SITEMAP_ERRORS.network);
      }
    },
    [show],
  );

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

  // Every 30 s while the tab is visible (a hidden tab does not keep reading); back in view, at once.
  // A tick while a request is still running is skipped (the figures are about to arrive).
  const hasInitial = initial !== null;
  useEffect(() => {
    const tick = () => {
      if (document.visibilityState === "visible" && !current.current) void load();
    };
    if (!hasInitial) void load().finally(() => setLoading(false));
    const timer = window.setInterval(tick, SITEMAP_REFRESH_MS);
    document.addEventListener("visibilitychange", tick);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", tick);
    };
  }, [load, hasInitial]);

  // While the server measures, read often enough to show the new figures soon after they are stored.
  const refreshing = status?.refreshing === true;
  useEffect(() => {
    if (!refreshing) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible" && !current.current) void load();
    }, SITEMAP_POLL_MS);
    return () => window.clearInterval(timer);
  }, [refreshing, load]);

  const refresh = () => {
    setMeasuring(true);
    void load(true);
  };

  return { status, loading, error, setError, load, refresh, measuring };
}
