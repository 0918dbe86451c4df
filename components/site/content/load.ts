import "server-only";
import { unstable_rethrow } from "next/navigation";
import { isDatabaseUnavailable } from "@/lib/db-errors";

export type Loaded<T> = { ok: true; data: T } | { ok: false };

/**
 * Runs one section's query; a failure is logged and only affects that section. Except an
 * unreachable database: public pages are pre-rendered and regenerated in the background, and a
 * render that throws leaves the last good page in the cache, where a section's error message
 * would have been cached and served to everyone until the next regeneration.
 */
export async function loadSection<T>(section: string, query: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { ok: true, data: await query() };
  } catch (error) {
    unstable_rethrow(error);
    if (isDatabaseUnavailable(error)) throw error;
    console.error(`[contenido] No se pudo cargar la sección ${section}`, error);
    return { ok: false };
  }
}
