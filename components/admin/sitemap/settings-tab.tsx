import { DETAIL_ROUTES, STATIC_ROUTES, type ChangeFrequency } from "@/lib/sitemap/routes";
import type { SitemapStatus } from "@/lib/sitemap/status";
import { Panel, ScrollArea } from "./panel-parts";

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

/** "Configuración": how to automate the generation, the endpoints, and each route's priority and frequency. */
export function SettingsTab({ status }: { status: SitemapStatus }) {
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
            <p className="text-ink-600">Las últimas cifras medidas: estado, tiempo de respuesta, puntuación SEO y disponibilidad. Si tienen más de un minuto, inicia una nueva medición en segundo plano.</p>
          </li>
          <li>
            <code className="font-semibold text-ink-900">POST /api/v1/admin/sitemap/refresh</code>
            <p className="text-ink-600">Inicia una medición con una nueva revisión SEO de todas las páginas y responde al instante (202); el estado dice cuándo terminó (lo que hace «Actualizar»).</p>
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
