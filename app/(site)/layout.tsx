import type { ReactNode } from "react";
import { siteFooter, siteHeader } from "@/components/site/chrome";
import { SkipLink } from "@/components/site/skip-link";

/**
 * Shared public layout: header, main content, footer. The organization's JSON-LD is on
 * the home page and /nosotros, where search engines look for it, not repeated on every page.
 */
export default function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      {siteHeader}
      <main id="contenido" tabIndex={-1} className="flex-1 [overflow-wrap:anywhere] focus:outline-none">
        {children}
      </main>
      {siteFooter}
    </div>
  );
}
