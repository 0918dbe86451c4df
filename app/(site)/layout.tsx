import type { ReactNode } from "react";
import { JsonLd } from "@/components/seo/json-ld";
import { SiteFooter } from "@/components/site/footer";
import { SiteHeader } from "@/components/site/header";
import { SkipLink } from "@/components/site/skip-link";
import { getSiteSettings } from "@/lib/content/settings";
import { organizationJsonLd } from "@/lib/seo";

/** Shared public layout (spec §2.2): header, main content, footer; the organization's JSON-LD on every page. */
export default async function SiteLayout({ children }: { children: ReactNode }) {
  const settings = await getSiteSettings();
  return (
    <div className="flex min-h-dvh flex-col">
      <JsonLd data={organizationJsonLd(settings)} />
      <SkipLink />
      <SiteHeader />
      <main id="contenido" tabIndex={-1} className="flex-1 [overflow-wrap:anywhere] focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
