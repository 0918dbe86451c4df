import type { Metadata } from "next";
import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { ClientTicketsScreen } from "@/components/client/support/client-tickets-screen";
import { ButtonLink } from "@/components/ui/button";
import { pageRequest } from "@/lib/list/paging";
import { readListQuery } from "@/lib/list/query";
import type { PageSearchParams } from "@/lib/list/query-params";
import { requireClientAreaUser } from "@/lib/auth/guards";
import { listClientTickets } from "@/lib/support/queries";
import { clientTicketListQuerySchema } from "@/lib/support/schema";

export const metadata: Metadata = { title: "Tickets" };

/** "Tickets" (client portal): the client's own support tickets and "Nuevo ticket". */
export default async function ClientTicketsPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const user = await requireClientAreaUser();
  // A hand-edited URL with a bad value falls back to the first page of every ticket.
  const { query } = readListQuery(clientTicketListQuerySchema, await searchParams);
  const result = await listClientTickets(user.id, query, pageRequest(query));
  return (
    <AreaPage>
      <AreaPageHeader
        title="Tickets"
        description="Tus consultas al equipo de soporte. Te avisaremos cuando respondamos."
        actions={<ButtonLink href="/client/tickets/new">+ Nuevo ticket</ButtonLink>}
      />
      <div className="mt-6">
        <ClientTicketsScreen result={result} />
      </div>
    </AreaPage>
  );
}
