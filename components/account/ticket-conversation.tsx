import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { formatDate } from "@/lib/format";
import { ticketStatusLabel } from "@/lib/support/labels";
import type { TicketConversationEntry } from "@/lib/support/serialize";

// A ticket's conversation (Zammad-style) as the client reads it: the opening message and the
// replies as bubbles (the viewer's side on the right; what came by e-mail says so), and the
// status changes as lines between them. An ordered list, so screen readers announce "item n of m".
// Admins read the same conversation with its e-mail details (components/admin/support/ticket-thread.tsx).

type Viewer = "client" | "staff";

function authorLabel(entry: Extract<TicketConversationEntry, { type: "message" }>, viewer: Viewer): string {
  if (viewer === "client") return entry.from_staff ? `${entry.author?.name ?? "Equipo de soporte"} · Soporte` : "Tú";
  return entry.from_staff ? `${entry.author?.name ?? "Equipo de soporte"} · Soporte` : `${entry.author?.name ?? "Cliente"} · Cliente`;
}

function actorLabel(entry: Extract<TicketConversationEntry, { type: "status_change" }>, viewer: Viewer): string {
  if (!entry.actor) return "";
  if (viewer === "client") return entry.actor.is_staff ? " por el equipo de soporte" : " por ti";
  return ` por ${entry.actor.name}`;
}

/** A status change as one centred line of a ticket's thread ("Estado cambiado de A a B por X · fecha"). */
export function TicketStatusChange({ from, to, by, at }: { from: string; to: string; by: string; at: string }) {
  return (
    <li className="flex items-center gap-3 text-sm text-ink-600" data-testid="ticket-status-change">
      <span aria-hidden="true" className="h-px flex-1 bg-ink-200" />
      <p className="max-w-[85%] text-center">
        Estado cambiado de <span className="font-semibold text-ink-800">{ticketStatusLabel(from)}</span> a{" "}
        <span className="font-semibold text-ink-800">{ticketStatusLabel(to)}</span>
        {by} · <time dateTime={at}>{formatDate(at)}</time>
      </p>
      <span aria-hidden="true" className="h-px flex-1 bg-ink-200" />
    </li>
  );
}

export function TicketConversation({ entries, viewer }: { entries: TicketConversationEntry[]; viewer: Viewer }) {
  return (
    <ol aria-label="Conversación del ticket" className="flex flex-col gap-4" data-testid="ticket-conversation">
      {entries.map((entry) => {
        if (entry.type === "status_change") {
          return (
            <TicketStatusChange key={entry.id} from={entry.from_status} to={entry.to_status} by={actorLabel(entry, viewer)} at={entry.created_at} />
          );
        }
        const own = viewer === "staff" ? entry.from_staff : !entry.from_staff;
        return (
          <li key={entry.id} className={cn("flex", own ? "justify-end" : "justify-start")} data-testid="ticket-message" data-from-staff={entry.from_staff} data-via={entry.via_email ? "email" : "portal"}>
            <article
              aria-label={`Mensaje de ${authorLabel(entry, viewer)}`}
              className={cn(
                "w-full max-w-[min(100%,40rem)] rounded-2xl border px-4 py-3 shadow-sm sm:w-auto sm:min-w-[16rem]",
                entry.from_staff ? "border-brand-200 bg-brand-50" : "border-ink-200 bg-white",
                own ? "rounded-br-md" : "rounded-bl-md",
              )}
            >
              <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 text-xs text-ink-600">
                <span className="font-semibold text-ink-800">{authorLabel(entry, viewer)}</span>
                <time dateTime={entry.created_at}>{formatDate(entry.created_at)}</time>
              </header>
              {entry.via_email && (
                <p className="mt-2">
                  <Badge tone="accent">Recibido por correo</Badge>
                </p>
              )}
              <p className="mt-2 text-sm leading-relaxed break-words whitespace-pre-wrap text-ink-900">{entry.body}</p>
            </article>
          </li>
        );
      })}
    </ol>
  );
}
