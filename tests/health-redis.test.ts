// /api/health with the shared Next cache on Redis (REDIS_URL): a redis-server of the test's own,
// running and then stopped.
import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { killRedisServer, redisServerInstalled, startRedisServer } from "../scripts/lib/redis-server";
import { skipWithout } from "./helpers/requirements";

const hasRedis = !skipWithout(redisServerInstalled(), "redis-server", "instálalo con `apt-get install redis-server`.");

async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

let redis: ChildProcess | null = null;
let port = 0;
const savedUrl = process.env.REDIS_URL;

beforeAll(async () => {
  if (!hasRedis) return;
  port = await freePort();
  redis = await startRedisServer(port);
});

afterEach(() => {
  if (savedUrl === undefined) delete process.env.REDIS_URL;
  else process.env.REDIS_URL = savedUrl;
});

afterAll(() => killRedisServer(redis));

describe.skipIf(!hasRedis)("/api/health with Redis", () => {
  it("says nothing about Redis when REDIS_URL is unset", async () => {
    delete process.env.REDIS_URL;
    const response = await health();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("reports Redis ok while it answers, then degraded (still 200, within about a second) once it is stopped", async () => {
    process.env.REDIS_URL = `redis://127.0.0.1:${port}`;
    const up = await health();
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({ status: "ok", database: "ok", redis: "ok" });

    await killRedisServer(redis);
    const started = Date.now();
    const down = await health();
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(down.status).toBe(200);
    expect(await down.json()).toEqual({ status: "degraded", database: "ok", redis: "unreachable" });
  });
});
