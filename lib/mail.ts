import "server-only";
import { randomUUID } from "node:crypto";
import nodemailer, { type Transporter } from "nodemailer";
import { db } from "@/lib/db";
import type { MailDeliveryStatus } from "@/lib/generated/prisma/client";

// Outgoing e-mail. With SMTP_URL set (e.g. smtp://user:pass@smtp.example.com:587, or
// smtps://… for implicit TLS) messages go through that server; without it they are written
// to the server console, so development and tests need no mail server.
//
// Every e-mail, sent or not, leaves one row in outbound_emails (who, what subject, which kind,
// about which record, and where it stands: sending → sent | failed, or not_configured), so no
// e-mail is ever dropped without a trace. The body is never stored: reset and verification
// links must not sit in a table.

export const DEFAULT_MAIL_FROM = "Lumen Consultoría TI <no-reply@lumenti.pe>";

/** Known kinds of e-mail (free text up to 40 characters; new senders may add their own). */
export type MailKind =
  | "contact_reply"
  | "contact_notice"
  | "ticket"
  | "invoice"
  | "payment"
  | "subscription"
  | "password_reset"
  | "account"
  | "other"
  | (string & {});

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** The Message-ID header ("<unique@domain>"), when the caller stores it first; else generated. */
  messageId?: string;
  /** The Message-IDs this mail answers (In-Reply-To is the last one, References all of them). */
  inReplyTo?: string[];
  /**
   * Marks a mail written by the application itself (notifications, notices) with
   * `Auto-Submitted: auto-generated` (RFC 3834): vacation responders must not answer it, and
   * our own inbound filter drops it if it ever comes back. A staff member's reply is not.
   */
  automatic?: boolean;
  /** What this e-mail is, for the outbound log; "other" when not given. */
  kind?: MailKind;
  /** The record it is about, for the outbound log (e.g. { type: "ticket", id: 12 }). */
  related?: { type: string; id: string | number };
  /** Files sent with it (e.g. a PDF the recipient must keep); never stored. */
  attachments?: MailAttachmentFile[];
};

export type MailAttachmentFile = { filename: string; content: Buffer; contentType: string };

export type MailResult =
  /** `response`: the mail server's answer to the message (e.g. "250 2.0.0 Ok: queued as 4Fx…"). */
  | { delivered: "smtp"; status: "sent"; messageId: string; response: string }
  | { delivered: "console"; status: "not_configured"; messageId: string };

/** The domain of our Message-IDs: the sender's (MAIL_FROM), so they are globally unique to us. */
export function messageIdDomain(): string {
  const from = process.env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM;
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1];
  return domain || "localhost";
}

/** A new Message-ID of ours ("<uuid@domain>"). */
export const newMessageId = () => `<${randomUUID()}@${messageIdDomain()}>`;

/** The header that marks mail the application wrote by itself (RFC 3834). */
export const AUTO_SUBMITTED_HEADER = "Auto-Submitted";

/** SMTP_URL, or undefined when unset or blank (read on every call: a restart with SMTP_URL is enough). */
const configuredSmtpUrl = (): string | undefined => process.env.SMTP_URL?.trim() || undefined;

/** Whether outgoing e-mail is configured. */
export function smtpConfigured(): boolean {
  return configuredSmtpUrl() !== undefined;
}

let transporter: Transporter | null = null;
let transporterUrl: string | null = null;

function smtpTransport(url: string): Transporter {
  if (!transporter || transporterUrl !== url) {
    // Short timeouts: a slow mail server must not hold a request for minutes.
    transporter = nodemailer.createTransport(url, {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    transporterUrl = url;
  }
  return transporter;
}

/** Header values never carry line breaks (no header injection from user input). */
function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, " ").trim();
}

/** The longest reason kept for a failed send (the log's and the contact reply's). */
export const MAIL_ERROR_MAX = 300;

/**
 * A person-readable reason for a failed send, short and without secrets: nodemailer's message
 * on one line, with any user:password of a URL and SMTP_URL's own credentials masked.
 */
export function mailErrorText(error: unknown): string {
  let text = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").trim() || "error desconocido";
  text = text.replace(/(\/\/)[^\s/@]+@/g, "$1***@");
  try {
    const url = new URL(configuredSmtpUrl() ?? "");
    for (const secret of [url.password, url.username].map((part) => decodeURIComponent(part)).filter((part) => part.length >= 3)) {
      text = text.split(secret).join("***");
    }
  } catch {
    // no SMTP_URL, or not a URL: nothing of it to mask
  }
  const reason = `No se pudo enviar el correo: ${text}`;
  return reason.length > MAIL_ERROR_MAX ? `${reason.slice(0, MAIL_ERROR_MAX - 1)}…` : reason;
}

