import "server-only";
import { recordAudit } from "@/lib/audit/service";
import type { AdminActor } from "@/lib/auth/actor";
import { db } from "@/lib/db";
import { conflict, invalid, notFound, parseWith } from "@/lib/errors";
import type { ContactStatus, Prisma } from "@/lib/generated/prisma/client";
import { notifyUser } from "@/lib/notifications/service";
import { contactAssignSchema, contactBulkSchema, contactIdsSchema, contactMergeSchema, contactNoteSchema, contactUpdateSchema, type ContactBulk } from "./admin-schema";
import { serializeNote, type ContactMessageDetail, type ContactNoteItem } from "./admin-serialize";
import { archiveRefusal, closeRefusal, reopenRefusal, RESTORE_WINDOW_SECONDS, unarchiveRefusal } from "./inbox-rules";
import {
  auditState,
  changeStatus,
  lockedState,
  MESSAGE_NOT_FOUND,
  messageDetail,
  recordEvent,
  stateSelect,
  transition,
  type MessageState,
  type Tx,
} from "./message-state";
import { notificationsAbout, purgeDeletedContactMessages } from "./purge";
import { replyToContactMessage, type ContactUpdateResult } from "./reply-delivery";

// The contact inbox's state changes: open (mark read), close, archive, delete and undo, the bulk
// actions and the internal notes. ONE function per action, called by the screen's server actions
// and by the REST handlers alike. Each validates its input with the domain's schema, enforces the
// state machine, and writes in one transaction together with its audit entry. A refused
// transition is a 409 with a Spanish message; a missing (or deleted) message is a 404.

// ── Opening ────────────────────────────────────────────────────────────────────────────

/**
 * The inbox modal's mark-read, run by its server action when it opens a message (never by a
 * GET: reading through the API or following a link changes nothing): a `new` message becomes
 * `read` with read_at (audited). A message in any other status is only read.
 */
export async function openContactMessage(actor: AdminActor, id: number): Promise<ContactMessageDetail> {
  return db.$transaction(async (tx) => {
    const before = await lockedState(tx, id);
    if (before.status === "new") {
      const { count } = await tx.contactMessage.updateMany({
        where: { id, status: "new", deletedAt: null },
        data: { status: "read", readAt: new Date() },
      });
      // Another admin opened it in the same instant: it is read either way.
      if (count === 1) {
        const after = await tx.contactMessage.findUniqueOrThrow({ where: { id }, select: stateSelect });
        await recordAudit(tx, actor, {
          action: "contact_message.read",
          entityType: "contact_message",
          entityId: id,
          before: auditState(before),
          after: auditState(after),
        });
      }
    }
    return messageDetail(id, tx);
  });
}

// ── Close, archive, reply or assign (PUT /{id}); the ways back ─────────────────────────────

/** PUT /api/v1/admin/contact-messages/{id}: a reply, a close, an archive or an assignment. */
export async function updateContactMessage(actor: AdminActor, id: number, input: unknown): Promise<ContactUpdateResult> {
  const update = parseWith(contactUpdateSchema, input);
  if ("assigned_to" in update) return { message: await assignContactMessage(actor, id, update), delivery: null };
  if (update.status === "replied") return replyToContactMessage(actor, id, { reply: update.reply });
  const message = update.status === "closed" ? await closeContactMessage(actor, id) : await archiveContactMessage(actor, id);
  return { message, delivery: null };
}

/** One status change of one message: refused with `refusal`'s 409, else applied as a thread event. */
function statusStep(
  refusal: (status: string) => string | null,
  to: (before: { status: ContactStatus; previousStatus: ContactStatus | null }) => ContactStatus,
  event: string,
  action: string,
) {
  return (actor: AdminActor, id: number): Promise<ContactMessageDetail> =>
    db.$transaction(async (tx) => {
      const before = await lockedState(tx, id);
      const refused = refusal(before.status);
      if (refused) throw conflict(refused);
      await changeStatus(tx, actor, before, to(before), event, action);
      return messageDetail(id, tx);
    });
}

/** "Cerrar" (from new, read or replied); "Deshacer" brings back the status it had. */
export const closeContactMessage = statusStep(closeRefusal, () => "closed", "closed", "contact_message.close");

/** "Archivar" (from any status but archived); "Desarchivar" and "Deshacer" bring back the status it had. */
export const archiveContactMessage = statusStep(archiveRefusal, () => "archived", "archived", "contact_message.archive");

