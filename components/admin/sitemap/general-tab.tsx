import { formatFileSize } from "@/lib/sitemap/health";
import type { SitemapStatus } from "@/lib/sitemap/status";
import { Facts, number, Panel, TimeAgo, yesNo } from "./panel-parts";

/** "General": the file's state, its public addresses and how it is made. */
export function GeneralTab({ status }: { status: SitemapStatus }) {
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
