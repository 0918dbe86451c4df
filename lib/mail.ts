import "server-only";
import nodemailer, { type Transporter } from "nodemailer";

// Outgoing e-mail. With SMTP_URL set (e.g. smtp://user:pass@smtp.example.com:587, or
// smtps://… for implicit TLS) messages go through that server; without it they are written
// to the server console, so development and tests need no mail server.

export const DEFAULT_MAIL_FROM = "Lumen Consultoría TI <no-reply@lumenti.pe>";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** The Message-ID header ("<unique@domain>"), when the caller needs to store it; else generated. */
  messageId?: string;
};

export type MailResult = { delivered: "smtp"; messageId: string } | { delivered: "console"; messageId?: string };

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

/** Sends one plain-text e-mail. Throws when the SMTP server refuses or cannot be reached. */
export async function sendMail(message: MailMessage): Promise<MailResult> {
  const from = process.env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM;
  const envelope = {
    from,
    to: oneLine(message.to),
    subject: oneLine(message.subject),
    text: message.text,
    replyTo: message.replyTo ? oneLine(message.replyTo) : undefined,
    messageId: message.messageId ? oneLine(message.messageId) : undefined,
  };

  const smtpUrl = process.env.SMTP_URL?.trim();
  if (!smtpUrl) {
    console.info(
      [
        "[mail] SMTP_URL no está configurado; el correo no se envía y se muestra aquí:",
        `De: ${envelope.from}`,
        `Para: ${envelope.to}`,
        ...(envelope.replyTo ? [`Responder a: ${envelope.replyTo}`] : []),
        `Asunto: ${envelope.subject}`,
        ...(envelope.messageId ? [`Message-ID: ${envelope.messageId}`] : []),
        "",
        envelope.text,
      ].join("\n"),
    );
    return { delivered: "console", messageId: envelope.messageId };
  }

  const info = await smtpTransport(smtpUrl).sendMail(envelope);
  return { delivered: "smtp", messageId: info.messageId };
}
