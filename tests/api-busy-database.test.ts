// When every database connection stays busy longer than a transaction may wait, the API answers
// 503 with Retry-After (nothing was written, trying again is safe), not a 500.
import { PrismaPg } from "@prisma/adapter-pg";
import { describe, expect, it } from "vitest";
import { apiRoute } from "@/lib/http/route";
import { PrismaClient } from "@/lib/generated/prisma/client";

describe("an overloaded database", () => {
  it("answers 503 with Retry-After when a transaction cannot start in time", async () => {
    // One connection, held by a transaction that waits until the test lets it go.
    const client = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL!, max: 1 }) });
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const isHolding = new Promise<void>((resolve) => (started = resolve));
    const held = client.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT 1`;
        started();
        await holding;
      },
      { timeout: 20_000 },
    );
    try {
      await isHolding;
      const route = apiRoute(async () => {
        await client.$transaction((tx) => tx.$queryRaw`SELECT 1`, { maxWait: 200 });
        return Response.json({ ok: true });
      });
      const response = await route(new Request("http://localhost/api/v1/prueba", { method: "POST" }), { params: Promise.resolve({}) });
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      expect(await response.json()).toEqual({ message: "El servidor está ocupado. Inténtalo de nuevo en unos segundos." });
    } finally {
      release();
      await held;
      await client.$disconnect();
    }
  });
});
