import { db } from "@/lib/db";

export const dynamic = "force-dynamic";

const DATABASE_TIMEOUT_MS = 3_000;

/** For load balancers: 200 when the database answers, 503 when it does not. */
export async function GET() {
  const headers = { "Cache-Control": "no-store" };
  try {
    await Promise.race([
      db.$queryRaw`SELECT 1`,
      new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), DATABASE_TIMEOUT_MS)),
    ]);
    return Response.json({ status: "ok", database: "ok" }, { headers });
  } catch {
    return Response.json({ status: "error", database: "unreachable" }, { status: 503, headers });
  }
}
