"use client";

import { useEffect, useRef } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import type { ContactEntryItem } from "@/lib/contact/admin-serialize";
import { replyDeliveryView } from "@/lib/contact/inbox-rules";
import { formatDate } from "@/lib/format";

// A contact conversation as the admin reads it, oldest first: the visitor's first message, the
// staff replies with where their e-mail stands ("Reenviar" on one that was not sent), the
// visitor's e-mailed answers (with a warning when the sender could not be verified, the original
// text and the attachments), internal notes, and status events as one quiet line. Every body is
// rendered as text (never as HTML), its line breaks kept. The list scrolls on its own and opens
// at its newest entry.

export const THREAD_TEXT = {
  label: "Conversación",
  noReply: "Sin respuesta aún",
  received: "Recibido por correo",
  unverified: "Remitente no verificado",
  original: "Ver original",
  note: "Nota interna",
  resend: "Reenviar",
  resending: "Reenviando...",
  deletedUser: "Usuario eliminado",
} as const;

const LIMA_DAY = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Lima", year: "numeric", month: "2-digit", day: "2-digit" });
const LIMA_TIME = new Intl.DateTimeFormat("es-PE", { timeZone: "America/Lima", hour: "2-digit", minute: "2-digit", hour12: false });

/** "12:03" for a time of today (Lima), the whole date otherwise. */
export function entryTime(iso: string, now: number = Date.now()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "—";
  return LIMA_DAY.format(date) === LIMA_DAY.format(new Date(now)) ? LIMA_TIME.format(date) : formatDate(date);
}

const sizeFormat = new Intl.NumberFormat("es-PE", { maximumFractionDigits: 1 });

