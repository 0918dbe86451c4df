import { NotFoundContent, notFoundMetadata } from "@/components/site/not-found-content";

export const metadata = notFoundMetadata;

/**
 * A notFound() that no nearer boundary catches: the public pages have theirs in the (site) layout,
 * the signed-in areas in their shells, and a URL no route matches gets app/global-not-found.tsx.
 * This boundary is rendered into every page's payload, so it stays this small: no header or
 * footer (they would read the site settings on every request of every area).
 */
export default function NotFound() {
  return (
    <main id="contenido" tabIndex={-1} className="flex min-h-dvh items-center focus:outline-none">
      <NotFoundContent />
    </main>
  );
}
