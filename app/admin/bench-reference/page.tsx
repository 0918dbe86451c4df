import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { requireAdmin } from "@/lib/auth/guards";
import { benchReferencePagesEnabled } from "@/lib/bench/reference-pages";

// `npm run bench`'s floor of the signed-in screens: an admin screen with nothing but its title, so
// it pays what every screen pays before its own content (the proxy's session check and policy, the
// session lookup, the area's header, menu and banners). Only on a server started with
// BENCH_REFERENCE_PAGES=1 (the bench's); anywhere else it is the admin area's 404.

/** Its title only where it exists: elsewhere a 404 names nothing of it. */
export function generateMetadata(): Metadata {
  return benchReferencePagesEnabled() ? { title: "Pantalla de referencia" } : {};
}

export default async function BenchReferenceScreen() {
  if (!benchReferencePagesEnabled()) notFound();
  await requireAdmin();
  return (
    <AreaPage>
      <AreaPageHeader title="Pantalla de referencia" description="Una pantalla sin contenido: lo que cuesta cualquier pantalla del área antes del suyo." />
    </AreaPage>
  );
}
