// `npm run bench` reference pages: parameters only when the build asks for them, filler of the
// requested size, and kept out of robots' allowed paths.
import { describe, expect, it } from "vitest";
import robots from "@/app/robots";
import { BENCH_REFERENCE_SIZES_KB, benchReferenceParams, fillerParagraphs } from "@/lib/bench/reference-pages";

describe("bench reference pages", () => {
  it("have no parameters unless BENCH_REFERENCE_PAGES=1 (a normal build serves none of them)", () => {
    expect(benchReferenceParams({})).toEqual([]);
    expect(benchReferenceParams({ BENCH_REFERENCE_PAGES: "0" })).toEqual([]);
    expect(benchReferenceParams({ BENCH_REFERENCE_PAGES: "true" })).toEqual([]);
    const params = benchReferenceParams({ BENCH_REFERENCE_PAGES: "1" });
    expect(params.map((param) => Number(param.kb))).toEqual([...BENCH_REFERENCE_SIZES_KB]);
    // Every 5 kB from 5 to 250, as pages of up to 250 kB are compared with their nearest size.
    for (let kb = 5; kb <= 250; kb += 5) expect(params).toContainEqual({ kb: String(kb) });
  });

  it("fills about the requested number of bytes, the same way every build", () => {
    for (const bytes of [1_000, 50_000, 500_000]) {
      const text = fillerParagraphs(bytes).map((paragraph) => `<p>${paragraph}</p>`).join("");
      expect(Buffer.byteLength(text)).toBeGreaterThanOrEqual(bytes);
      expect(Buffer.byteLength(text)).toBeLessThan(bytes * 1.2 + 300);
    }
    expect(fillerParagraphs(20_000)).toEqual(fillerParagraphs(20_000));
  });

  it("are disallowed in robots.txt", () => {
    const rules = robots().rules;
    const disallowed = (Array.isArray(rules) ? rules : [rules]).flatMap((rule) => rule.disallow ?? []);
    expect(disallowed).toContain("/bench-reference");
  });
});
