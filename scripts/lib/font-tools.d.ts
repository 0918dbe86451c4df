// The font tools ship no types of their own (DefinitelyTyped's subset-font predates keepFeatures).

declare module "subset-font" {
  type SubsetFontOptions = {
    targetFormat?: "sfnt" | "woff" | "woff2" | "truetype";
    /** OpenType feature tags to keep (with the glyphs they reach); every feature when absent. */
    keepFeatures?: string[];
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
  };
  export default function subsetFont(font: Buffer, text: string, options?: SubsetFontOptions): Promise<Buffer>;
}

declare module "fontverter" {
  export function convert(font: Buffer, toFormat: "truetype" | "woff" | "woff2" | "sfnt"): Promise<Buffer>;
}
