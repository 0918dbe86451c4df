// Where a staff reply's e-mail stands, for contact conversations and tickets alike: the states,
// when a `sending` is presumed lost, and how screens and exports name each state. Pure.

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

