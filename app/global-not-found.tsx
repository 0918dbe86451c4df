import type { Metadata } from "next";
import { siteFooter, siteHeader } from "@/components/site/chrome";
import { NotFoundContent, notFoundMetadata } from "@/components/site/not-found-content";
import { SkipLink } from "@/components/site/skip-link";
import { TITLE_TEMPLATE } from "@/lib/seo";
import { SiteDocument, siteMetadata, siteViewport } from "./document";

export const metadata: Metadata = { ...siteMetadata, ...notFoundMetadata, title: TITLE_TEMPLATE.replace("%s", "Página no encontrada") };
export const viewport = siteViewport;

/**
 * The Spanish 404 of a URL no route matches, with the public header and footer. Next renders it
 * on its own, without the root layout (hence the document here). Being no layout's boundary, it is
 * not part of every page's payload, as app/not-found.tsx is: there the public header and footer
 * were rendered into every signed-in screen's answer too (2–3% of an admin screen's time).
 */
export default function GlobalNotFound() {
  return (
    <SiteDocument>
      <div className="flex min-h-dvh flex-col">
        <SkipLink />
        {siteHeader}
        <main id="contenido" tabIndex={-1} className="flex flex-1 items-center focus:outline-none">
          <NotFoundContent />
        </main>
        {siteFooter}
      </div>
    </SiteDocument>
  );
}
