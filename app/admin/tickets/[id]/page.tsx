import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { TicketPriorityBadge, TicketStatusBadge } from "@/components/account/ticket-badges";
import { StaffReplyForm, TicketStatusForm } from "@/components/admin/support/ticket-admin-forms";
import { AdminTicketThread } from "@/components/admin/support/ticket-thread";
import { strictId } from "@/lib/ids";
import { requireAdmin } from "@/lib/auth/guards";
import { formatDate } from "@/lib/format";
import { smtpConfigured } from "@/lib/mail";
import { ticketNumber } from "@/lib/support/labels";
import { getAdminTicket, ticketOriginals } from "@/lib/support/queries";
import { adminSignature } from "@/lib/users/profile";
import { listAdminChoices } from "@/lib/users/queries";

export const metadata: Metadata = { title: "Ticket" };

/** When this page is rendered (a reply's e-mail still "sending" is judged against it). */
const renderedAt = () => Date.now();

/** One ticket for the admin: the thread (with each reply's e-mail), the reply form, status, priority and assignee, and the client. */
export default async function AdminTicketPage({ params }: { params: Promise<{ id: string }> }) {
  const admin = await requireAdmin();
  const id = strictId((await params).id);
  const ticket = id === null ? null : await getAdminTicket(id);
  if (!ticket) notFound();
  const [assignees, originals, signature] = await Promise.all([listAdminChoices(), ticketOriginals(ticket.id), adminSignature(admin.id)]);
  const closed = ticket.status === "closed";

  return (
    <AreaPage>
      <Link href="/admin/tickets" className="text-sm font-semibold text-brand-700 hover:underline">
        ← Volver a tickets
      </Link>
      <div className="mt-3">
        <AreaPageHeader
          title={`Ticket ${ticketNumber(ticket.id)}`}
          description={<span className="break-words">{ticket.subject}</span>}
          actions={
            <div className="flex items-center gap-2">
              <TicketStatusBadge status={ticket.status} />
              <TicketPriorityBadge priority={ticket.priority} />
            </div>
          }
        />
      </div>

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <section aria-labelledby="conversacion" className="flex min-w-0 flex-col gap-6">
          <h2 id="conversacion" className="sr-only">
            Conversación
          </h2>
          <AdminTicketThread ticketId={ticket.id} entries={ticket.entries} originals={originals} now={renderedAt()} mailConfigured={smtpConfigured()} />
          {closed ? (
            <p role="note" className="rounded-2xl border border-ink-200 bg-ink-50 px-4 py-3 text-sm text-ink-700">
              El ticket está cerrado y no admite respuestas. Para responder, cambia su estado.
            </p>
          ) : (
            <StaffReplyForm ticketId={ticket.id} signature={signature} />
          )}
        </section>

        <div className="flex flex-col gap-6">
          <section aria-labelledby="gestion" className="rounded-2xl border border-ink-200 bg-white p-4 shadow-card sm:p-5">
            <h2 id="gestion" className="mb-4 text-base font-semibold text-ink-900">
              Gestión
            </h2>
            <TicketStatusForm
              key={`${ticket.status}-${ticket.priority}-${ticket.assigned_to?.id ?? ""}`}
              ticketId={ticket.id}
              status={ticket.status}
              priority={ticket.priority}
              assignedTo={ticket.assigned_to}
              assignees={assignees}
            />
          </section>
          <section aria-labelledby="cliente" className="rounded-2xl border border-ink-200 bg-white p-4 shadow-card sm:p-5">
            <h2 id="cliente" className="mb-3 text-base font-semibold text-ink-900">
              Cliente
            </h2>
            <dl className="grid gap-3 text-sm">
              <div>
                <dt className="text-xs font-semibold tracking-wide text-ink-600 uppercase">Nombre</dt>
                <dd className="mt-0.5 text-ink-900">{ticket.user.name}</dd>
              </div>
              <div>
                <dt className="text-xs font-semibold tracking-wide text-ink-600 uppercase">Correo</dt>
                <dd className="mt-0.5 break-all">
                  <a href={`mailto:${ticket.user.email}`} className="text-brand-700 hover:underline">
                    {ticket.user.email}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-xs font-semibold tracking-wide text-ink-600 uppercase">Abierto</dt>
                <dd className="mt-0.5 text-ink-900">
                  <time dateTime={ticket.created_at}>{formatDate(ticket.created_at)}</time>
                </dd>
              </div>
              <div>
                <dt className="text-xs font-semibold tracking-wide text-ink-600 uppercase">Última actividad</dt>
                <dd className="mt-0.5 text-ink-900">
                  <time dateTime={ticket.last_activity_at}>{formatDate(ticket.last_activity_at)}</time>
                </dd>
              </div>
              {ticket.closed_at && (
                <div>
                  <dt className="text-xs font-semibold tracking-wide text-ink-600 uppercase">Cerrado</dt>
                  <dd className="mt-0.5 text-ink-900">
                    <time dateTime={ticket.closed_at}>{formatDate(ticket.closed_at)}</time>
                  </dd>
                </div>
              )}
            </dl>
            <Link href={`/admin/tickets?user_id=${encodeURIComponent(ticket.user.id)}`} className="mt-4 inline-block text-sm font-semibold text-brand-700 hover:underline">
              Ver todos sus tickets
            </Link>
          </section>
        </div>
      </div>
    </AreaPage>
  );
}
