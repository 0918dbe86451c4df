import "server-only";
import { recordAudit } from "@/lib/audit/service";
import type { AdminActor } from "@/lib/auth/actor";
import { db } from "@/lib/db";
import { conflict, notFound, parseWith } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { contactBulkSchema, contactIdsSchema, contactNoteSchema, contactUpdateSchema, type ContactBulk } from "./admin-schema";
import { serializeNote, type ContactMessageDetail, type ContactNoteItem } from "./admin-serialize";
import { archiveRefusal, closeRefusal, RESTORE_WINDOW_SECONDS } from "./inbox-rules";
import { auditState, lockedState, MESSAGE_NOT_FOUND, messageDetail, stateSelect, transition, type Tx } from "./message-state";
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

// ── Close, archive, or reply (PUT /{id}) ──────────────────────────────────────────────────

/** PUT /api/v1/admin/contact-messages/{id}: a reply, a close or an archive (contactUpdateSchema's three bodies). */
export async function updateContactMessage(actor: AdminActor, id: number, input: unknown): Promise<ContactUpdateResult> {
  const update = parseWith(contactUpdateSchema, input);
  if (update.status === "replied") return replyToContactMessage(actor, id, { reply: update.reply });
  const message = update.status === "closed" ? await closeContactMessage(actor, id) : await archiveContactMessage(actor, id);
  return { message, delivery: null };
}

export async function closeContactMessage(actor: AdminActor, id: number): Promise<ContactMessageDetail> {
  return db.$transaction(async (tx) => {
    const before = await lockedState(tx, id);
    const refusal = closeRefusal(before.status);
    if (refusal) throw conflict(refusal);
    await transition(tx, actor, before, "contact_message.close", { status: "closed" });
    return messageDetail(id, tx);
  });
}

export async function archiveContactMessage(actor: AdminActor, id: number): Promise<ContactMessageDetail> {
  return db.$transaction(async (tx) => {
    const before = await lockedState(tx, id);
    const refusal = archiveRefusal(before.status);
    if (refusal) throw conflict(refusal);
    await transition(tx, actor, before, "contact_message.archive", { status: "archived" });
    return messageDetail(id, tx);
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
  const plan: Record<ContactBulk["action"], { where: Prisma.ContactMessageWhereInput; data: Prisma.ContactMessageUpdateManyMutationInput; action: string }> = {
    read: { where: { status: "new" }, data: { status: "read", readAt: now }, action: "contact_message.read" },
    archive: { where: { status: { not: "archived" } }, data: { status: "archived" }, action: "contact_message.archive" },
    delete: { where: {}, data: { deletedAt: now }, action: "contact_message.delete" },
  };
  const step = plan[bulk.action];
  const result = await db.$transaction(async (tx) => {
    const where = { id: { in: bulk.ids }, deletedAt: null, ...step.where };
    const before = await tx.contactMessage.findMany({ where, select: stateSelect });
    const changed = await tx.contactMessage.updateManyAndReturn({
      where: { ...where, id: { in: before.map((row) => row.id) } },
      data: step.data,
      select: stateSelect,
    });
    const beforeById = new Map(before.map((row) => [row.id, row]));
    for (const after of changed) {
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
    const note = await tx.contactNote.create({
      data: { messageId: id, authorId: actor.id, body },
      select: { id: true, body: true, createdAt: true, author: { select: { id: true, name: true } } },
    });
    await recordAudit(tx, actor, {
      action: "contact_note.create",
      entityType: "contact_note",
      entityId: note.id,
      after: { message_id: id, body },
    });
    return serializeNote(note);
  });
}
