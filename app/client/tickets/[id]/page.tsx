import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { TicketStatusBadge } from "@/components/account/ticket-badges";
import { TicketConversation } from "@/components/account/ticket-conversation";
import { ClientReplyForm } from "@/components/client/support/ticket-client-forms";
import { strictId } from "@/lib/ids";
import { requireClientAreaUser } from "@/lib/auth/guards";
import { ticketNumber } from "@/lib/support/labels";
import { getClientTicket } from "@/lib/support/queries";

export const metadata: Metadata = { title: "Ticket" };

/** One of the client's own tickets: status, the conversation and the reply form (another client's ticket is a 404). */
export default async function ClientTicketPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireClientAreaUser();
  const id = strictId((await params).id);
  const ticket = id === null ? null : await getClientTicket(user.id, id);
  if (!ticket) notFound();

  return (
    <AreaPage>
      <Link href="/client/tickets" className="text-sm font-semibold text-brand-700 hover:underline">
        ← Volver a mis tickets
      </Link>
      <div className="mt-3">
        <AreaPageHeader
          title={`Ticket ${ticketNumber(ticket.id)}`}
          description={<span className="break-words">{ticket.subject}</span>}
          actions={
            <p className="flex items-center gap-2 text-sm text-ink-700">
              Estado: <TicketStatusBadge status={ticket.status} />
            </p>
          }
        />
      </div>
      <section aria-labelledby="conversacion" className="mt-8 flex max-w-4xl flex-col gap-6">
        <h2 id="conversacion" className="sr-only">
          Conversación
        </h2>
        <TicketConversation entries={ticket.conversation} viewer="client" />
        {ticket.status === "closed" ? (
          <div role="note" className="rounded-2xl border border-ink-200 bg-ink-50 px-4 py-3 text-sm text-ink-700">
            Este ticket está cerrado y ya no admite respuestas. Si necesitas más ayuda,{" "}
            <Link href="/client/tickets/new" className="font-semibold text-brand-700 hover:underline">
              abre un ticket nuevo
            </Link>
            .
          </div>
        ) : (
          <ClientReplyForm ticketId={ticket.id} resolved={ticket.status === "resolved"} />
        )}
      </section>
    </AreaPage>
  );
}
