// The contact message state machine, with no server or zod
// dependency: the service enforces it, the screen uses the same rules to disable its buttons.

export const CONTACT_STATUSES = ["new", "read", "replied", "closed", "archived"] as const;
export type ContactStatusValue = (typeof CONTACT_STATUSES)[number];

/** The screen's filter buttons: "unread" is status new, "all" is no filter. */
export const CONTACT_FILTERS = [
  { value: "all", label: "Todos" },
  { value: "unread", label: "Por leer" },
  { value: "read", label: "Leídos" },
  { value: "replied", label: "Respondidos" },
  { value: "closed", label: "Cerrados" },
  { value: "archived", label: "Archivados" },
] as const;
export type ContactFilterValue = (typeof CONTACT_FILTERS)[number]["value"];

export const BULK_ACTIONS = ["read", "archive", "delete"] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** Bounds shared by the schemas and the screen's fields. */
export const INBOX_LIMITS = {
  reply: 10_000,
  note: 5_000,
  templateName: 120,
  templateBody: 10_000,
  search: 200,
  bulkIds: 100,
} as const;

/** How long "Deshacer" is offered after a delete (the toast), and how long the server accepts it. */
export const UNDO_SECONDS = 10;
/** The server accepts the undo a little longer than the toast shows it (slow networks). */
export const RESTORE_WINDOW_SECONDS = 30;
/** Soft-deleted messages are purged for good after this long. */
export const PURGE_AFTER_MINUTES = 5;

/** Why a transition is refused (409), or null when it is allowed. Spanish, shown as is. */
export function replyRefusal(status: string): string | null {
  if (status === "new" || status === "read") return null;
  if (status === "replied") return "Este mensaje ya fue respondido.";
  if (status === "closed") return "El mensaje está cerrado y no admite respuestas.";
  if (status === "archived") return "El mensaje está archivado y no admite respuestas.";
  return "El mensaje no admite respuestas en su estado actual.";
}

export function closeRefusal(status: string): string | null {
  if (status === "closed") return "El mensaje ya está cerrado.";
  if (status === "archived") return "No se puede cerrar un mensaje archivado.";
  return null;
}

export function archiveRefusal(status: string): string | null {
  return status === "archived" ? "El mensaje ya está archivado." : null;
}

export const canReply = (status: string) => replyRefusal(status) === null;
export const canClose = (status: string) => closeRefusal(status) === null;
export const canArchive = (status: string) => archiveRefusal(status) === null;

/** A subject for the reply e-mail: "Re: " + the message's subject, or a Spanish default. */
export function replySubject(subject: string | null | undefined): string {
  const clean = subject?.trim();
  if (!clean) return "Respuesta a tu mensaje de contacto";
  return /^re:/i.test(clean) ? clean : `Re: ${clean}`;
}

/** The texts shown when an action fails (the server's message goes with them when useful). */
export const INBOX_FAILURES = {
  load: "No se pudo cargar el mensaje",
  reply: "No se pudo enviar la respuesta",
  archive: "No se pudo archivar el mensaje",
  close: "No se pudo cerrar el mensaje",
  delete: "No se pudo eliminar el mensaje",
} as const;

/** Status names as the admin reads them. */
export const CONTACT_STATUS_NAMES: Record<ContactStatusValue, string> = {
  new: "Por leer",
  read: "Leído",
  replied: "Respondido",
  closed: "Cerrado",
  archived: "Archivado",
};

// ── The reply's e-mail ─────────────────────────────────────────────────────────────────

/** Where a reply's e-mail stands (the API's `reply_status`; null while there is no reply). */
export const REPLY_STATUSES = ["sending", "sent", "failed", "not_configured"] as const;
export type ReplyStatusValue = (typeof REPLY_STATUSES)[number];

/**
 * `sending` is written before the mail server is called and replaced by the outcome as soon as it
 * answers (nodemailer gives up within about 40 s). A reply still `sending` after this long lost
 * its process on the way (a crash, a restart): whether the visitor got it is unknown, so the
 * inbox says "sin confirmar" and "Reenviar" is allowed, knowing it may send a second copy.
 */
export const REPLY_SEND_STALE_MS = 2 * 60_000;

export type ReplyDeliveryView = {
  label: string;
  /** The same in a word or two, for a badge in a narrow column (the label goes beside it for screen readers). */
  short: string;
  tone: "success" | "warning" | "danger";
  /** Not (known to be) sent: "Reenviar" applies once the mail is configured. */
  resendable: boolean;
};

/** How the inbox, the list and the CSV name a reply's e-mail state (Spanish, shown as is). */
export function replyDeliveryView(
  status: ReplyStatusValue | null,
  attemptedAt: string | Date | null,
  now: number = Date.now(),
): ReplyDeliveryView | null {
  switch (status) {
    case null:
      return null;
    case "sent":
      return { label: "Enviado por correo", short: "Enviado", tone: "success", resendable: false };
    case "failed":
      return { label: "No enviado: falló el envío", short: "No enviado", tone: "danger", resendable: true };
    case "not_configured":
      return { label: "No enviado: correo saliente no configurado", short: "No enviado", tone: "danger", resendable: true };
    case "sending": {
      const started = attemptedAt ? new Date(attemptedAt).getTime() : 0;
      const stale = now - started >= REPLY_SEND_STALE_MS;
      return stale
        ? { label: "Enviando… (sin confirmar)", short: "Sin confirmar", tone: "warning", resendable: true }
        : { label: "Enviando…", short: "Enviando…", tone: "warning", resendable: false };
    }
  }
}

/** What a reply or a resend tells the admin about its e-mail (API `message`, the modal's toasts). */
export const REPLY_DELIVERY_MESSAGES: Record<ReplyStatusValue, string> = {
  sent: "Respuesta enviada por correo.",
  failed: "La respuesta se guardó, pero no se pudo enviar el correo. Usa «Reenviar» para intentarlo de nuevo.",
  not_configured: "La respuesta se guardó, pero no se envió: el correo saliente no está configurado.",
  sending: "La respuesta se guardó; su envío por correo aún no se confirma.",
};
