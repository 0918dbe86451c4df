import type { Metadata } from "next";
import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { AdminTicketsScreen } from "@/components/admin/support/tickets-screen";
import { pageRequest } from "@/lib/api/paging";
import { searchParamValues, type PageSearchParams } from "@/lib/api/query-params";
import { requireAdmin } from "@/lib/auth/guards";
import { listAdminTicketsPage } from "@/lib/support/queries";
import { adminTicketListQuerySchema } from "@/lib/support/schema";

export const metadata: Metadata = { title: "Tickets" };

/** Spec §2.6 "Tickets": the clients' support tickets, server-paged (?page, ?per_page, ?status, ?priority, ?user_id, ?q, ?sort in the URL). */
export default async function AdminTicketsPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  await requireAdmin();
  // A hand-edited URL with a bad value falls back to the unfiltered first page.
  const parsed = adminTicketListQuerySchema.safeParse(searchParamValues(await searchParams));
  const query = parsed.success ? parsed.data : {};
  const result = await listAdminTicketsPage(
    { status: query.status, priority: query.priority, userId: query.user_id, q: query.q, sort: query.sort, dir: query.dir },
    pageRequest(query),
  );
  return (
    <AreaPage>
      <AreaPageHeader title="Tickets" description="Las consultas de soporte de los clientes: responde, cambia su estado y su prioridad." />
      <div className="mt-6">
        <AdminTicketsScreen result={result} />
      </div>
    </AreaPage>
  );
}
