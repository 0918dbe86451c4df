// Which cache a server uses (next.config.ts): Redis, shared by every instance, only for a
// production server started with REDIS_URL; the build, development and a lone server keep Next's.
import path from "node:path";
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD, PHASE_PRODUCTION_SERVER } from "next/constants";
import { afterEach, describe, expect, it } from "vitest";
import config from "@/next.config";

const savedUrl = process.env.REDIS_URL;
afterEach(() => {
  if (savedUrl === undefined) delete process.env.REDIS_URL;
  else process.env.REDIS_URL = savedUrl;
});

describe("next.config.ts cache", () => {
  it("puts a production server with REDIS_URL on the shared Redis cache, with no copy in memory", () => {
    process.env.REDIS_URL = "redis://127.0.0.1:6379";
    const server = config(PHASE_PRODUCTION_SERVER);
    expect(server.cacheHandler).toBe(path.resolve("cache-handler.mjs"));
    expect(server.cacheMaxMemorySize).toBe(0);
  });

  it("leaves the build, development and a server without REDIS_URL on Next's own cache", () => {
    process.env.REDIS_URL = "redis://127.0.0.1:6379";
    for (const phase of [PHASE_PRODUCTION_BUILD, PHASE_DEVELOPMENT_SERVER]) {
      expect(config(phase).cacheHandler, phase).toBeUndefined();
      expect(config(phase).cacheMaxMemorySize, phase).toBeUndefined();
    }
    delete process.env.REDIS_URL;
    expect(config(PHASE_PRODUCTION_SERVER).cacheHandler).toBeUndefined();
  });
});
