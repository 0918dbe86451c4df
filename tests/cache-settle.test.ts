import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RENDER_SETTLE_MS } from "@/lib/render-settle";

// What a write does to Next's cache: its tag is expired at once, and again RENDER_SETTLE_MS later,
// after the answer (from an after() callback), so that a page rendered from the data as it was
// before the write, and stored after it, is thrown away. Next's own functions are recorded here:
// the races themselves need a running server (e2e/catalog-publishing.spec.ts checks the result).

const calls: { tag: string; profile: unknown; at: number }[] = [];
const afterCallbacks: (() => Promise<void>)[] = [];

vi.mock("next/cache", () => ({
  revalidateTag: (tag: string, profile: unknown) => calls.push({ tag, profile, at: Date.now() }),
  unstable_cache: (query: unknown) => query,
}));
vi.mock("next/server", () => ({
  after: (callback: () => Promise<void>) => afterCallbacks.push(callback),
}));

const { revalidateCatalog, revalidateSiteSettings } = await import("@/lib/cache");

describe("a write's cache expiry", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    calls.length = 0;
    afterCallbacks.length = 0;
    vi.stubEnv("NEXT_RUNTIME", "nodejs");
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
  });

  it("expires the tag at once, and again once renders that began before the write are over", async () => {
    const start = Date.now();
    revalidateCatalog();
    expect(calls).toEqual([{ tag: "catalog", profile: { expire: 0 }, at: start }]);
    expect(afterCallbacks).toHaveLength(1);

    const settled = afterCallbacks[0]();
    await vi.advanceTimersByTimeAsync(RENDER_SETTLE_MS - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
    expect(calls).toEqual([
      { tag: "catalog", profile: { expire: 0 }, at: start },
      { tag: "catalog", profile: { expire: 0 }, at: start + RENDER_SETTLE_MS },
    ]);
  });

  it("settles each tag a write touched", async () => {
    revalidateCatalog();
    revalidateSiteSettings();
    const settled = Promise.all(afterCallbacks.map((callback) => callback()));
    await vi.advanceTimersByTimeAsync(RENDER_SETTLE_MS);
    await settled;
    expect(calls.map((call) => call.tag)).toEqual(["catalog", "site-settings", "catalog", "site-settings"]);
  });

  it("does nothing outside Next's server (scripts, tests)", () => {
    vi.stubEnv("NEXT_RUNTIME", "");
    revalidateCatalog();
    expect(calls).toEqual([]);
    expect(afterCallbacks).toEqual([]);
  });
});