const clip = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value);

/** Writes the log row; a database hiccup never stops the e-mail itself (it is reported). */
async function logMail(envelope: { to: string; subject: string; messageId: string }, message: MailMessage, status: MailDeliveryStatus): Promise<number | null> {
  try {
    const row = await db.outboundEmail.create({
      data: {
        kind: clip(message.kind?.trim() || "other", 40),
        recipient: clip(envelope.to, 254),
        subject: clip(envelope.subject, 255),
        relatedType: message.related ? clip(message.related.type, 40) : null,
        relatedId: message.related ? clip(String(message.related.id), 64) : null,
        messageId: clip(envelope.messageId, 255),
        status,
      },
      select: { id: true },
    });
    void pruneOutboundLog();
    return row.id;
  } catch (error) {
    console.error("[mail] No se pudo registrar el correo saliente:", (error as Error).message);
    return null;
  }
}

async function settleLog(id: number | null, status: MailDeliveryStatus, error: string | null = null): Promise<void> {
  if (id === null) return;
  try {
    await db.outboundEmail.update({ where: { id }, data: { status, error } });
  } catch (failure) {
    console.error("[mail] No se pudo actualizar el registro del correo saliente:", (failure as Error).message);
  }
}

/** How long log rows are kept; older ones are deleted in small batches, at most once an hour per process. */
export const OUTBOUND_LOG_DAYS = 180;
let lastPrune = 0;

async function pruneOutboundLog(): Promise<void> {
  if (Date.now() - lastPrune < 3_600_000) return;
  lastPrune = Date.now();
  try {
    await db.$executeRaw`
      DELETE FROM outbound_emails WHERE id IN (
        SELECT id FROM outbound_emails WHERE created_at < now() - make_interval(days => ${OUTBOUND_LOG_DAYS}) ORDER BY created_at LIMIT 1000)`;
  } catch (error) {
    console.error("[mail] No se pudo depurar el registro de correos salientes:", (error as Error).message);
  }
}

/** A Message-ID as a header carries it: one line, in angle brackets. */
const bracketed = (id: string) => {
  const bare = oneLine(id).replace(/^<|>$/g, "");
  return `<${bare}>`;
};

/**
 * Sends one plain-text e-mail and logs it, always with a Message-ID of ours (stored in the log,
 * so a reply to any mail we sent finds the record it was about). Without SMTP_URL it prints the
 * e-mail on the console and answers `not_configured` (the caller must not present it as sent).
 * Throws when the SMTP server refuses or cannot be reached (logged as failed first).
 */
export async function sendMail(message: MailMessage): Promise<MailResult> {
  const from = process.env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM;
  const answered = (message.inReplyTo ?? []).filter((id) => id.trim() !== "").map(bracketed);
  const headers: Record<string, string> = {};
  if (message.automatic) headers[AUTO_SUBMITTED_HEADER] = "auto-generated";
  const envelope = {
    from,
    to: oneLine(message.to),
    subject: oneLine(message.subject),
    text: message.text,
    replyTo: message.replyTo ? oneLine(message.replyTo) : undefined,
    messageId: message.messageId ? bracketed(message.messageId) : newMessageId(),
    ...(answered.length > 0 ? { inReplyTo: answered[answered.length - 1], references: answered } : {}),
    headers,
    attachments: (message.attachments ?? []).map((file) => ({ filename: oneLine(file.filename), content: file.content, contentType: file.contentType })),
  };

  const smtpUrl = configuredSmtpUrl();
  if (!smtpUrl) {
    await logMail(envelope, message, "not_configured");
    console.info(
      [
        "[mail] SMTP_URL no está configurado; el correo no se envía y se muestra aquí:",
        `De: ${envelope.from}`,
        `Para: ${envelope.to}`,
        ...(envelope.replyTo ? [`Responder a: ${envelope.replyTo}`] : []),
        `Asunto: ${envelope.subject}`,
        `Message-ID: ${envelope.messageId}`,
        ...envelope.attachments.map((file) => `Adjunto: ${file.filename} (${file.contentType}, ${file.content.length} bytes)`),
        "",
        envelope.text,
      ].join("\n"),
    );
    return { delivered: "console", status: "not_configured", messageId: envelope.messageId };
  }

  const logId = await logMail(envelope, message, "sending");
  try {
    const info = await smtpTransport(smtpUrl).sendMail(envelope);
    await settleLog(logId, "sent");
    return { delivered: "smtp", status: "sent", messageId: info.messageId, response: clip(oneLine(String(info.response ?? "")), MAIL_ERROR_MAX) };
  } catch (error) {
    await settleLog(logId, "failed", mailErrorText(error));
    throw error;
  }
}
