import type { Notification } from "@/lib/generated/prisma/client";

/** A notification as the contract shows it (snake_case). */
export type NotificationContract = {
  id: number;
  type: string;
  title: string;
  body: string | null;
  link: string | null;
  read_at: string | null;
  created_at: string;
};

export type NotificationRow = Pick<Notification, "id" | "type" | "title" | "body" | "link" | "readAt" | "createdAt">;

export const notificationSelect = {
  id: true,
  type: true,
  title: true,
  body: true,
  link: true,
  readAt: true,
  createdAt: true,
} as const;

export function serializeNotification(row: NotificationRow): NotificationContract {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    link: row.link,
    read_at: row.readAt ? row.readAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}
