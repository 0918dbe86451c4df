import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { getFallbackMetricsFromFontFile } from "next/dist/compiled/@next/font/dist/local/get-fallback-metrics-from-font-file";
import { describe, expect, it } from "vitest";
import { INTER_SOURCE, INTER_SUBSET, INTER_WEIGHT_RANGE, readFont, subsetInter } from "@/scripts/lib/font-subset";

const root = path.resolve(import.meta.dirname, "..");
// The font reader next/font's loader uses (next/dist/compiled/@next/font/dist/local/loader.js).
const fontkit = createRequire(import.meta.url)("next/dist/compiled/@next/font/dist/fontkit").default;
const fontFromBuffer: (font: Buffer) => Parameters<typeof getFallbackMetricsFromFontFile>[0] = fontkit.default ?? fontkit;
const read = (file: string) => readFileSync(path.join(root, file));

describe("the site's font subset", () => {
  it("is what `npm run fonts` writes from @fontsource-variable/inter", async () => {
    const source = read(INTER_SOURCE);
    const committed = read(INTER_SUBSET);
    expect(Buffer.compare(committed, await subsetInter(source)), "run `npm run fonts`").toBe(0);
  });

  it("draws every character the source font drew (Spanish and the rest of its Latin range)", async () => {
    const source = await readFont(read(INTER_SOURCE));
    const subset = await readFont(read(INTER_SUBSET));
    const missing = [...source.unicodes].filter((codePoint) => !subset.unicodes.has(codePoint));
    expect(missing.map((codePoint) => `U+${codePoint.toString(16).toUpperCase()}`)).toEqual([]);
    for (const character of "áéíóúÁÉÍÓÚñÑüÜ¿¡«»–—“”‘’…€ºª·°") expect(subset.unicodes.has(character.codePointAt(0)!), character).toBe(true);
  });

  it("lays out text as the source font does at every weight the pages use (kerning, accents, figures)", async () => {
    const source = await readFont(read(INTER_SOURCE));
    const subset = await readFont(read(INTER_SUBSET));
    const sample = "¿Cotizamos? AVATAR, Tú y Él: «Transformación digital» — 1.234,56 € · Ñandú T-Var 100% PYME’s";
    for (let weight = INTER_WEIGHT_RANGE.min; weight <= INTER_WEIGHT_RANGE.max; weight += 50) {
      const expected = source.layout(sample, weight);
      const actual = subset.layout(sample, weight);
      expect(actual.length, `wght ${weight}`).toBe(expected.length);
      // Re-instancing the weight axis rounds some advances by one font unit (1/2048 em, 0.008 px at 16 px).
      const drift = Math.max(...actual.flatMap((glyph, index) => glyph.map((value, axis) => Math.abs(value - expected[index][axis]))));
      expect(drift, `wght ${weight}`).toBeLessThanOrEqual(1);
    }
  });

  it("varies over every weight the pages use, and app/document.tsx declares that range", async () => {
    const { weightAxis } = await readFont(read(INTER_SUBSET));
    expect({ min: weightAxis.min, max: weightAxis.max }).toEqual(INTER_WEIGHT_RANGE);
    const documentSource = read("app/document.tsx").toString();
    expect(documentSource).toContain(`weight: "${INTER_WEIGHT_RANGE.min} ${INTER_WEIGHT_RANGE.max}"`);
    expect(documentSource).toContain(INTER_SUBSET.replace(/^app\//, "./"));
    // Tailwind's weight utilities outside the range would be drawn with a clamped weight.
    const tailwindWeights: Record<string, number> = { thin: 100, extralight: 200, light: 300, normal: 400, medium: 500, semibold: 600, bold: 700, extrabold: 800, black: 900 };
    const sources = ["app/globals.css", ...["app", "components"].flatMap((dir) => listSources(dir))];
    for (const file of sources) {
      const text = read(file).toString();
      for (const match of text.matchAll(/\bfont-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)\b/g)) {
        expect(tailwindWeights[match[1]], `${file}: font-${match[1]}`).toBeGreaterThanOrEqual(INTER_WEIGHT_RANGE.min);
        expect(tailwindWeights[match[1]], `${file}: font-${match[1]}`).toBeLessThanOrEqual(INTER_WEIGHT_RANGE.max);
      }
      for (const match of text.matchAll(/font-weight:\s*(\d+)/g)) {
        expect(Number(match[1]), `${file}: font-weight ${match[1]}`).toBeGreaterThanOrEqual(INTER_WEIGHT_RANGE.min);
        expect(Number(match[1]), `${file}: font-weight ${match[1]}`).toBeLessThanOrEqual(INTER_WEIGHT_RANGE.max);
      }
    }
  });
  it("has a fallback face drawn to its metrics with Arial or a font of Arial's metrics, wherever one is installed", () => {
    const css = read("app/globals.css").toString();
    const face = css.match(/@font-face\s*{[^}]*font-family:\s*"Inter Fallback";[^}]*}/)?.[0] ?? "";
    const descriptor = (name: string) => face.match(new RegExp(`${name}:\\s*([^;]+);`))?.[1];
    // The overrides next/font would compute for Arial from the committed font file.
    const expected = getFallbackMetricsFromFontFile(fontFromBuffer(read(INTER_SUBSET)), "sans-serif");
    expect({
      ascent: descriptor("ascent-override"),
      descent: descriptor("descent-override"),
      lineGap: descriptor("line-gap-override"),
      size: descriptor("size-adjust"),
    }).toEqual({ ascent: expected.ascentOverride, descent: expected.descentOverride, lineGap: expected.lineGapOverride, size: expected.sizeAdjust });
    for (const local of ["Arial", "Liberation Sans", "Arimo"]) expect(descriptor("src")).toContain(`local("${local}")`);
    const documentSource = read("app/document.tsx").toString();
    expect(documentSource).toContain('fallback: ["Inter Fallback"]');
    expect(documentSource).toContain("adjustFontFallback: false");
  });
});

function listSources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.(tsx?|css)$/.test(file))
    .map((file) => path.join(dir, file));
}
