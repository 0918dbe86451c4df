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

export const BULK_ACTIONS = ["read", "close", "archive", "delete"] as const;
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

/** How long "Deshacer" is offered after a delete, a close or an archive (the toast). */
export const UNDO_SECONDS = 10;
/** The server accepts the undo a little longer than the toast shows it (slow networks). */
export const RESTORE_WINDOW_SECONDS = 30;
/** Soft-deleted messages are purged for good after this long. */
export const PURGE_AFTER_MINUTES = 5;

/** Why a transition is refused (409), or null when it is allowed. Spanish, shown as is. */
export function replyRefusal(status: string): string | null {
  if (status === "new" || status === "read" || status === "replied") return null;
  if (status === "closed") return "La conversación está cerrada: reábrela para responder.";
  if (status === "archived") return "La conversación está archivada: desarchívala para responder.";
  return "El mensaje no admite respuestas en su estado actual.";
}

export function reopenRefusal(status: string): string | null {
  return status === "closed" ? null : "Solo se puede reabrir una conversación cerrada.";
}

export function unarchiveRefusal(status: string): string | null {
  return status === "archived" ? null : "La conversación no está archivada.";
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
export const canReopen = (status: string) => reopenRefusal(status) === null;
export const canUnarchive = (status: string) => unarchiveRefusal(status) === null;

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
  reopen: "No se pudo reabrir la conversación",
  unarchive: "No se pudo desarchivar la conversación",
  undo: "No se pudo deshacer",
  assign: "No se pudo asignar la conversación",
  merge: "No se pudieron unir las conversaciones",
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

export { REPLY_STATUSES, REPLY_SEND_STALE_MS, replyDeliveryView, type ReplyStatusValue, type ReplyDeliveryView } from "@/lib/conversations/delivery";
import type { ReplyStatusValue } from "@/lib/conversations/delivery";

/** What a reply or a resend tells the admin about its e-mail (API `message`, the modal's toasts). */
export const REPLY_DELIVERY_MESSAGES: Record<ReplyStatusValue, string> = {
  sent: "Respuesta enviada por correo.",
  failed: "La respuesta se guardó, pero no se pudo enviar el correo. Usa «Reenviar» para intentarlo de nuevo.",
  not_configured: "La respuesta se guardó, pero no se envió: el correo saliente no está configurado.",
  sending: "La respuesta se guardó; su envío por correo aún no se confirma.",
};
