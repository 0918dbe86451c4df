import type { Metadata, Viewport } from "next";
import localFont from "next/font/local";
import type { ReactNode } from "react";
import { SITE_NAME, TITLE_TEMPLATE } from "@/lib/seo";
import "./globals.css";

// The site's two documents share this: every page (app/layout.tsx) and the 404 of an unknown URL
// (app/global-not-found.tsx, which Next renders without the root layout).

// Inter (variable weight), cut to its Latin characters (á é í ó ú ñ ¿ ¡ …), the weights the pages
// use and the features browsers apply (scripts/lib/font-subset.ts, `npm run fonts`): 33 kB instead
// of 48 kB, preloaded by every page. No request to any font CDN at build or run time.
const inter = localFont({
  src: "./fonts/inter-latin-wght-400-800.woff2",
  variable: "--font-inter",
  weight: "400 800",
  style: "normal",
  // app/globals.css declares the fallback face: next/font's own names only local(Arial).
  adjustFontFallback: false,
  fallback: ["Inter Fallback"],
  // "optional": text never waits for (or re-paints with) the web font on a slow first visit;
  // the preloaded font is used from then on. Preloaded on purpose: without it a first visit
  // drew the fallback font, wider than Inter, and the contact form's sector placeholder no
  // longer fitted at 375 px (Lighthouse mobile LCP was 0.2 s better without it).
  display: "optional",
});

export const siteMetadata: Metadata = {
  title: {
    default: SITE_NAME,
    template: TITLE_TEMPLATE,
  },
  description:
    "Consultoría TI para pymes del Perú: software de gestión, automatización de procesos, desarrollo a medida, inteligencia de negocios y soporte continuo.",
  applicationName: "Lumen Consultoría TI",
  openGraph: {
    type: "website",
    locale: "es_PE",
    siteName: "Lumen Consultoría TI",
  },
  formatDetection: { telephone: false },
};

export const siteViewport: Viewport = {
  themeColor: "#1f37cb",
  width: "device-width",
  initialScale: 1,
};

/** `<html>` and `<body>` of every document of the site. */
export function SiteDocument({ children }: { children: ReactNode }) {
  return (
    <html lang="es" className={inter.variable}>
      <body className="min-h-dvh">{children}</body>
    </html>
  );
}