/** "Reabrir": a closed conversation becomes read again (and can be answered). */
export const reopenContactMessage = statusStep(reopenRefusal, () => "read", "reopened", "contact_message.reopen");

/** "Desarchivar": an archived conversation returns to the status it had before (read if unknown). */
export const unarchiveContactMessage = statusStep(
  unarchiveRefusal,
  (before) => (before.previousStatus && before.previousStatus !== "archived" ? before.previousStatus : "read"),
  "unarchived",
  "contact_message.unarchive",
);

export const NOTHING_TO_UNDO = "Ya no se puede deshacer este cambio.";

/**
 * "Deshacer" after a close or an archive (one message, in bulk, or the `e` key): each of these
 * messages that is still closed or archived by a change less than RESTORE_WINDOW_SECONDS old
 * returns to the status it had. Others are left alone (`restored` says how many came back).
 */
export async function undoStatusChanges(actor: AdminActor, input: unknown): Promise<{ restored: number; ids: number[] }> {
  const { ids } = parseWith(contactIdsSchema, input);
  const since = new Date(Date.now() - RESTORE_WINDOW_SECONDS * 1000);
  return db.$transaction(async (tx) => {
    const rows = await tx.contactMessage.findMany({
      where: { id: { in: ids }, deletedAt: null, status: { in: ["closed", "archived"] }, statusChangedAt: { gte: since }, previousStatus: { not: null } },
      select: stateSelect,
    });
    const restored: number[] = [];
    for (const before of rows) {
      const to = before.previousStatus!;
      await changeStatus(tx, actor, before, to, "restored", "contact_message.undo");
      restored.push(before.id);
    }
    return { restored: restored.length, ids: restored.sort((a, b) => a - b) };
  });
}

/** POST /{id}/undo: one message; 409 when its close or archive can no longer be undone. */
export async function undoContactStatus(actor: AdminActor, id: number): Promise<ContactMessageDetail> {
  const { restored } = await undoStatusChanges(actor, { ids: [id] });
  if (restored !== 1) {
    await lockedState(db, id);
    throw conflict(NOTHING_TO_UNDO);
  }
  return messageDetail(id);
}

export const NOT_AN_ADMIN = "El usuario no es administrador.";

/**
 * "Asignado a": gives the conversation to an admin (or to no one). The assignee hears of it in the
 * bell (not when assigning oneself); a thread event and an audit entry record it.
 */
export async function assignContactMessage(actor: AdminActor, id: number, input: unknown): Promise<ContactMessageDetail> {
  const { assigned_to: assigneeId } = parseWith(contactAssignSchema, input);
  return db.$transaction(async (tx) => {
    const before = await lockedState(tx, id);
    let assignee: { id: string; name: string } | null = null;
    if (assigneeId) {
      assignee = await tx.user.findFirst({ where: { id: assigneeId, role: "admin" }, select: { id: true, name: true } });
      if (!assignee) throw invalid({ assigned_to: [NOT_AN_ADMIN] }, NOT_AN_ADMIN);
    }
    if (before.assignedToId === (assignee?.id ?? null)) return messageDetail(id, tx);
    const { count } = await tx.contactMessage.updateMany({ where: { id, deletedAt: null, assignedToId: before.assignedToId }, data: { assignedToId: assignee?.id ?? null } });
    if (count !== 1) throw conflict("El mensaje cambió mientras tanto. Recarga la página e inténtalo de nuevo.");
    await recordAudit(tx, actor, {
      action: "contact_message.assign",
      entityType: "contact_message",
      entityId: id,
      before: { assigned_to: before.assignedToId },
      after: { assigned_to: assignee?.id ?? null },
    });
    await recordEvent(tx, id, actor.id, "assigned", { to_id: assignee?.id ?? null, to_name: assignee?.name ?? null });
    if (assignee && assignee.id !== actor.id) {
      await notifyUser(
        assignee.id,
        {
          type: "contact_assigned",
          title: `Se te asignó la conversación C-${id}`,
          body: `${actor.name} te asignó esta conversación.`,
          link: `/admin/contact-messages?id=${id}`,
          data: { contact_message_id: id },
        },
        tx,
      );
    }
    return messageDetail(id, tx);
  });
}

export const MERGE_SAME_SENDER = "Solo se pueden unir conversaciones del mismo remitente.";