/** "812 B", "38 KB", "1.2 MB". */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${sizeFormat.format(bytes)} B`;
  if (bytes < 1024 * 1024) return `${sizeFormat.format(Math.round(bytes / 1024))} KB`;
  return `${sizeFormat.format(bytes / (1024 * 1024))} MB`;
}

/** The number of a stored entry ("entry-12" → 12); null for the opening message of a form. */
export function entryNumber(entry: Pick<ContactEntryItem, "id">): number | null {
  const match = /^entry-(\d+)$/.exec(entry.id);
  return match ? Number(match[1]) : null;
}

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : typeof value === "number" ? String(value) : null);

/** What a status event says, in one line ("Cerrada por Ana"); the time goes beside it. */
export function eventLabel(entry: Pick<ContactEntryItem, "event" | "data" | "author">): string {
  const by = entry.author ? ` por ${entry.author.name}` : "";
  const data = entry.data ?? {};
  const reason = text(data.reason);
  switch (entry.event) {
    case "closed":
      return `Cerrada${by}`;
    case "reopened":
      return `Reabierta${by}`;
    case "archived":
      return `Archivada${by}`;
    case "unarchived":
      return `Desarchivada${by}`;
    case "restored":
      return `Restaurada (deshacer)${by}`;
    case "assigned": {
      const to = text(data.to_name);
      return to ? `Asignada a ${to}${by}` : `Sin asignar${by}`;
    }
    case "merged":
      return `Unida desde C-${text(data.from_id) ?? "?"}${by}`;
    case "merged_into":
      return `Unida a C-${text(data.into_id) ?? "?"}${by}`;
    case "auto_reply":
      return reason ? `Respuesta automática recibida: ${reason}` : "Respuesta automática recibida";
    case "bounce":
      return reason ? `Correo rebotado: ${reason}` : "Correo rebotado";
    case "reopened_by_email":
      return "Reabierta por un correo del remitente";
    default:
      return `Cambio registrado${by}`;
  }
}

/** Each reply names its e-mail state for tests and styles (one per state). */
const REPLY_TEST_IDS = { sending: "reply-sending", sent: "reply-sent", failed: "reply-failure", not_configured: "reply-not-configured" } as const;

const authorName = (entry: ContactEntryItem) => entry.author?.name ?? THREAD_TEXT.deletedUser;

/** The heading of an entry, which also names it for screen readers. */
export function entryHeading(entry: ContactEntryItem, senderName: string): string {
  switch (entry.kind) {
    case "message":
      return `Mensaje de ${senderName}`;
    case "reply":
      return `Respuesta de ${authorName(entry)}`;
    case "inbound":
      return `Respuesta de ${senderName}`;
    case "note":
      return `${THREAD_TEXT.note} de ${authorName(entry)}`;
    case "event":
      return eventLabel(entry);
  }
}

type ThreadProps = {
  messageId: number;
  senderName: string;
  entries: ContactEntryItem[];
  /** When the thread was read from the server: a `sending` older than the stale time counts from it. */
  loadedAt: number;
  mailConfigured: boolean;
  /** The entry whose resend is running, if any. */
  resending: string | null;
  disabled: boolean;
  onResend: (entry: ContactEntryItem) => void;
};

export function ConversationThread({ messageId, senderName, entries, loadedAt, mailConfigured, resending, disabled, onResend }: ThreadProps) {
  const listRef = useRef<HTMLOListElement>(null);
  const newest = entries.at(-1)?.id ?? null;

  // The newest entry is in view when the conversation opens and when an entry is added: the
  // list scrolls to its end, and the modal's body as far as needed to show it.
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    list.scrollTop = list.scrollHeight;
    (list.lastElementChild as HTMLElement | null)?.scrollIntoView?.({ block: "nearest" });
  }, [messageId, newest, entries.length]);

  const hasReply = entries.some((entry) => entry.kind === "reply");

  return (
    <section aria-labelledby="contact-thread-title">
      <h3 id="contact-thread-title" className="text-sm font-semibold text-ink-900">
        {THREAD_TEXT.label}
      </h3>
      <ol
        ref={listRef}
        aria-labelledby="contact-thread-title"
        // A region that scrolls is reachable with the keyboard.
        tabIndex={0}
        data-testid="contact-thread"
        className="mt-2 flex max-h-[45dvh] flex-col gap-3 overflow-y-auto rounded-xl border border-ink-200 bg-ink-50/60 p-3 focus-visible:outline-2 focus-visible:outline-brand-600 sm:max-h-[50dvh]"
      >
        {entries.map((entry) => (
          <ThreadEntry
            key={entry.id}
            entry={entry}
            messageId={messageId}
            senderName={senderName}
            loadedAt={loadedAt}
            mailConfigured={mailConfigured}
            resending={resending === entry.id}
            disabled={disabled}
            onResend={onResend}
          />
        ))}
      </ol>
      {!hasReply && <p className="mt-2 text-sm text-ink-600">{THREAD_TEXT.noReply}</p>}
    </section>
  );
}

function Time({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDate(iso)}>
      {entryTime(iso)}
    </time>
  );
}

function Body({ children }: { children: string | null }) {
  if (!children) return null;
  return <p className="mt-2 text-sm break-words whitespace-pre-wrap text-ink-900">{children}</p>;
}

function ThreadEntry({
  entry,
  messageId,
  senderName,
  loadedAt,
  mailConfigured,
  resending,
  disabled,
  onResend,
}: Omit<ThreadProps, "entries" | "resending"> & { entry: ContactEntryItem; resending: boolean }) {
  const heading = entryHeading(entry, senderName);
  const label = `${heading}, ${formatDate(entry.created_at)}`;

  if (entry.kind === "event") {
    const merged = entry.event === "merged" ? entry.data : null;
    return (
      <li aria-label={label} data-kind="event" className="px-1 text-xs text-ink-600">
        {merged ? (
          <details>
            <summary className="cursor-pointer">
              {heading} · <Time iso={entry.created_at} />
            </summary>
            <div className="mt-2 rounded-lg border border-ink-200 bg-white p-3 text-ink-900">
              {text(merged.subject) && <p className="text-sm font-semibold">{text(merged.subject)}</p>}
              {typeof merged.created_at === "string" && <p className="text-xs text-ink-600">{formatDate(merged.created_at)}</p>}
              <Body>{typeof merged.message === "string" ? merged.message : null}</Body>
            </div>
          </details>
        ) : (
          <p>
            {heading} · <Time iso={entry.created_at} />
          </p>
        )}
      </li>
    );
  }

  if (entry.kind === "note") {
    return (
      <li aria-label={label} data-kind="note" className="rounded-xl border border-dashed border-amber-400 bg-amber-50 p-3">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-ink-700">
          <Badge tone="warning">{THREAD_TEXT.note}</Badge>
          <span className="font-semibold text-ink-900">{authorName(entry)}</span>
          <span aria-hidden="true">·</span>
          <Time iso={entry.created_at} />
        </p>
        <Body>{entry.body}</Body>
      </li>
    );
  }

  if (entry.kind === "reply") {
    const delivery = replyDeliveryView(entry.delivery_status, entry.attempted_at, loadedAt);
    const status = entry.delivery_status ?? "sending";
    const unsent = status === "failed" || status === "not_configured";
    const resendHint = mailConfigured ? "" : " Configura SMTP_URL en el servidor para poder reenviarla.";
    return (
      <li
        aria-label={label}
        data-kind="reply"
        data-testid={REPLY_TEST_IDS[status]}
        className="ml-4 rounded-xl border border-brand-200 bg-white p-3 sm:ml-10"
      >
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-ink-700">
          <span className="font-semibold text-ink-900">{heading}</span>
          <span aria-hidden="true">·</span>
          <Time iso={entry.created_at} />{" "}
          {delivery && <Badge tone={delivery.tone}>{delivery.label}</Badge>}
          {status === "sent" && entry.sent_at && <span> el {formatDate(entry.sent_at)}</span>}
        </p>
        <Body>{entry.body}</Body>
        {(unsent || delivery?.resendable) && (
          <div
            className={cn(
              "mt-3 flex flex-col gap-3 rounded-lg border p-3 sm:flex-row sm:items-center sm:justify-between",
              unsent ? "border-red-200 bg-red-50 text-red-900" : "border-amber-200 bg-amber-50 text-amber-950",
            )}
          >
            <p className="text-sm">
              {status === "failed" && `El correo con la respuesta no se pudo enviar. ${entry.delivery_error ? `${entry.delivery_error} ` : ""}La respuesta está guardada.${resendHint}`}
              {status === "not_configured" &&
                `La respuesta está guardada, pero no se envió al remitente.${resendHint || " El correo ya está configurado: usa «Reenviar» para enviarla."}`}
              {status === "sending" &&
                `El envío empezó${entry.attempted_at ? ` el ${formatDate(entry.attempted_at)}` : ""} y el servidor de correo nunca lo confirmó: puede que el remitente no la haya recibido. Usa «Reenviar» si hace falta.`}
            </p>
            {delivery?.resendable && (
              <Button
                variant="outline"
                size="sm"
                className="shrink-0"
                disabled={disabled || !mailConfigured}
                onClick={() => onResend(entry)}
                aria-label={`${resending ? THREAD_TEXT.resending : THREAD_TEXT.resend} la respuesta del ${formatDate(entry.created_at)}`}
              >
                {resending ? THREAD_TEXT.resending : THREAD_TEXT.resend}
              </Button>
            )}
          </div>
        )}
      </li>
    );
  }

  // The visitor: the opening message, or an answer that came by e-mail.
  const number = entryNumber(entry);
  const emailed = entry.kind === "inbound" || entry.original_available;
  return (
    <li aria-label={label} data-kind={entry.kind} className="mr-4 rounded-xl border border-ink-200 bg-white p-3 sm:mr-10">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-ink-700">
        <span className="font-semibold text-ink-900">{heading}</span>
        {entry.from_address && <span className="break-all">&lt;{entry.from_address}&gt;</span>}
        <span aria-hidden="true">·</span>
        <Time iso={entry.created_at} />
        {emailed && <Badge tone="brand">{THREAD_TEXT.received}</Badge>}
        {entry.auth_warning && <Badge tone="danger">{THREAD_TEXT.unverified}</Badge>}
      </p>
      {entry.auth_warning && (
        <p role="note" className="mt-2 rounded-lg border border-red-200 bg-red-50 p-2 text-xs text-red-900">
          {entry.auth_warning}
        </p>
      )}
      <Body>{entry.body}</Body>
      {entry.attachments.length > 0 && (
        <ul aria-label="Adjuntos" className="mt-3 flex flex-col gap-1 text-sm">
          {entry.attachments.map((file) => (
            <li key={file.id}>
              <a href={file.url} download={file.file_name} className="break-all text-brand-800 underline underline-offset-2">
                {file.file_name}
              </a>{" "}
              <span className="text-xs text-ink-600">({fileSize(file.bytes)})</span>
            </li>
          ))}
        </ul>
      )}
      {entry.original_available && number !== null && (
        <p className="mt-2 text-xs">
          <a
            href={`/api/v1/admin/contact-messages/${messageId}/entries/${number}/original`}
            target="_blank"
            rel="noopener noreferrer"
            className="text-brand-800 underline underline-offset-2"
          >
            {THREAD_TEXT.original}
            <span className="sr-only"> (se abre en una pestaña nueva)</span>
          </a>
        </p>
      )}
    </li>
  );
}
