import "server-only";
import { unstable_rethrow } from "next/navigation";

export type Loaded<T> = { ok: true; data: T } | { ok: false };

/** Runs one section's query; a failure is logged and only affects that section. */
export async function loadSection<T>(section: string, query: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { ok: true, data: await query() };
  } catch (error) {
    unstable_rethrow(error);
    console.error(`[contenido] No se pudo cargar la sección ${section}`, error);
    return { ok: false };
  }
}

/** One value of a search parameter: undefined when absent, null when repeated (never valid). */
export function singleParam(value: string | string[] | undefined): string | undefined | null {
  if (Array.isArray(value)) return null;
  return value;
}
