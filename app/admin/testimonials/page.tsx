import type { Metadata } from "next";
import { AreaPage } from "@/components/account/area-shell";
import { pageRequest } from "@/lib/list/paging";
import { requireAdmin } from "@/lib/auth/guards";
import { listAllSectors } from "@/lib/content/queries";
import { getAdminTestimonial, listAdminTestimonialsPage } from "@/lib/testimonials/queries";
import { adminTestimonialListQuerySchema } from "@/lib/testimonials/schema";
import { TestimonialsScreen } from "@/components/admin/testimonials/testimonials-screen";
import { searchParamValues, type PageSearchParams } from "@/lib/list/query-params";

export const metadata: Metadata = { title: "Testimonios" };

/**
 * "Gestión de Testimonios": the server-paged table (?page, ?per_page, ?status, ?q in
 * the URL) and, with ?id=N (links from the audit trail), that testimonial's edit modal open.
 */
export default async function AdminTestimonialsPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  await requireAdmin();
  const raw = await searchParams;
  const params = searchParamValues(raw);
  // A hand-edited URL with a bad value falls back to the unfiltered first page.
  const parsed = adminTestimonialListQuerySchema.safeParse(params);
  const query = parsed.success ? parsed.data : {};
  const openId = typeof params.id === "string" && /^\d{1,9}$/.test(params.id) ? Number(params.id) : null;

  const [result, sectors, opened] = await Promise.all([
    listAdminTestimonialsPage({ status: query.status, q: query.q }, pageRequest(query)),
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
