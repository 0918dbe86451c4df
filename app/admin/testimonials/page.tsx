import type { Metadata } from "next";
import { AreaPage } from "@/components/account/area-shell";
import { pageRequest } from "@/lib/list/paging";
import { requireAdmin } from "@/lib/auth/guards";
import { listAllSectors } from "@/lib/content/queries";
import { getAdminTestimonial, listAdminTestimonials } from "@/lib/testimonials/queries";
import { adminTestimonialListQuerySchema } from "@/lib/testimonials/schema";
import { TestimonialsScreen } from "@/components/admin/testimonials/testimonials-screen";
import { readListQuery } from "@/lib/list/query";
import { searchParamValues, type PageSearchParams } from "@/lib/list/query-params";

export const metadata: Metadata = { title: "Testimonios" };

/**
 * "Gestión de Testimonios": the server-paged table (?page, ?per_page, ?status, ?q in
 * the URL) and, with ?id=N (links from the audit trail), that testimonial's edit modal open.
 */
export default async function AdminTestimonialsPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  await requireAdmin();
  const raw = await searchParams;
  // A hand-edited URL with a bad value falls back to the unfiltered first page.
  const { query } = readListQuery(adminTestimonialListQuerySchema, raw);
  const params = searchParamValues(raw);
  const openId = typeof params.id === "string" && /^\d{1,9}$/.test(params.id) ? Number(params.id) : null;

  const [result, sectors, opened] = await Promise.all([
    listAdminTestimonials(query, pageRequest(query)),
    listAllSectors(),
    openId ? getAdminTestimonial(openId) : Promise.resolve(null),
  ]);

  return (
    <AreaPage>
      <TestimonialsScreen
        result={result}
        sectors={sectors.map((sector) => ({ value: String(sector.id), label: sector.name }))}
        opened={opened}
      />
    </AreaPage>
  );
}
