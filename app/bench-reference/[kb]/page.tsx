import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { benchReferenceParams, fillerParagraphs } from "@/lib/bench/reference-pages";

// `npm run bench` reference pages (lib/bench/reference-pages.ts): pre-rendered filler of about
// {kb} kB of HTML as served. Outside the public layout; no parameters at all unless the build
// ran with BENCH_REFERENCE_PAGES=1, and no others at run time: a normal build answers 404.
export const dynamicParams = false;

export function generateStaticParams() {
  return benchReferenceParams();
}

export const metadata: Metadata = { title: "Referencia de rendimiento", robots: { index: false, follow: false } };

// Measured on the build: the page's shell (head, scripts, payload framing) and how much the inline
// RSC payload adds per byte of markup, so the served HTML lands near the nominal size.
// (served = 25.8 kB + 3.48 × filler characters; 10 → 29.7 kB, 2000 → 3,575 kB before this fit).
const SHELL_BYTES = 25_800;
const BYTES_PER_MARKUP_BYTE = 3.48;

export default async function BenchReferencePage({ params }: { params: Promise<{ kb: string }> }) {
  const { kb } = await params;
  const size = Number(kb);
  if (!benchReferenceParams().some((param) => param.kb === kb) || !Number.isInteger(size)) notFound();
  const markup = Math.max(0, (size * 1024 - SHELL_BYTES) / BYTES_PER_MARKUP_BYTE);
  return (
    <main className="mx-auto max-w-3xl p-6">
      <h1 className="text-2xl font-bold">Página de referencia de {size} kB</h1>
      {fillerParagraphs(markup).map((text) => (
        <p key={text} className="mt-2 text-ink-700">
          {text}
        </p>
      ))}
    </main>
  );
}
