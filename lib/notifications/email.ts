import "server-only";
import { db } from "@/lib/db";
import { sendMail, type MailKind, type MailMessage } from "@/lib/mail";
import { absoluteUrl } from "@/lib/site-url";

// The e-mail copy of a notification: sent after the write has committed, and never failing the
// write it announces. Like every e-mail it goes through sendMail, which logs it: without SMTP_URL
// the log says not_configured (and the console shows it), a refused or unreachable server is
// logged as failed; the notification stays in the bell either way.

export type NotificationEmail = {
  subject: string;
  text: string;
  link?: string | null;
  /** What it is and which record it is about, for the outbound e-mail log. */
  kind?: MailKind;
  related?: MailMessage["related"];
};

function withLink(mail: NotificationEmail): string {
  if (!mail.link) return mail.text;
  return `${mail.text}\n\n${absoluteUrl(mail.link)}`;
}

function message(to: string, mail: NotificationEmail): MailMessage {
  return { to, subject: mail.subject, text: withLink(mail), kind: mail.kind ?? "notification", related: mail.related, automatic: true };
}

/** E-mails one user (fire and forget: returns when sent or logged). */
export async function emailUser(userId: string, mail: NotificationEmail): Promise<void> {
  try {
    const user = await db.user.findUnique({ where: { id: userId }, select: { email: true } });
    if (!user) return;
    await sendMail(message(user.email, mail));
  } catch (error) {
    console.error("[notifications] no se pudo enviar el correo al usuario:", (error as Error).message);
  }
}

/** E-mails every admin (each one's failure is logged on its own). */
export async function emailAdmins(mail: NotificationEmail): Promise<void> {
  try {
    const admins = await db.user.findMany({ where: { role: "admin" }, select: { email: true } });
    const results = await Promise.allSettled(admins.map((admin) => sendMail(message(admin.email, mail))));
    const failed = results.filter((result) => result.status === "rejected");
    if (failed.length > 0) {
      console.error(`[notifications] no se pudo enviar el correo a ${failed.length} administrador(es):`, (failed[0].reason as Error).message);
    }
  } catch (error) {
    console.error("[notifications] no se pudo enviar el correo a los administradores:", (error as Error).message);
  }
}
