import "server-only";
import { db } from "@/lib/db";
import { notificationSelect, serializeNotification, type NotificationContract } from "./serialize";
import { readableBy, type NotificationReader } from "./service";

/** How many notifications the list (and the bell) shows at most. */
export const NOTIFICATION_LIST_LIMIT = 50;

export type NotificationList = { notifications: NotificationContract[]; unread_count: number };

/**
 * The reader's own notifications, newest first (at most NOTIFICATION_LIST_LIMIT), with the
 * real number of unread ones (which may be larger than what the list shows). Only those the
 * reader's current role may read (readableBy).
 */
export async function listForUser(reader: NotificationReader, limit = NOTIFICATION_LIST_LIMIT): Promise<NotificationList> {
  const [rows, unread] = await Promise.all([
    db.notification.findMany({
      where: readableBy(reader),
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: limit,
      select: notificationSelect,
    }),
    countUnread(reader),
  ]);
  return { notifications: rows.map(serializeNotification), unread_count: unread };
}

export function countUnread(reader: NotificationReader): Promise<number> {
  return db.notification.count({ where: { ...readableBy(reader), readAt: null } });
}
