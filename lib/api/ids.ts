import { notFound } from "./errors";

/** A route's or action's `{id}`: a positive integer in digits, otherwise it names nothing (404 with `message`). */
export function parseRouteId(raw: unknown, message: string): number {
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
  if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > 2_147_483_647) throw notFound(message);
  return Number(text);
}
