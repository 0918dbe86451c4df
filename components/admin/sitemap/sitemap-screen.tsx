"use client";

import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { generateSitemapAction, refreshSitemapStatusAction } from "@/lib/sitemap/actions";
import { AreaPageHeader } from "@/components/account/area-shell";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { notify } from "@/components/ui/toast";
import { formatDate } from "@/lib/format";
import { formatFileSize, formatRelativeTime, HEALTH_LABELS, SEO_WARNING_SCORE, SLOW_RESPONSE_MS, type SitemapHealth } from "@/lib/sitemap/health";
import { DETAIL_ROUTES, STATIC_ROUTES, type ChangeFrequency } from "@/lib/sitemap/routes";
import { SEO_CHECK_LABELS } from "@/lib/sitemap/seo-checks";
import type { SitemapStatus } from "@/lib/sitemap/status";
import { sitemapPath } from "@/lib/sitemap/summary";
import { Tabs } from "./tabs";

// Spec §2.6 "Sitemap maintenance panel", §4 "Sitemap health", §8 "Sitemap panel", §9.

/** §9: the status refreshes by itself every 30 s. */
export const SITEMAP_REFRESH_MS = 30_000;

export const SITEMAP_ERRORS = {
  status: "Error obteniendo estado del sitemap",
  network: "Error conectando con el servidor",
  generate: "Error generando sitemap",
} as const;

const HEALTH_TONES: Record<SitemapHealth, BadgeTone> = { healthy: "success", warning: "warning", error: "danger" };

const FREQUENCY_LABELS: Record<ChangeFrequency, string> = {
  always: "Siempre",
  hourly: "Cada hora",
  daily: "Diaria",
  weekly: "Semanal",
  monthly: "Mensual",
  yearly: "Anual",
  never: "Nunca",
};

const PLANNED_IMPROVEMENTS = [
  "Índice de sitemaps cuando el sitio supere las 50 000 URLs.",
  "Sitemap de imágenes de productos y servicios.",
  "Aviso a los buscadores tras cada generación.",
  "Alerta por correo cuando la disponibilidad baje del 99 %.",
];

const number = new Intl.NumberFormat("es-PE");

function StatusAlert({ message }: { message: string }) {
  return (
    <div role="alert" className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="mt-0.5 size-5 shrink-0 text-red-700" fill="none" stroke="currentColor" strokeWidth="1.75">
        <path strokeLinecap="round" strokeLinejoin="round" d="M12 9v3.75m9-.75a9 9 0 11-18 0 9 9 0 0118 0zm-9 3.75h.008v.008H12v-.008z" />
      </svg>
      <p>{message}</p>
    </div>
  );
}

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

