import { notFound } from "./errors";

/** A route's or action's `{id}`: a positive integer in digits, otherwise it names nothing (404 with `message`). */
export function parseRouteId(raw: unknown, message: string): number {
  const id = routeIdOrNull(raw);
  if (id === null) throw notFound(message);
  return id;
}

/** For pages: the id, or null when `raw` cannot name a record (the page shows its not-found screen). */
export function routeIdOrNull(raw: unknown): number | null {
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
  if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > 2_147_483_647) return null;
  return Number(text);
}
