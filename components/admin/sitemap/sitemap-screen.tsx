"use client";

import { useState, type ReactNode } from "react";
import { generateSitemapAction } from "@/lib/sitemap/actions";
import { AreaPageHeader } from "@/components/account/area-shell";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { notify } from "@/components/ui/toast";
import { HEALTH_LABELS, SEO_WARNING_SCORE, SLOW_RESPONSE_MS, type SitemapHealth } from "@/lib/sitemap/health";
import { GeneralTab } from "./general-tab";
import { HealthTab } from "./health-tab";
import { number, StatusAlert } from "./panel-parts";
import { SettingsTab } from "./settings-tab";
import { StatisticsTab } from "./statistics-tab";
import { Tabs } from "./tabs";
import type { SitemapStatus } from "@/lib/sitemap/status";
import { SITEMAP_ERRORS, useSitemapStatus } from "./use-sitemap-status";

export { SITEMAP_ERRORS, SITEMAP_MESSAGES, SITEMAP_POLL_MS, SITEMAP_REFRESH_MS } from "./use-sitemap-status";

// The "Mantenimiento Sitemap" panel: Actualizar, Generar and Ver XML; four summary cards (state,
// URLs, response time, SEO score); and the tabs General, Estadísticas, Salud and Configuración,
// all from the figures the server measured and stored (use-sitemap-status.ts keeps them fresh).
// It tells what is pending: "Midiendo..." while the server measures in the background, and no
// cards at all before the first measurement, rather than zeros that were never measured.

/** The line that says a measurement is under way (a spinner and the words, announced politely). */
function Pending({ children }: { children: ReactNode }) {
  return (
    <>
      <span aria-hidden="true" className="size-5 shrink-0 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700" />
      {children}
    </>
  );
}

const HEALTH_TONES: Record<SitemapHealth, BadgeTone> = { healthy: "success", warning: "warning", error: "danger" };

function SummaryCard({ label, value, detail, testId }: { label: string; value: ReactNode; detail: ReactNode; testId: string }) {
  return (
    <section data-testid={testId} aria-label={label} className="flex min-w-0 flex-col gap-2 rounded-2xl border border-ink-200 bg-white p-5 shadow-card">
      <h2 className="text-sm font-semibold text-ink-700">{label}</h2>
      <p data-testid={`${testId}-value`} className="text-3xl font-bold tracking-tight text-ink-900">
        {value}
      </p>
      <p className="text-sm text-ink-600">{detail}</p>
    </section>
  );
}

/** The "Mantenimiento Sitemap" panel; `initialStatus` is the stored status the page was rendered with. */
export function SitemapScreen({ initialStatus = null }: { initialStatus?: SitemapStatus | null }) {
  const { status, loading, error, setError, load, refresh, measuring } = useSitemapStatus(initialStatus);
  const [generating, setGenerating] = useState(false);

  const generate = async () => {
    setGenerating(true);
    try {
      const result = await generateSitemapAction();
      if (result.ok) {
        notify.success(result.data.message);
        setError(null);
        await load();
      } else {
        setError(result.message || SITEMAP_ERRORS.generate);
      }
    } catch {
      setError(SITEMAP_ERRORS.network);
    } finally {
      setGenerating(false);
    }
  };

  const busy = loading || generating;
  const seoScore = status?.seo.score ?? null;
  const refreshing = measuring || status?.refreshing === true;
  const measured = status !== null && status.checked_at !== null;

  return (
    <div aria-busy={busy}>
      <AreaPageHeader
        title="Mantenimiento Sitemap"
        description="Estado, generación y salud del sitemap público, con cifras medidas en el servidor."
        actions={
          <>
            <Button variant="outline" onClick={refresh} disabled={busy || refreshing}>
              {refreshing ? "Midiendo..." : "Actualizar"}
            </Button>
            <Button onClick={() => void generate()} disabled={busy}>
              {generating ? "Generando..." : "Generar"}
            </Button>
            {status?.public_exists && (
              <a
                href="/sitemap.xml"
                target="_blank"
                rel="noopener noreferrer"
                aria-disabled={busy || undefined}
                className={buttonClasses("secondary", "md", busy ? "pointer-events-none opacity-60" : undefined)}
              >
                Ver XML<span className="sr-only"> (se abre en una pestaña nueva)</span>
              </a>
            )}
          </>
        }
      />

      <div className="mt-6 space-y-6">
        {error && <StatusAlert message={error} />}

        {!status && loading && (
          <p role="status" className="flex items-center gap-3 text-base font-medium text-ink-700">
            <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700" />
            Cargando...
          </p>
        )}

        <p data-testid="sitemap-pending" role="status" className="flex items-center gap-3 text-sm font-medium text-ink-700 empty:hidden">
          {measured && refreshing && <Pending>Midiendo el sitio... las cifras se actualizarán al terminar.</Pending>}
        </p>

        {status && !measured && (
          <div data-testid="sitemap-not-measured" role="status" className="flex items-center gap-3 rounded-2xl border border-dashed border-ink-300 bg-ink-50 px-6 py-8 text-base text-ink-700">
            {refreshing ? (
              <Pending>Aún no hay mediciones: se está midiendo el sitio...</Pending>
            ) : (
              <p>Aún no hay mediciones del sitio. Pulsa «Actualizar» para medirlo.</p>
            )}
          </div>
        )}

        {status && measured && (
          <>
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              <SummaryCard
                testId="sitemap-card-state"
                label="Estado general"
                value={status.health && <Badge tone={HEALTH_TONES[status.health]} className="px-3 py-1 text-base">{HEALTH_LABELS[status.health]}</Badge>}
                detail={`Calificación ${status.grade ?? "—"}`}
              />
              <SummaryCard
                testId="sitemap-card-urls"
                label="Total de URLs"
                value={number.format(status.urls_count)}
                detail={`${number.format(status.static_count)} estáticas · ${number.format(status.dynamic_count)} dinámicas`}
              />
              <SummaryCard
                testId="sitemap-card-response"
                label="Tiempo de respuesta"
                value={status.response_time_ms === null ? "—" : `${number.format(status.response_time_ms)} ms`}
                detail={
                  status.response_time_ms !== null && status.response_time_ms > SLOW_RESPONSE_MS
                    ? "Lento: más de 2 s"
                    : status.response_time_source === "http"
                      ? "Medido por el servidor"
                      : "Tiempo de generación"
                }
              />
              <SummaryCard
                testId="sitemap-card-seo"
                label="Puntuación SEO"
                value={seoScore === null ? "—" : `${seoScore}/100`}
                detail={
                  seoScore === null
                    ? status.seo.checked_at === null && refreshing
                      ? "Revisión en curso..."
                      : "Sin revisión"
                    : `${number.format(status.seo.checked_urls)} URLs revisadas${seoScore < SEO_WARNING_SCORE ? " · por debajo de 80" : ""}`
                }
              />
            </div>

            <Tabs
              label="Secciones del sitemap"
              tabs={[
                { id: "general", label: "General", content: <GeneralTab status={status} /> },
                { id: "stats", label: "Estadísticas", content: <StatisticsTab status={status} /> },
                { id: "health", label: "Salud", content: <HealthTab status={status} /> },
                { id: "settings", label: "Configuración", content: <SettingsTab status={status} /> },
              ]}
            />
          </>
        )}
      </div>
    </div>
  );
}
