import { parseRecordId } from "@/lib/ids";

/** The numeric `{id}` of a dynamic route segment; anything else names nothing (404 with `missing`). */
export async function routeId(context: { params: Promise<{ id: string }> }, missing: string): Promise<number> {
  return parseRecordId((await context.params).id, missing);
}