/**
 * "Unir con…": conversation `id` is merged into `into` (same sender's e-mail): its entries move
 * there, preceded by its first message as an event, and it is closed with a link to the other.
 * Both are audited; the merged one stays readable (closed, merged_into_id).
 */
export async function mergeContactMessage(actor: AdminActor, id: number, input: unknown): Promise<ContactMessageDetail> {
  const { into } = parseWith(contactMergeSchema, input);
  if (into === id) throw invalid({ into: ["Elige otra conversación."] }, "Elige otra conversación.");
  return db.$transaction(async (tx) => {
    // Both rows locked in id order, so two merges at once cannot deadlock or cross.
    await tx.$queryRaw`SELECT id FROM contact_messages WHERE id IN (${Math.min(id, into)}, ${Math.max(id, into)}) ORDER BY id FOR UPDATE`;
    const source = await lockedState(tx, id);
    await lockedState(tx, into);
    const [from, to] = await Promise.all([
      tx.contactMessage.findUniqueOrThrow({ where: { id }, select: { email: true, subject: true, message: true, createdAt: true, mergedIntoId: true } }),
      tx.contactMessage.findUniqueOrThrow({ where: { id: into }, select: { email: true, mergedIntoId: true } }),
    ]);
    if (from.email.toLowerCase() !== to.email.toLowerCase()) throw conflict(MERGE_SAME_SENDER);
    if (from.mergedIntoId !== null) throw conflict("Esta conversación ya se unió a otra.");
    if (to.mergedIntoId !== null) throw conflict("No se puede unir con una conversación que ya se unió a otra.");
    const now = new Date();
    await recordEvent(tx, into, actor.id, "merged", { from_id: id, subject: from.subject, message: from.message.slice(0, 2000), created_at: from.createdAt.toISOString() }, from.createdAt);
    const moved = await tx.contactEntry.updateMany({ where: { messageId: id }, data: { messageId: into } });
    await recordEvent(tx, id, actor.id, "merged_into", { into_id: into }, now);
    await transition(tx, actor, source, "contact_message.merge", {
      status: "closed",
      previousStatus: source.status === "closed" ? source.previousStatus : source.status,
      statusChangedAt: now,
      mergedIntoId: into,
    });
    await recordAudit(tx, actor, {
      action: "contact_message.merge_into",
      entityType: "contact_message",
      entityId: into,
      after: { merged_from: id, moved_entries: moved.count },
    });
    return messageDetail(into, tx);
  });
}

// ── Delete and undo ───────────────────────────────────────────────────────────────────

/** A deleted message's notifications stop counting as unread in the bells (they go when it is purged). */
async function settleNotificationsOfDeleted(tx: Tx, ids: number[], now: Date) {
  if (ids.length === 0) return;
  await tx.notification.updateMany({ where: { ...notificationsAbout(ids), readAt: null }, data: { readAt: now } });
}

/** DELETE /{id}: hides the message at once (soft delete); restorable for a few seconds. */
export async function deleteContactMessage(actor: AdminActor, id: number): Promise<{ id: number; deleted_at: string }> {
  const deletedAt = new Date();
  await db.$transaction(async (tx) => {
    const before = await lockedState(tx, id);
    await transition(tx, actor, before, "contact_message.delete", { deletedAt });
    await settleNotificationsOfDeleted(tx, [id], deletedAt);
  });
  await purgeDeletedContactMessages();
  return { id, deleted_at: deletedAt.toISOString() };
}

/** "Deshacer": brings back messages deleted less than RESTORE_WINDOW_SECONDS ago. */
export async function restoreContactMessages(actor: AdminActor, input: unknown): Promise<{ restored: number }> {
  const { ids } = parseWith(contactIdsSchema, input);
  const since = new Date(Date.now() - RESTORE_WINDOW_SECONDS * 1000);
  return db.$transaction(async (tx) => {
    const rows = await tx.contactMessage.findMany({ where: { id: { in: ids }, deletedAt: { gte: since } }, select: stateSelect });
    const restored = await tx.contactMessage.updateManyAndReturn({
      where: { id: { in: rows.map((row) => row.id) }, deletedAt: { gte: since } },
      data: { deletedAt: null },
      select: { id: true },
    });
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const { id } of restored) {
      await recordAudit(tx, actor, {
        action: "contact_message.restore",
        entityType: "contact_message",
        entityId: id,
        before: { deleted_at: byId.get(id)?.deletedAt ?? null },
        after: { deleted_at: null },
      });
    }
    return { restored: restored.length };
  });
}

