// The one web font of the site (Inter, variable weight) cut down to what the pages use. The
// source is @fontsource-variable/inter's Latin file (48 kB), preloaded by every page: a mobile
// visitor's first load downloads it before the first paint, so its bytes are on every page's
// critical path. `npm run fonts` writes the subset; tests/font-subset.test.ts checks it is current
// and covers what the source covered.
import path from "node:path";
import { convert } from "fontverter";
import * as hb from "harfbuzzjs";
import subsetFont from "subset-font";

export const INTER_SOURCE = path.join("node_modules", "@fontsource-variable", "inter", "files", "inter-latin-wght-normal.woff2");
/** Committed, imported by app/document.tsx (next/font/local fingerprints and serves it). */
export const INTER_SUBSET = path.join("app", "fonts", "inter-latin-wght-400-800.woff2");

/** The weights the pages use: font-normal (400) to font-extrabold (800); app/document.tsx declares the same range. */
export const INTER_WEIGHT_RANGE = { min: 400, max: 800 } as const;

/**
 * The OpenType features browsers apply by default (composition, marks, kerning, contextual
 * alternates, ligatures) and tabular figures (`tabular-nums` in the admin's charts). Dropped:
 * stylistic sets, character variants, fractions, small caps, superiors and the like, which no
 * style of the site asks for, with the glyphs only they reach.
 */
export const INTER_FEATURES = ["ccmp", "locl", "mark", "mkmk", "kern", "calt", "liga", "rvrn", "tnum"] as const;

/**
 * What HarfBuzz reads of a font (WOFF2 is unpacked first): its characters, its weight axis, and
 * how it lays out a text at a weight (each glyph's advance and offset, as a browser would place it).
 */
export async function readFont(font: Buffer) {
  const face = new hb.Face(new hb.Blob(new Uint8Array(await convert(font, "truetype")).buffer));
  const layout = (text: string, weight: number) => {
    const shaper = new hb.Font(face);
    shaper.setVariations([hb.Variation.fromString(`wght=${weight}`)!]);
    const buffer = new hb.Buffer();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    hb.shape(shaper, buffer);
    return buffer.getGlyphPositions().map(({ xAdvance, xOffset, yOffset }) => [xAdvance, xOffset, yOffset]);
  };
  return { unicodes: new Set(face.collectUnicodes()), weightAxis: face.getAxisInfos().wght, layout };
}

/** The subset of the source font, with every character it draws (WOFF2 bytes in, WOFF2 bytes out). */
export async function subsetInter(source: Buffer): Promise<Buffer> {
  const { unicodes } = await readFont(source);
  return subsetFont(source, String.fromCodePoint(...unicodes), {
    targetFormat: "woff2",
    keepFeatures: [...INTER_FEATURES],
    variationAxes: { wght: { ...INTER_WEIGHT_RANGE } },
  });
}
