import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/lib/format";
import { formatRelativeTime, HEALTH_LABELS } from "@/lib/sitemap/health";
import { SEO_CHECK_LABELS } from "@/lib/sitemap/seo-checks";
import type { SitemapStatus } from "@/lib/sitemap/status";
import { sitemapPath } from "@/lib/sitemap/summary";
import { number, Panel, StatusAlert } from "./panel-parts";

/** "Salud": availability over 30 days, the active problems (the SEO audit's failures) and the grade. */
export function HealthTab({ status }: { status: SitemapStatus }) {
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
            {status.grade ?? "—"}
          </p>
          <p className="mt-1 text-sm text-ink-600">{status.health ? HEALTH_LABELS[status.health] : "Sin medir"}</p>
        </Panel>
      </div>
      <Panel title="Lista de problemas">
        <p className="text-sm text-ink-600">
          {seo.checked_at
            ? `Revisión SEO de ${number.format(seo.checked_urls)} URLs ${formatRelativeTime(seo.checked_at)}: título presente, único y de hasta 60 caracteres; meta descripción de 50 a 160; un solo h1; enlace canonical; imágenes con alt; JSON-LD válido.`
            : status.refreshing
              ? "Todavía no se ha revisado el SEO de las páginas: la revisión está en curso."
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