/** POST /{id}/restore: one message; 404 when it does not exist, 409 when it cannot be restored. */
export async function restoreContactMessage(actor: AdminActor, id: number): Promise<ContactMessageDetail> {
  const row = await db.contactMessage.findUnique({ where: { id }, select: { deletedAt: true } });
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  if (!row.deletedAt) throw conflict("El mensaje no está eliminado.");
  const { restored } = await restoreContactMessages(actor, { ids: [id] });
  if (restored !== 1) throw conflict("Ya no se puede deshacer la eliminación de este mensaje.");
  return messageDetail(id);
}

// ── Bulk ───────────────────────────────────────────────────────────────────────────────

/**
 * POST /bulk: mark read (only `new` ones), archive (all but archived ones) or delete. Only rows
 * whose transition is allowed count in `affected`; each changed row gets its audit entry.
 */
export async function bulkUpdateContactMessages(actor: AdminActor, input: unknown): Promise<{ affected: number; ids: number[] }> {
  const bulk: ContactBulk = parseWith(contactBulkSchema, input);
  const now = new Date();
  const plan: Record<
    ContactBulk["action"],
    { where: Prisma.ContactMessageWhereInput; data: (row: MessageState) => Prisma.ContactMessageUpdateManyMutationInput; action: string; event?: string }
  > = {
    read: { where: { status: "new" }, data: () => ({ status: "read", readAt: now }), action: "contact_message.read" },
    close: {
      where: { status: { in: ["new", "read", "replied"] } },
      data: (row) => ({ status: "closed", previousStatus: row.status, statusChangedAt: now }),
      action: "contact_message.close",
      event: "closed",
    },
    archive: {
      where: { status: { not: "archived" } },
      data: (row) => ({ status: "archived", previousStatus: row.status, statusChangedAt: now }),
      action: "contact_message.archive",
      event: "archived",
    },
    delete: { where: {}, data: () => ({ deletedAt: now }), action: "contact_message.delete" },
  };
  const step = plan[bulk.action];
  const result = await db.$transaction(async (tx) => {
    const where = { id: { in: bulk.ids }, deletedAt: null, ...step.where };
    const before = await tx.contactMessage.findMany({ where, select: stateSelect });
    // Rows sharing a status change the same way: one statement per status met.
    const changed: MessageState[] = [];
    for (const status of new Set(before.map((row) => row.status))) {
      const sample = before.find((row) => row.status === status)!;
      changed.push(
        ...(await tx.contactMessage.updateManyAndReturn({
          where: { ...where, status, id: { in: before.filter((row) => row.status === status).map((row) => row.id) } },
          data: step.data(sample),
          select: stateSelect,
        })),
      );
    }
    const beforeById = new Map(before.map((row) => [row.id, row]));
    for (const after of changed) {
      if (step.event) await recordEvent(tx, after.id, actor.id, step.event, { from: beforeById.get(after.id)?.status ?? null, to: after.status }, now);
      await recordAudit(tx, actor, {
        action: step.action,
        entityType: "contact_message",
        entityId: after.id,
        before: auditState(beforeById.get(after.id) ?? {}),
        after: auditState(after),
      });
    }
    if (bulk.action === "delete") await settleNotificationsOfDeleted(tx, changed.map((row) => row.id), now);
    return { affected: changed.length, ids: changed.map((row) => row.id).sort((a, b) => a - b) };
  });
  if (bulk.action === "delete") await purgeDeletedContactMessages();
  return result;
}

// ── Notes ──────────────────────────────────────────────────────────────────────────────

/** POST /{id}/notes: an internal note (never e-mailed), with its author and time. */
export async function addContactNote(actor: AdminActor, id: number, input: unknown): Promise<ContactNoteItem> {
  const { body } = parseWith(contactNoteSchema, input);
  return db.$transaction(async (tx) => {
    await lockedState(tx, id);
    const note = await tx.contactEntry.create({
      data: { messageId: id, kind: "note", authorId: actor.id, body },
      select: { id: true, body: true, createdAt: true, author: { select: { id: true, name: true } } },
    });
    await recordAudit(tx, actor, {
      action: "contact_note.create",
      entityType: "contact_note",
      entityId: note.id,
      after: { message_id: id, body },
    });
    return serializeNote({ ...note, body: note.body ?? body });
  });
}
