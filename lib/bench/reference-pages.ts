// Reference pages of `npm run bench`: Next serving a pre-rendered page of a
// given size is the comparison point for every public page. They exist only in a build made with
// BENCH_REFERENCE_PAGES=1; in any other build the route has no parameters and every URL is a 404.

/**
 * Sizes in kB of HTML as served: every 5 kB up to 250 (a page of up to 250 kB is within
 * about 2.5 kB of its reference, as throughput falls with size), then coarser steps for heavy pages
 * (with the bench's 1,000 catalogue items the unpaged lists weigh megabytes). The smallest ones
 * are floored by the page shell (about 26 kB: head, scripts, the root layout).
 */
export const BENCH_REFERENCE_SIZES_KB: readonly number[] = [
  ...Array.from({ length: 50 }, (_, index) => 5 * (index + 1)),
  ...Array.from({ length: 15 }, (_, index) => 300 + 50 * index),
  1250,
  1500,
  2000,
  2500,
  3000,
  3500,
  4000,
];

export function benchReferencePagesEnabled(env: Record<string, string | undefined> = process.env): boolean {
  return env.BENCH_REFERENCE_PAGES === "1";
}

export function benchReferenceParams(env: Record<string, string | undefined> = process.env): { kb: string }[] {
  return benchReferencePagesEnabled(env) ? BENCH_REFERENCE_SIZES_KB.map((kb) => ({ kb: String(kb) })) : [];
}

const WORDS =
  "consultoría sistemas gestión pymes facturación electrónica inventario ventas clientes procesos reportes integración soporte implementación capacitación datos nube seguridad automatización".split(
    " ",
  );

/**
 * Filler paragraphs whose text adds up to about `bytes` characters (ASCII-safe accents count as
 * two bytes; close enough). Deterministic, so every build serves the same page.
 */
export function fillerParagraphs(bytes: number): string[] {
  const paragraphs: string[] = [];
  let total = 0;
  let index = 0;
  while (total < bytes) {
    const words: string[] = [];
    for (let count = 0; count < 28; count += 1) words.push(WORDS[(index * 7 + count * 3) % WORDS.length]);
    const text = `${index + 1}. ${words.join(" ")}.`;
    paragraphs.push(text);
    total += text.length + 7; // "<p>" + "</p>"
    index += 1;
  }
  return paragraphs;
}
