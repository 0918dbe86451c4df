import { siteFooter, siteHeader } from "@/components/site/chrome";
import { NotFoundContent, notFoundMetadata } from "@/components/site/not-found-content";
import { SkipLink } from "@/components/site/skip-link";

export const metadata = notFoundMetadata;

/**
 * Spanish 404 for an unknown URL. No layout but the root one wraps it, so it brings the
 * public header and footer itself; a notFound() inside a public page is caught earlier by
 * app/(site)/not-found.tsx, inside the (site) layout's own header and footer.
 */
export default function NotFound() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      {siteHeader}
      <main id="contenido" tabIndex={-1} className="flex flex-1 items-center focus:outline-none">
        <NotFoundContent />
      </main>
      {siteFooter}
    </div>
  );
}
