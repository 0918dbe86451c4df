import "server-only";
import { db } from "@/lib/db";
import { notificationSelect, serializeNotification, type NotificationContract } from "./serialize";

/** How many notifications the list (and the bell) shows at most. */
export const NOTIFICATION_LIST_LIMIT = 50;

export type NotificationList = { notifications: NotificationContract[]; unread_count: number };

/**
 * The user's own notifications, newest first (at most NOTIFICATION_LIST_LIMIT), with the
 * real number of unread ones (which may be larger than what the list shows).
 */
export async function listForUser(userId: string, limit = NOTIFICATION_LIST_LIMIT): Promise<NotificationList> {
  const [rows, unread] = await Promise.all([
    db.notification.findMany({
      where: { userId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: limit,
      select: notificationSelect,
    }),
    countUnread(userId),
  ]);
  return { notifications: rows.map(serializeNotification), unread_count: unread };
}

export function countUnread(userId: string): Promise<number> {
  return db.notification.count({ where: { userId, readAt: null } });
}
