import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { removeMailAttachments } from "@/lib/conversations/attachments";
import { PURGE_AFTER_MINUTES } from "./inbox-rules";

// A deleted contact message stays restorable for a few seconds ("Deshacer"); once
// PURGE_AFTER_MINUTES have passed, the purge that follows every delete (one message or in bulk)
// removes it for good together with its admins' notifications and its e-mails' attachments.

/** The admins' "Nuevo mensaje de contacto" notifications about these messages. */
export function notificationsAbout(ids: number[]): Prisma.NotificationWhereInput {
  return { type: "contact_message", OR: ids.map((id) => ({ data: { path: ["contact_message_id"], equals: id } })) };
}

/** Deletes for good the messages deleted more than PURGE_AFTER_MINUTES ago, and their notifications. Best effort. */
export async function purgeDeletedContactMessages(): Promise<number> {
  try {
    const expired = await db.contactMessage.findMany({
      where: { deletedAt: { lt: new Date(Date.now() - PURGE_AFTER_MINUTES * 60_000) } },
      select: { id: true },
      take: 1000,
    });
    if (expired.length === 0) return 0;
    const ids = expired.map((row) => row.id);
    const files = await db.mailAttachment.findMany({ where: { contactEntry: { messageId: { in: ids } } }, select: { storageKey: true } });
    const [, { count }] = await db.$transaction([
      db.notification.deleteMany({ where: notificationsAbout(ids) }),
      db.contactMessage.deleteMany({ where: { id: { in: ids }, deletedAt: { not: null } } }),
    ]);
    // The e-mails' attachments go with their conversation (their rows went by cascade).
    await removeMailAttachments(files.map((file) => file.storageKey));
    return count;
  } catch (error) {
    console.error("[contact] No se pudieron purgar los mensajes eliminados", error);
    return 0;
  }
}
