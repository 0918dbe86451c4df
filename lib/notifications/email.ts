import "server-only";
import { db } from "@/lib/db";
import { sendMail } from "@/lib/mail";
import { absoluteUrl } from "@/lib/site-url";

// The e-mail copy of a notification (issue 10 §4): sent only when SMTP is configured (the bell
// is the record; without SMTP_URL nothing is printed for every notification), after the write
// has committed, and never failing the write it announces: a refused or unreachable server is
// logged and the notification stays in the bell.

export type NotificationEmail = { subject: string; text: string; link?: string | null };

function smtpConfigured(): boolean {
  return Boolean(process.env.SMTP_URL?.trim());
}

function withLink(mail: NotificationEmail): string {
  if (!mail.link) return mail.text;
  return `${mail.text}\n\n${absoluteUrl(mail.link)}`;
}

/** E-mails one user (fire and forget: returns when sent or logged). */
export async function emailUser(userId: string, mail: NotificationEmail): Promise<void> {
  if (!smtpConfigured()) return;
  try {
    const user = await db.user.findUnique({ where: { id: userId }, select: { email: true } });
    if (!user) return;
    await sendMail({ to: user.email, subject: mail.subject, text: withLink(mail) });
  } catch (error) {
    console.error("[notifications] no se pudo enviar el correo al usuario:", (error as Error).message);
  }
}

/** E-mails every admin. */
export async function emailAdmins(mail: NotificationEmail): Promise<void> {
  if (!smtpConfigured()) return;
  try {
    const admins = await db.user.findMany({ where: { role: "admin" }, select: { email: true } });
    await Promise.all(admins.map((admin) => sendMail({ to: admin.email, subject: mail.subject, text: withLink(mail) })));
  } catch (error) {
    console.error("[notifications] no se pudo enviar el correo a los administradores:", (error as Error).message);
  }
}
