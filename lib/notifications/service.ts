import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { notificationSelect, serializeNotification } from "./serialize";

export type AdminNotificationInput = {
  /** Machine-readable kind, e.g. "contact_message". */
  type: string;
  /** Spanish title an admin reads. */
  title: string;
  body?: string | null;
  /** Where clicking the notification leads (an app path). */
  link?: string | null;
  data?: Prisma.InputJsonValue;
};

/** The main client or a transaction client, so notifications can be part of a larger write. */
type DbClient = Prisma.TransactionClient | typeof db;

/** Who reads notifications: the user as the database has them now (the role decides what they see). */
export type NotificationReader = { id: string; role: "admin" | "client" };

/**
 * The notifications a reader may see: their own, and of those announced to the admins only
 * while they are an admin (a demoted admin never reads visitors' messages or other clients'
 * tickets, whatever path changed the role).
 */
export function readableBy(reader: NotificationReader): Prisma.NotificationWhereInput {
  return { userId: reader.id, ...(reader.role !== "admin" && { adminOnly: false }) };
}

const LIMITS = { type: 60, title: 200, body: 1000, link: 500 } as const;

function fit(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, max - 1)}…`;
}

/**
 * Creates one unread notification per admin user, marked admin-only. Pass the transaction
 * client to make the notifications commit (or roll back) together with the change they announce.
 * Returns how many notifications were created.
 */
export async function notifyAdmins(input: AdminNotificationInput, client: DbClient = db): Promise<number> {
  const admins = await client.user.findMany({ where: { role: "admin" }, select: { id: true } });
  if (admins.length === 0) return 0;
  const { count } = await client.notification.createMany({
    data: admins.map((admin) => ({
      userId: admin.id,
      adminOnly: true,
      type: fit(input.type, LIMITS.type),
      title: fit(input.title, LIMITS.title),
      body: input.body ? fit(input.body, LIMITS.body) : null,
      link: input.link ? fit(input.link, LIMITS.link) : null,
      data: input.data,
    })),
  });
  return count;
}

/**
 * Marks one of the reader's notifications as read (keeping the first read time) and returns it;
 * null when the id does not exist, belongs to someone else or is not readable by the reader's
 * role (callers answer 404 either way).
 */
export async function markRead(reader: NotificationReader, id: number) {
  const where = { ...readableBy(reader), id };
  await db.notification.updateMany({ where: { ...where, readAt: null }, data: { readAt: new Date() } });
  const row = await db.notification.findFirst({ where, select: notificationSelect });
  return row ? serializeNotification(row) : null;
}

/** Marks every unread notification the reader may see as read. Returns how many changed. */
export async function markAllRead(reader: NotificationReader): Promise<number> {
  const { count } = await db.notification.updateMany({ where: { ...readableBy(reader), readAt: null }, data: { readAt: new Date() } });
  return count;
}

/**
 * A user stopped being an admin: the admins' notifications they received go, in the
 * transaction of the role change. Returns how many were deleted.
 */
export async function deleteAdminNotifications(userId: string, client: DbClient = db): Promise<number> {
  const { count } = await client.notification.deleteMany({ where: { userId, adminOnly: true } });
  return count;
}

/**
 * Creates one unread notification for one user (a client told of a new invoice, a payment, a
 * ticket reply). Pass the transaction client so it commits together with the change.
 */
export async function notifyUser(userId: string, input: AdminNotificationInput, client: DbClient = db): Promise<void> {
  await client.notification.create({
    data: {
      userId,
      type: fit(input.type, LIMITS.type),
      title: fit(input.title, LIMITS.title),
      body: input.body ? fit(input.body, LIMITS.body) : null,
      link: input.link ? fit(input.link, LIMITS.link) : null,
      data: input.data,
    },
  });
}