function Panel({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={cn("min-w-0 rounded-2xl border border-ink-200 bg-white p-5", className)}>
      <h3 className="text-base font-semibold text-ink-900">{title}</h3>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A horizontally scrollable block that keyboard users can reach and scroll (axe "scrollable-region-focusable"). */
function ScrollArea({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600">
      {children}
    </div>
  );
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="divide-y divide-ink-100 text-sm">
      {items.map(([term, value]) => (
        <div key={term} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
          <dt className="text-ink-600">{term}</dt>
          <dd className="font-medium break-all text-ink-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const yesNo = (value: boolean) => <Badge tone={value ? "success" : "danger"}>{value ? "Disponible" : "No disponible"}</Badge>;

function TimeAgo({ iso }: { iso: string | null }) {
  if (!iso) return <>Nunca</>;
  return <time dateTime={iso} title={formatDate(iso)}>{formatRelativeTime(iso)}</time>;
}

function GeneralTab({ status }: { status: SitemapStatus }) {
  const robotsUrl = status.public_url.replace(/sitemap\.xml$/, "robots.txt");
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Panel title="Estado del archivo">
        <Facts
          items={[
            ["Archivo público", yesNo(status.public_exists)],
            ["Copia de seguridad", yesNo(status.backup_exists)],
            ["Tamaño", formatFileSize(status.public_size)],
            ["Última modificación", <TimeAgo key="modified" iso={status.public_modified} />],
            ["Última generación", <TimeAgo key="generated" iso={status.last_generated_at} />],
            ["Copia anterior", <TimeAgo key="backup" iso={status.backup_generated_at} />],
            ["Generaciones guardadas", number.format(status.snapshots_count)],
          ]}
        />
      </Panel>
      <Panel title="Acceso público">
        <ul className="space-y-3 text-sm">
          <li>
            <p className="text-ink-600">Sitemap XML</p>
            <a href="/sitemap.xml" target="_blank" rel="noopener noreferrer" className="font-medium break-all text-brand-700 underline hover:text-brand-900">
              {status.public_url}
            </a>
          </li>
          <li>
            <p className="text-ink-600">robots.txt (anuncia el sitemap a los buscadores)</p>
            <a href="/robots.txt" target="_blank" rel="noopener noreferrer" className="font-medium break-all text-brand-700 underline hover:text-brand-900">
              {robotsUrl}
            </a>
          </li>
        </ul>
      </Panel>
      <Panel title="Información técnica" className="lg:col-span-2">
        <Facts
          items={[
            ["Formato", "XML, protocolo sitemaps.org 0.9"],
            ["Codificación", "UTF-8"],
            ["Generación", "Dinámica, desde el contenido publicado"],
            ["Caché", "1 hora; se renueva al guardar contenido o al generar"],
            ["Código HTTP", status.status_code === null ? "—" : String(status.status_code)],
            [
              "Medición del tiempo de respuesta",
              status.response_time_source === "http" ? "Petición GET de /sitemap.xml desde el servidor" : "Tiempo de generación (sin acceso HTTP al sitio)",
            ],
            ["Última comprobación", <TimeAgo key="checked" iso={status.checked_at} />],
          ]}
        />
      </Panel>
    </div>
  );
}

function Share({ label, count, total }: { label: string; count: number; total: number }) {
  const percent = total > 0 ? Math.round((count / total) * 100) : 0;
  return (
    <li>
      <div className="flex items-center justify-between text-sm">
        <span className="text-ink-700">{label}</span>
        <span className="font-semibold text-ink-900">
          {number.format(count)} <span className="font-normal text-ink-600">({percent} %)</span>
        </span>
      </div>
      <div aria-hidden="true" className="mt-1.5 h-2 overflow-hidden rounded-full bg-ink-100">
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
      </div>
    </li>
  );
}

function StatisticsTab({ status }: { status: SitemapStatus }) {
  const total = status.urls_count;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Panel title="Distribución del contenido">
        <ul className="space-y-4">
          <Share label="Productos" count={status.content.products} total={total} />
          <Share label="Servicios" count={status.content.services} total={total} />
          <Share label="Páginas estáticas" count={status.content.static} total={total} />
        </ul>
      </Panel>
      <Panel title="Métricas de rendimiento">
        <Facts
          items={[
            ["Tiempo de respuesta", status.response_time_ms === null ? "—" : `${number.format(status.response_time_ms)} ms`],
            ["Tamaño del archivo", formatFileSize(status.public_size)],
            ["Tamaño medio por URL", total > 0 ? `${number.format(Math.round(status.public_size / total))} bytes` : "—"],
            ["Comprobaciones (30 días)", number.format(status.availability.checks)],
          ]}
        />
      </Panel>
      <Panel title="Tendencias (últimos 7 días)" className="lg:col-span-2">
        {status.trends.length === 0 ? (
          <p className="text-sm text-ink-600">Aún no hay comprobaciones registradas.</p>
        ) : (
          <ScrollArea label="Tendencias por día">
            <table className="w-full text-left text-sm">
              <thead className="text-ink-600">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-semibold">Día</th>
                  <th scope="col" className="py-2 pr-4 font-semibold">Comprobaciones</th>
                  <th scope="col" className="py-2 pr-4 font-semibold">Disponibilidad</th>
                  <th scope="col" className="py-2 font-semibold">Tiempo medio</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-ink-100">
                {status.trends.map((day) => (
                  <tr key={day.date}>
                    <td className="py-2 pr-4 whitespace-nowrap">{day.date.split("-").reverse().join("/")}</td>
                    <td className="py-2 pr-4">{number.format(day.checks)}</td>
                    <td className="py-2 pr-4">{day.checks > 0 ? `${Math.round((day.ok / day.checks) * 1000) / 10} %` : "—"}</td>
                    <td className="py-2">{day.avg_response_ms === null ? "—" : `${number.format(day.avg_response_ms)} ms`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollArea>
        )}
      </Panel>
    </div>
  );
}

function HealthTab({ status }: { status: SitemapStatus }) {
  const { availability, seo } = status;
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <Panel title="Disponibilidad">
          <p data-testid="sitemap-availability" className="text-2xl font-bold text-ink-900">
            {availability.percent === null ? "—" : `${availability.percent} %`}
          </p>
          <p className="mt-1 text-sm text-ink-600">
            {availability.checks === 1 ? "1 comprobación" : `${number.format(availability.checks)} comprobaciones`}
            {availability.since ? ` desde el ${formatDate(availability.since)}` : ""}
          </p>
        </Panel>
        <Panel title="Problemas activos">
          <p data-testid="sitemap-issue-count" className="text-2xl font-bold text-ink-900">
            {number.format(seo.issues.length + (status.public_exists ? 0 : 1))}
          </p>
          <p className="mt-1 text-sm text-ink-600">
            {seo.total > 0 ? `${number.format(seo.passed)} de ${number.format(seo.total)} comprobaciones SEO superadas` : "Sin revisión SEO"}
          </p>
        </Panel>
        <Panel title="Calificación">
          <p data-testid="sitemap-grade" className="text-2xl font-bold text-ink-900">
            {status.grade}
          </p>
          <p className="mt-1 text-sm text-ink-600">{HEALTH_LABELS[status.health]}</p>
        </Panel>
      </div>
      <Panel title="Lista de problemas">
        <p className="text-sm text-ink-600">
          {seo.checked_at
            ? `Revisión SEO de ${number.format(seo.checked_urls)} URLs ${formatRelativeTime(seo.checked_at)}: título presente, único y de hasta 60 caracteres; meta descripción de 50 a 160; un solo h1; enlace canonical; imágenes con alt; JSON-LD válido.`
            : "Todavía no se ha revisado el SEO de las páginas."}
        </p>
        {seo.capped && (
          <p data-testid="sitemap-seo-capped" className="mt-2 text-sm text-ink-700">
            {`Se revisaron las primeras ${number.format(seo.checked_urls)} de ${number.format(seo.listed_urls)} URLs del sitemap (límite por revisión).`}
          </p>
        )}
        {seo.ignored_urls > 0 && (
          <p className="mt-2 text-sm text-ink-700">
            {seo.ignored_urls === 1
              ? "1 URL del sitemap no pertenece a este sitio y no se revisó."
              : `${number.format(seo.ignored_urls)} URLs del sitemap no pertenecen a este sitio y no se revisaron.`}
          </p>
        )}
        {seo.error && <p className="mt-2 text-sm font-medium text-amber-900">{seo.error}</p>}
        {!status.public_exists && (
          <div className="mt-4">
            <StatusAlert message="El sitemap público no responde." />
          </div>
        )}
        {seo.issues.length === 0 ? (
          <p className="mt-4 text-sm font-medium text-emerald-800">No se encontraron problemas.</p>
        ) : (
          <ul data-testid="sitemap-issues" className="mt-4 divide-y divide-ink-100 rounded-xl border border-ink-200">
            {seo.issues.map((issue, index) => (
              <li key={`${issue.url}-${issue.check}-${index}`} className="flex flex-col gap-1 px-4 py-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone="warning">{SEO_CHECK_LABELS[issue.check] ?? issue.check}</Badge>
                  <a href={issue.url} target="_blank" rel="noopener noreferrer" className="font-medium break-all text-brand-700 underline hover:text-brand-900">
                    {sitemapPath(issue.url)}
                    <span className="sr-only"> (se abre en una pestaña nueva)</span>
                  </a>
                </div>
                <p className="text-ink-700">{issue.message}</p>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}

function SettingsTab({ status }: { status: SitemapStatus }) {
  const origin = status.public_url.replace(/\/sitemap\.xml$/, "");
  const routes = [
    ...STATIC_ROUTES.map((route) => ({ path: route.path, priority: route.priority, changefreq: route.changefreq })),
    { path: `${DETAIL_ROUTES.product.prefix}{slug}`, priority: DETAIL_ROUTES.product.priority, changefreq: DETAIL_ROUTES.product.changefreq },
    { path: `${DETAIL_ROUTES.service.prefix}{slug}`, priority: DETAIL_ROUTES.service.priority, changefreq: DETAIL_ROUTES.service.changefreq },
  ];
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Panel title="Automatización">
        <p className="text-sm text-ink-700">Sugerencia: generar el sitemap cada 6 horas con una tarea programada (cron).</p>
        <div className="mt-3 overflow-hidden rounded-lg bg-ink-900">
          <ScrollArea label="Tarea cron sugerida">
            <pre className="p-3 text-xs text-white">
              <code>{`0 */6 * * * curl -fsS -X POST \\\n  -H "Authorization: Bearer <token>" \\\n  ${origin}/api/v1/admin/sitemap/generate`}</code>
            </pre>
          </ScrollArea>
        </div>
      </Panel>
      <Panel title="Scripts">
        <ul className="space-y-3 text-sm">
          <li>
            <code className="font-semibold text-ink-900">POST /api/v1/admin/sitemap/generate</code>
            <p className="text-ink-600">Genera el sitemap y guarda una copia; la anterior queda como respaldo.</p>
          </li>
          <li>
            <code className="font-semibold text-ink-900">GET /api/v1/admin/sitemap/status</code>
            <p className="text-ink-600">Estado, tiempo de respuesta, puntuación SEO y disponibilidad medidos.</p>
          </li>
          <li>
            <code className="font-semibold text-ink-900">POST /api/v1/admin/sitemap/refresh</code>
            <p className="text-ink-600">El mismo estado con una nueva revisión SEO de todas las páginas (lo que hace «Actualizar»).</p>
          </li>
          <li>
            <code className="font-semibold text-ink-900">GET /sitemap.xml</code>
            <p className="text-ink-600">El archivo público, construido desde el contenido publicado.</p>
          </li>
        </ul>
      </Panel>
      <Panel title="Prioridades y frecuencias de cambio" className="lg:col-span-2">
        <ScrollArea label="Tabla de prioridades y frecuencias">
          <table className="w-full text-left text-sm">
            <thead className="text-ink-600">
              <tr>
                <th scope="col" className="py-2 pr-4 font-semibold">Ruta</th>
                <th scope="col" className="py-2 pr-4 font-semibold">Prioridad</th>
                <th scope="col" className="py-2 font-semibold">Frecuencia</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-100">
              {routes.map((route) => (
                <tr key={route.path}>
                  <td className="py-2 pr-4 font-mono text-xs break-all text-ink-900">{route.path}</td>
                  <td className="py-2 pr-4">{route.priority.toFixed(1)}</td>
                  <td className="py-2">{FREQUENCY_LABELS[route.changefreq]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      </Panel>
      <Panel title="Mejoras planificadas" className="lg:col-span-2">
        <ul className="list-disc space-y-1.5 pl-5 text-sm text-ink-700">
          {PLANNED_IMPROVEMENTS.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </Panel>
    </div>
  );
}

type StatusBody = { data?: SitemapStatus; message?: string };

/** The "Mantenimiento Sitemap" panel. */
export function SitemapScreen() {
  const [status, setStatus] = useState<SitemapStatus | null>(null);
  const [loading, setLoading] = useState(true);
  const [generating, setGenerating] = useState(false);
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

  return (
    <div aria-busy={busy}>
      <AreaPageHeader
        title="Mantenimiento Sitemap"
        description="Estado, generación y salud del sitemap público, con cifras medidas en el servidor."
        actions={
          <>
            <Button
              variant="outline"
              onClick={() => {
                setLoading(true);
                void load(true).finally(() => setLoading(false));
              }}
              disabled={busy}
            >
              Actualizar
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

        {status && (
          <>
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              <SummaryCard
                testId="sitemap-card-state"
                label="Estado general"
                value={<Badge tone={HEALTH_TONES[status.health]} className="px-3 py-1 text-base">{HEALTH_LABELS[status.health]}</Badge>}
                detail={`Calificación ${status.grade}`}
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
                    ? "Sin revisión"
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
