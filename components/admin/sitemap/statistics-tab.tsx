import { formatFileSize } from "@/lib/sitemap/health";
import type { SitemapStatus } from "@/lib/sitemap/status";
import { Facts, number, Panel, ScrollArea } from "./panel-parts";

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

/** "Estadísticas": what the sitemap lists, its measured performance and the last 7 days. */
export function StatisticsTab({ status }: { status: SitemapStatus }) {
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
