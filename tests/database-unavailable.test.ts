// A database that is down answers 503 with Retry-After and a Spanish message, quickly, on the
// API, the contact form and /api/health; every other database error keeps its own mapping.
// lib/db is replaced by a client on a port where nothing listens (connection refused).
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { POST as contact } from "@/app/api/v1/contact/route";
import { sendContactMessage } from "@/lib/contact/actions";
import { apiRoute } from "@/lib/http/route";
import { db as unreachable } from "@/lib/db";
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "@/lib/db-errors";
import { EMPTY_CONTACT_FORM } from "@/lib/contact/form";
import { skipOnEmbeddedDatabase } from "./helpers/requirements";

vi.mock("@/lib/db", async () => {
  const actual = await vi.importActual<typeof import("@/lib/db")>("@/lib/db");
  // A port that was free a moment ago: nothing listens there, connections are refused.
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
  return { ...actual, db: actual.createPrismaClient(`postgresql://postgres@127.0.0.1:${port}/nada`) };
});

vi.mock("next/headers", () => ({ headers: async () => new Headers({ "user-agent": "Prueba/1.0" }) }));

const { createPrismaClient } = await vi.importActual<typeof import("@/lib/db")>("@/lib/db");
const reachable = createPrismaClient(process.env.DATABASE_URL);

beforeAll(async () => {
  // The first query loads Prisma's query compiler: not part of the time a request may take.
  await unreachable.$queryRaw`SELECT 1`.catch(() => undefined);
});

afterAll(async () => {
  await reachable.$disconnect();
  await unreachable.$disconnect();
});

const context = { params: Promise.resolve({}) };
const contactBody = { name: "Ana Torres", email: "ana@empresa.pe", message: "¿Pueden ayudarnos con nuestro ERP?" };

async function caught(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error("no error was thrown");
}

describe("a database that refuses connections", () => {
  it("answers POST /api/v1/contact with 503, Retry-After and the Spanish message, in well under 5 s", async () => {
    const started = Date.now();
    const response = await contact(
      new Request("http://localhost/api/v1/contact", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(contactBody) }),
      context,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await response.json()).toEqual({ success: false, message: DATABASE_UNAVAILABLE_MESSAGE });
  });

  it("answers any API route with 503 and Retry-After, not 500", async () => {
    const route = apiRoute(async () => Response.json({ data: await unreachable.contactMessage.count() }));
    const response = await route(new Request("http://localhost/api/v1/prueba"), context);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("30");
    expect(await response.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
  });

  it("gives the contact form the Spanish message and keeps what the visitor typed", async () => {
    const form = new FormData();
    for (const [field, value] of Object.entries({ ...EMPTY_CONTACT_FORM, ...contactBody })) form.set(field, value);
    form.set("privacy_accepted", "on");
    const state = await sendContactMessage({ status: "idle" }, form);
    expect(state).toMatchObject({ status: "error", message: DATABASE_UNAVAILABLE_MESSAGE, values: { email: "ana@empresa.pe" } });
  });

  it("makes /api/health answer 503 within its bound", async () => {
    const started = Date.now();
    const response = await health();
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "error", database: "unreachable" });
    expect(response.headers.get("cache-control")).toContain("no-store");
  });

  it("is recognised from a raw query as well as from a model query", async () => {
    expect(isDatabaseUnavailable(await caught(() => unreachable.$queryRaw`SELECT 1`))).toBe(true);
    expect(isDatabaseUnavailable(await caught(() => unreachable.$transaction((tx) => tx.$queryRaw`SELECT 1`)))).toBe(true);
  });
});

describe("a database that goes away or is swamped", () => {
  // The embedded PGlite has one session and no other backend to terminate.
  it.skipIf(skipOnEmbeddedDatabase())("recognises a session terminated by the server (57P01, as in a shutdown)", async () => {
    const client = createPrismaClient(process.env.DATABASE_URL);
    try {
      const [{ pid }] = await client.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
      const sleeping = caught(() => client.$queryRaw`SELECT pg_sleep(10), pg_backend_pid() = ${pid}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await reachable.$queryRaw`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep(10)%'`;
      expect(isDatabaseUnavailable(await sleeping)).toBe(true);
      // The pool drops the dead connection and the next query works.
      expect(await client.$queryRaw`SELECT 1 AS one`).toEqual([{ one: 1 }]);
    } finally {
      await client.$disconnect();
    }
  });

  it("gives up waiting for a pooled connection after DATABASE_CONNECT_TIMEOUT_MS", async () => {
    process.env.DATABASE_POOL_SIZE = "1";
    process.env.DATABASE_CONNECT_TIMEOUT_MS = "300";
    const client = createPrismaClient(process.env.DATABASE_URL);
    delete process.env.DATABASE_POOL_SIZE;
    delete process.env.DATABASE_CONNECT_TIMEOUT_MS;
    try {
      await client.$queryRaw`SELECT 1`; // connected, and the query compiler warmed up
      let held!: () => void;
      const isHeld = new Promise<void>((resolve) => (held = resolve));
      const holding = client.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT 1`;
        held();
        await tx.$queryRaw`SELECT 1 FROM pg_sleep(2)`;
      });
      await isHeld;
      const started = Date.now();
      const error = await caught(() => client.$queryRaw`SELECT 1`);
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(isDatabaseUnavailable(error)).toBe(true);
      await holding;
    } finally {
      await client.$disconnect();
    }
  });

  it("leaves every other error alone", async () => {
    expect(isDatabaseUnavailable(await caught(() => reachable.$queryRawUnsafe("SELEC 1")))).toBe(false);
    expect(isDatabaseUnavailable(await caught(() => reachable.contactMessage.findUniqueOrThrow({ where: { id: -1 } })))).toBe(false);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable({ code: "P2002", message: "Unique constraint failed" })).toBe(false);
  });
});
