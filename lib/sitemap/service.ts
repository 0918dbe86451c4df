import "server-only";
import type { AdminActor } from "@/lib/auth/actor";
import { recordAudit } from "@/lib/audit/service";
import { db } from "@/lib/db";
import { revalidateSitemap } from "@/lib/cache";
import { buildSitemapEntries } from "./queries";
import { readSitemapFigures } from "./summary";
import { renderSitemapXml } from "./xml";

// The only write of the sitemap panel: "Generar" and POST /api/v1/admin/sitemap/generate
// both call generateSitemap. It builds the XML from the current content, stores it as a new
// snapshot (the previous one stays as the backup), audits it in the same transaction, then
// expires the cached /sitemap.xml so the next request serves it.

export const SITEMAP_MESSAGES = {
  failed: "Error generando sitemap",
} as const;

export type GeneratedSitemap = {
  message: string;
  snapshot: { id: number; urls_count: number; static_count: number; dynamic_count: number; size_bytes: number; created_at: string };
};

const urlsText = (count: number) => (count === 1 ? "1 URL" : `${count} URLs`);

export async function generateSitemap(actor: AdminActor): Promise<GeneratedSitemap> {
  const xml = renderSitemapXml(await buildSitemapEntries());
  const figures = readSitemapFigures(xml);
  const sizeBytes = Buffer.byteLength(xml, "utf8");
  const snapshot = await db.$transaction(async (tx) => {
    const row = await tx.sitemapSnapshot.create({
      data: {
        xml,
        urlsCount: figures.urls_count,
        staticCount: figures.static_count,
        dynamicCount: figures.dynamic_count,
        sizeBytes,
        generatedById: actor.id,
      },
    });
    const after = {
      urls_count: row.urlsCount,
      static_count: row.staticCount,
      dynamic_count: row.dynamicCount,
      size_bytes: row.sizeBytes,
    };
    await recordAudit(tx, actor, { action: "sitemap.generate", entityType: "sitemap", entityId: row.id, after });
    return { id: row.id, ...after, created_at: row.createdAt.toISOString() };
  });
  revalidateSitemap();
  return { message: `Sitemap generado correctamente con ${urlsText(snapshot.urls_count)}.`, snapshot };
}
