// What kind of inbound message this is, before it is allowed into a conversation: an automatic
// answer (vacation responder, mailing list, read receipt), a bounce of something we sent, or our
// own outgoing mail coming back to us in a loop. Pure: reads the parsed message only.

import type { InboundMail } from "./parse";

export type AutoReplyVerdict = { reason: string } | null;

// Precedence values that mark mail no person wrote to us (RFC 3834, common practice).
const AUTOMATIC_PRECEDENCE = new Set(["bulk", "junk", "list", "auto_reply"]);

// Subjects of automatic answers, compared lower-case without accents. They must open the
// subject: a person asking "Re: ¿cómo configuro la respuesta automática?" is not one.
// The long phrases may be followed by anything ("Fuera de la oficina hasta el lunes"); the
// short words only count with a colon after them ("Auto: …", "Ausente: …").
const VACATION_SUBJECTS = [
  /^respuesta automatica\b/,
  /^respuesta de ausencia\b/,
  /^(?:estoy )?fuera de (?:la )?oficina\b/,
  /^(?:aviso de )?ausencia\s*:/,
  /^ausente\s*:/,
  /^(?:i am |i'm )?out of (?:the )?office\b/,
  /^automatic reply\b/,
  /^auto(?:matic)?[- ]?(?:reply|response)\b/,
  /^auto\s*:/,
  /^resposta automatica\b/,
  /^(?:estou )?fora do escritorio\b/,
  /^ausencia temporaria\b/,
  /^reponse automatique\b/,
  /^abwesenheitsnotiz\b/,
];

// Read receipts: a report that someone opened (or deleted unread) what we sent.
const READ_RECEIPT_SUBJECTS = [/^(?:no )?leido\s*:/, /^(?:not )?read\s*:/, /^(?:nao )?lido\s*:/];

const SUBJECT_IN_REASON_MAX = 80;

function comparableSubject(subject: string): string {
  return subject
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();
}

function quoted(subject: string): string {
  const short = subject.length > SUBJECT_IN_REASON_MAX ? `${subject.slice(0, SUBJECT_IN_REASON_MAX - 1)}…` : subject;
  return `«${short}»`;
}

// Messages of the mail system itself: delivery reports and notices from its service mailboxes.
const DAEMON = /^(?:mailer-daemon|postmaster)@/;
const REPORT_ACTIONS: Record<NonNullable<NonNullable<InboundMail["report"]>["action"]>, string> = {
  failed: "no entregado",
  delayed: "entrega demorada",
  delivered: "entregado",
  relayed: "reenviado a otro sistema",
  expanded: "entregado a una lista",
};

/** Why this message is an automatic one (Spanish, short), or null for a message a person wrote. */
export function autoReplyOf(mail: InboundMail): AutoReplyVerdict {
  // A delivery report that is not a bounce (a delay notice, a delivery receipt) is still no reply,
  // even from a mail system that leaves out Auto-Submitted.
  if (mail.report) {
    const what = mail.report.action ? REPORT_ACTIONS[mail.report.action] : "informe de entrega";
    return { reason: `Aviso del sistema de correo: ${what}${mail.report.status ? ` (${mail.report.status})` : ""}` };
  }
  if (DAEMON.test(mail.from?.address ?? "")) return { reason: `Aviso del sistema de correo (${mail.from?.address.split("@")[0]})` };
  const { autoSubmitted, precedence, xAutoreply, listId } = mail.headers;
  if (autoSubmitted && autoSubmitted.split(";")[0].trim() !== "no") {
    return { reason: `Respuesta automática (Auto-Submitted: ${autoSubmitted.split(";")[0].trim()})` };
  }
  if (xAutoreply) return { reason: "Respuesta automática (cabecera X-Autoreply)" };
  if (precedence && AUTOMATIC_PRECEDENCE.has(precedence)) return { reason: `Correo automático o masivo (Precedence: ${precedence})` };
  if (listId) return { reason: `Mensaje de una lista de correo (List-Id: ${listId.slice(0, 100)})` };
  const subject = comparableSubject(mail.subject);
  if (VACATION_SUBJECTS.some((pattern) => pattern.test(subject))) {
    return { reason: `Respuesta automática (asunto ${quoted(mail.subject)})` };
  }
  if (READ_RECEIPT_SUBJECTS.some((pattern) => pattern.test(subject))) {
    return { reason: `Acuse de lectura (asunto ${quoted(mail.subject)})` };
  }
  return null;
}

const NOT_A_FAILURE = new Set(["delivered", "relayed", "expanded", "delayed"]);

/**
 * A delivery status notification saying a message of ours could not be delivered: its report says
 * "failed", or it comes from the mail system (MAILER-DAEMON, postmaster) with a permanent-failure
 * status (5.x.x) and no other action.
 */
export function isBounce(mail: InboundMail): boolean {
  const report = mail.report;
  if (!report) return false;
  if (report.action === "failed") return true;
  const fromMailSystem = DAEMON.test(mail.from?.address ?? "");
  return fromMailSystem && (report.status?.startsWith("5.") ?? false) && !(report.action && NOT_A_FAILURE.has(report.action));
}

/**
 * The sender address of our own outgoing mail: MAIL_FROM's address, lower-case. Without MAIL_FROM
 * the application sends as no-reply@ the domain of its Message-IDs (the default sender).
 */
export function ownSenderAddress(ownMessageDomain: string, mailFrom: string | undefined = process.env.MAIL_FROM): string {
  const configured = mailFrom?.trim();
  if (configured) {
    const address = /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(configured)?.[1] ?? configured;
    return address.toLowerCase();
  }
  return `no-reply@${ownMessageDomain.trim().toLowerCase()}`;
}

/**
 * Our own outgoing mail coming back (a client's forwarding rule pointing at our inbox, a copy to
 * ourselves): its Message-ID carries our domain AND it is either one we wrote automatically
 * (Auto-Submitted: auto-generated) or one sent from our sender address.
 */
export function isOwnMail(mail: InboundMail, ownMessageDomain: string, ownFromAddress: string = ownSenderAddress(ownMessageDomain)): boolean {
  const domain = /@([^@<>]+)>$/.exec(mail.messageId ?? "")?.[1]?.toLowerCase();
  if (!domain || domain !== ownMessageDomain.trim().toLowerCase()) return false;
  const autoGenerated = mail.headers.autoSubmitted?.split(";")[0].trim() === "auto-generated";
  return autoGenerated || mail.from?.address === ownFromAddress.trim().toLowerCase();
}
