import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { replyDeliveryView } from "@/lib/conversations/delivery";
import { formatDate } from "@/lib/format";
import { TicketStatusChange } from "@/components/account/ticket-conversation";
import type { TicketAttachmentContract, TicketThreadEntry } from "@/lib/support/serialize";
import { ResendReplyButton } from "./ticket-admin-forms";

// A ticket's thread as admins read it: the client's words on the left (by the portal or
// "Recibido por correo", with the sender's authenticity warning, "Ver original" and the e-mail's
// attachments), the staff replies on the right with where their e-mail stands ("Reenviar" when it
// did not go out), and the status changes as lines between them. Stored text is rendered as text.

/** "12 KB", "1,4 MB". */
function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString("es-PE", { maximumFractionDigits: 1 })} MB`;
}

function Attachments({ files }: { files: TicketAttachmentContract[] }) {
  if (files.length === 0) return null;
  return (
    <ul aria-label="Archivos adjuntos" className="mt-3 flex flex-col gap-1 border-t border-ink-200 pt-2 text-sm">
      {files.map((file) => (
        <li key={file.id}>
          <a href={file.url} download className="font-semibold break-all text-brand-700 hover:underline">
            {file.file_name}
          </a>{" "}
          <span className="text-xs text-ink-600">({fileSize(file.bytes)})</span>
        </li>
      ))}
    </ul>
  );
}

function Delivery({ entry, ticketId, now, mailConfigured }: { entry: TicketThreadEntry; ticketId: number; now: number; mailConfigured: boolean }) {
  const view = replyDeliveryView(entry.delivery_status, entry.attempted_at, now);
  if (!view) return null;
  return (
    <div data-testid="reply-delivery" className="mt-3 flex flex-col gap-2 border-t border-brand-200 pt-2 sm:flex-row sm:items-center sm:justify-between">
      <div className="text-xs text-ink-700">
        <Badge tone={view.tone}>{view.label}</Badge>
        {entry.delivery_status === "sent" && entry.sent_at && <span className="ml-2">el {formatDate(entry.sent_at)}</span>}
        {entry.delivery_status === "failed" && entry.delivery_error && <p className="mt-1 break-words text-red-900">{entry.delivery_error}</p>}
        {view.resendable && !mailConfigured && <p className="mt-1">Configura SMTP_URL en el servidor para poder reenviarla.</p>}
      </div>
      {view.resendable && entry.reply_id !== null && <ResendReplyButton ticketId={ticketId} replyId={entry.reply_id} disabled={!mailConfigured} />}
    </div>
  );
}

export function AdminTicketThread({
  ticketId,
  entries,
  originals,
  now,
  mailConfigured,
}: {
  ticketId: number;
  entries: TicketThreadEntry[];
  /** The e-mails as received, by reply id (for "Ver original"). */
  originals: Map<number, string>;
  /** When the page was rendered: how long a send has gone unconfirmed is measured from it. */
  now: number;
  mailConfigured: boolean;
}) {
  return (
    <ol aria-label="Conversación del ticket" className="flex flex-col gap-4" data-testid="ticket-conversation">
      {entries.map((entry) => {
        if (entry.kind === "event") {
          return (
            <TicketStatusChange
              key={entry.id}
              from={entry.data?.from ?? ""}
              to={entry.data?.to ?? ""}
              by={entry.author ? ` por ${entry.author.name}` : ""}
              at={entry.created_at}
            />
          );
        }
        const staff = entry.kind === "reply";
        const who = staff ? `${entry.author?.name ?? "Equipo de soporte"} · Soporte` : `${entry.author?.name ?? "Cliente"} · Cliente`;
        const original = entry.original_available && entry.reply_id !== null ? originals.get(entry.reply_id) : undefined;
        return (
          <li key={entry.id} className={cn("flex", staff ? "justify-end" : "justify-start")} data-testid="ticket-message" data-from-staff={staff} data-via={entry.via ?? undefined}>
            <article
              aria-label={`Mensaje de ${who}`}
              className={cn(
                "w-full max-w-[min(100%,40rem)] rounded-2xl border px-4 py-3 shadow-sm sm:w-auto sm:min-w-[16rem]",
                staff ? "rounded-br-md border-brand-200 bg-brand-50" : "rounded-bl-md border-ink-200 bg-white",
              )}
            >
              <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 text-xs text-ink-600">
                <span className="font-semibold text-ink-800">{who}</span>
                <time dateTime={entry.created_at}>{formatDate(entry.created_at)}</time>
              </header>
              {entry.via === "email" && (
                <p className="mt-2 flex flex-wrap items-center gap-2 text-xs text-ink-700">
                  <Badge tone="accent">Recibido por correo</Badge>
                  {entry.from_address && <span className="break-all">de {entry.from_address}</span>}
                </p>
              )}
              {entry.auth_warning && (
                <p role="note" data-testid="auth-warning" className="mt-2 flex flex-wrap items-start gap-2 text-xs text-amber-950">
                  <Badge tone="warning">Remitente no verificado</Badge>
                  <span className="break-words">{entry.auth_warning}</span>
                </p>
              )}
              <p className="mt-2 text-sm leading-relaxed break-words whitespace-pre-wrap text-ink-900">{entry.body}</p>
              <Attachments files={entry.attachments} />
              {original !== undefined && (
                <details className="mt-3 border-t border-ink-200 pt-2 text-sm">
                  <summary className="cursor-pointer font-semibold text-brand-700">Ver original</summary>
                  <pre className="mt-2 max-h-96 overflow-auto rounded-lg bg-ink-50 p-3 text-xs break-words whitespace-pre-wrap text-ink-800">{original}</pre>
                </details>
              )}
              {staff && <Delivery entry={entry} ticketId={ticketId} now={now} mailConfigured={mailConfigured} />}
            </article>
          </li>
        );
      })}
    </ol>
  );
}
