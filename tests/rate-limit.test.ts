// The PostgreSQL fixed-window rate limiter: windows, keys and concurrency, against the real test
// database.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { hitRateLimit, pruneExpiredRateLimitBuckets, releaseRateLimit } from "@/lib/rate-limit";

const uniqueKey = (label: string) => `test:${label}:${randomUUID()}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("hitRateLimit", () => {
  it("allows up to the limit, then refuses with the seconds left in the window", async () => {
    const key = uniqueKey("limit");
    const rule = { limit: 3, windowSeconds: 600 };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(key, rule));

    expect(results.slice(0, 3).map((result) => result.allowed)).toEqual([true, true, true]);
    expect(results.slice(0, 3).every((result) => result.retryAfterSeconds === 0)).toBe(true);
    expect(results[3].allowed).toBe(false);
    expect(results[3].retryAfterSeconds).toBeGreaterThan(0);
    expect(results[3].retryAfterSeconds).toBeLessThanOrEqual(rule.windowSeconds);
  });

  it("starts a new window once the old one has expired", async () => {
    const key = uniqueKey("reset");
    const rule = { limit: 1, windowSeconds: 1 };
    expect((await hitRateLimit(key, rule)).allowed).toBe(true);
    const refused = await hitRateLimit(key, rule);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBe(1);

    await sleep(1_100);
    const afterReset = await hitRateLimit(key, rule);
    expect(afterReset).toEqual({ allowed: true, hits: 1, retryAfterSeconds: 0 });
    expect((await hitRateLimit(key, rule)).allowed).toBe(false);
  });

  it("keeps separate counters per key", async () => {
    const first = uniqueKey("a");
    const second = uniqueKey("b");
    const rule = { limit: 2, windowSeconds: 600 };
    await hitRateLimit(first, rule);
    await hitRateLimit(first, rule);
    expect((await hitRateLimit(first, rule)).allowed).toBe(false);

    const other = await hitRateLimit(second, rule);
    expect(other.allowed).toBe(true);
    expect(other.hits).toBe(1);
  });

  it("counts concurrent hits exactly: 20 at once with a limit of 5 lets exactly 5 through", async () => {
    const key = uniqueKey("concurrent");
    const rule = { limit: 5, windowSeconds: 600 };
    const results = await Promise.all(Array.from({ length: 20 }, () => hitRateLimit(key, rule)));

    expect(results.filter((result) => result.allowed)).toHaveLength(5);
    expect(results.map((result) => result.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const bucket = await db.rateLimitBucket.findUniqueOrThrow({ where: { key } });
    expect(bucket.hits).toBe(20);
  });

  it("accepts keys longer than the column by hashing them, still one counter per key", async () => {
    const key = uniqueKey("long") + "x".repeat(400);
    const rule = { limit: 1, windowSeconds: 600 };
    expect((await hitRateLimit(key, rule)).allowed).toBe(true);
    expect((await hitRateLimit(key, rule)).allowed).toBe(false);
    expect((await hitRateLimit(`${key}y`, rule)).allowed).toBe(true);
  });

  it("prunes buckets whose window ended long ago, and only those", async () => {
    const stale = uniqueKey("stale");
    const fresh = uniqueKey("fresh");
    await db.rateLimitBucket.create({ data: { key: stale, hits: 3, resetAt: new Date(Date.now() - 2 * 3600_000) } });
    await hitRateLimit(fresh, { limit: 1, windowSeconds: 600 });

    await pruneExpiredRateLimitBuckets();
    expect(await db.rateLimitBucket.findUnique({ where: { key: stale } })).toBeNull();
    expect(await db.rateLimitBucket.findUnique({ where: { key: fresh } })).not.toBeNull();
  });

  it("refuses a rule that makes no sense", async () => {
    await expect(hitRateLimit(uniqueKey("bad"), { limit: 0, windowSeconds: 10 })).rejects.toThrow();
    await expect(hitRateLimit(uniqueKey("bad"), { limit: 1, windowSeconds: 0 })).rejects.toThrow();
  });
});

describe("releaseRateLimit", () => {
  it("takes back one hit of each key in its window, never below zero, so a released attempt frees its slot", async () => {
    const [first, second] = [uniqueKey("release-a"), uniqueKey("release-b")];
    const rule = { limit: 2, windowSeconds: 600 };
    await hitRateLimit(first, rule);
    await hitRateLimit(first, rule);
    await hitRateLimit(second, rule);

    await releaseRateLimit([first, second]);
    await releaseRateLimit([second]);
    expect((await db.rateLimitBucket.findUniqueOrThrow({ where: { key: first } })).hits).toBe(1);
    expect((await db.rateLimitBucket.findUniqueOrThrow({ where: { key: second } })).hits).toBe(0);
    expect((await hitRateLimit(first, rule)).allowed).toBe(true);
    expect((await hitRateLimit(first, rule)).allowed).toBe(false);
  });
});
