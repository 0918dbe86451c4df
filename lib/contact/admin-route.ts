import "server-only";
import { notFound } from "@/lib/api/errors";
import { parseRecordId } from "./admin-schema";

/** The numeric id of a dynamic route segment; anything else is answered as missing (404). */
export async function routeId(context: { params: Promise<{ id: string }> }, missing: string): Promise<number> {
  const id = parseRecordId((await context.params).id);
  if (id === null) throw notFound(missing);
  return id;
}
