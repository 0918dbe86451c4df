import type { Metadata } from "next";
import Link from "next/link";
import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { AdminTicketsScreen } from "@/components/admin/support/tickets-screen";
import { buttonClasses } from "@/components/ui/button";
import { exportHref } from "@/lib/list/export-link";
import { pageRequest } from "@/lib/list/paging";
import { readListQuery } from "@/lib/list/query";
import type { PageSearchParams } from "@/lib/list/query-params";
import { requireAdmin } from "@/lib/auth/guards";
import { findTicketListUser, listAdminTickets } from "@/lib/support/queries";
import { adminTicketListQuerySchema } from "@/lib/support/schema";

export const metadata: Metadata = { title: "Tickets" };

/** "Tickets" (admin): the clients' support tickets, server-paged (?page, ?per_page, ?status, ?priority, ?user_id, ?assigned_to, ?q, ?sort in the URL). */
export default async function AdminTicketsPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const admin = await requireAdmin();
  // A hand-edited URL with a bad value falls back to the unfiltered first page.
  const { query } = readListQuery(adminTicketListQuerySchema, await searchParams);
  const [result, filteredUser] = await Promise.all([
    listAdminTickets(query, pageRequest(query), admin.id),
    query.user_id ? findTicketListUser(query.user_id) : Promise.resolve(null),
  ]);
  return (
    <AreaPage>
      <AreaPageHeader
        title="Tickets"
        description="Las consultas de soporte de los clientes, por el portal o por correo: responde, asígnalas, cambia su estado y su prioridad."
        actions={
          <a href={exportHref("/api/v1/admin/tickets", query)} download className={buttonClasses("outline", "md")}>
            Exportar CSV
          </a>
        }
      />
      {query.user_id && (
        <p role="status" className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-brand-200 bg-brand-50 px-4 py-2.5 text-sm text-brand-900">
          <span>
            Tickets de <span className="font-semibold">{filteredUser ? `${filteredUser.name} (${filteredUser.email})` : "un usuario que ya no existe"}</span>
          </span>
          <Link href="/admin/tickets" className="font-semibold text-brand-700 underline hover:text-brand-800">
            Ver todos los tickets
          </Link>
        </p>
      )}
      <div className="mt-6">
        <AdminTicketsScreen result={result} />
      </div>
    </AreaPage>
  );
}
