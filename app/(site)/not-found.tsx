import { NotFoundContent, notFoundMetadata } from "@/components/site/not-found-content";

export const metadata = notFoundMetadata;

/**
 * The 404 of a public page that calls notFound() (an unknown category, view, tab or sector).
 * The (site) layout around it already renders the header, <main> and footer; without this
 * file the root not-found.tsx, which brings its own, showed them twice.
 */
export default function SiteNotFound() {
  return <NotFoundContent />;
}
