"use server";

import { requireActor } from "@/lib/auth/actor";
import { runAction, type ActionResult } from "@/lib/actions/run";
import { notFound } from "@/lib/errors";
import type { ContactMessageDetail, ContactNoteItem, ReplyTemplateItem } from "@/lib/contact/admin-serialize";
import {
  addContactNote,
  bulkUpdateContactMessages,
  deleteContactMessage,
  openContactMessage,
  restoreContactMessages,
  updateContactMessage,
} from "@/lib/contact/inbox";
import { MESSAGE_NOT_FOUND } from "@/lib/contact/message-state";
import { resendContactReply, type ContactUpdateResult } from "@/lib/contact/reply-delivery";
import { createReplyTemplate, deleteReplyTemplate, TEMPLATE_NOT_FOUND, updateReplyTemplate } from "@/lib/contact/reply-templates";

// The inbox screen's server actions: each one checks the admin, then calls the SAME service
// function as the REST handler (lib/contact/admin-service.ts), which validates the input with
// the domain's zod schema and writes with its audit entry. Outcomes come back as ActionResult
// (the 404/409/422 message in Spanish), never as a thrown error.

/** An id the browser sent: only a positive 32-bit integer can name a record. */
function recordId(value: unknown, missing: string): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > 2_147_483_647) throw notFound(missing);
  return value;
}

/** Opens a message in the modal: a `new` one becomes `read` (spec §4). */
export async function openContactMessageAction(id: number): Promise<ActionResult<ContactMessageDetail>> {
  return runAction(async () => openContactMessage(await requireActor("admin"), recordId(id, MESSAGE_NOT_FOUND)));
}

/** Responder / Cerrar mensaje / Archivar: `{ status: "replied", reply }`, `{ status: "closed" }`, `{ status: "archived" }`. */
export async function updateContactMessageAction(id: number, input: unknown): Promise<ActionResult<ContactUpdateResult>> {
  return runAction(async () => updateContactMessage(await requireActor("admin"), recordId(id, MESSAGE_NOT_FOUND), input));
}

/** "Reenviar": the stored reply, e-mailed again. */
export async function resendContactReplyAction(id: number): Promise<ActionResult<ContactUpdateResult>> {
  return runAction(async () => resendContactReply(await requireActor("admin"), recordId(id, MESSAGE_NOT_FOUND)));
}

export async function deleteContactMessageAction(id: number): Promise<ActionResult<{ id: number; deleted_at: string }>> {
  return runAction(async () => deleteContactMessage(await requireActor("admin"), recordId(id, MESSAGE_NOT_FOUND)));
}

/** "Deshacer" after a delete (one message or a bulk delete). */
export async function restoreContactMessagesAction(ids: number[]): Promise<ActionResult<{ restored: number }>> {
  return runAction(async () => restoreContactMessages(await requireActor("admin"), { ids }));
}

/** The bulk bar: `{ ids, action: "read" | "archive" | "delete" }`. */
export async function bulkContactMessagesAction(input: unknown): Promise<ActionResult<{ affected: number; ids: number[] }>> {
  return runAction(async () => bulkUpdateContactMessages(await requireActor("admin"), input));
}

export async function addContactNoteAction(id: number, input: unknown): Promise<ActionResult<ContactNoteItem>> {
  return runAction(async () => addContactNote(await requireActor("admin"), recordId(id, MESSAGE_NOT_FOUND), input));
}

export async function createReplyTemplateAction(input: unknown): Promise<ActionResult<ReplyTemplateItem>> {
  return runAction(async () => createReplyTemplate(await requireActor("admin"), input));
}

export async function updateReplyTemplateAction(id: number, input: unknown): Promise<ActionResult<ReplyTemplateItem>> {
  return runAction(async () => updateReplyTemplate(await requireActor("admin"), recordId(id, TEMPLATE_NOT_FOUND), input));
}

export async function deleteReplyTemplateAction(id: number): Promise<ActionResult<null>> {
  return runAction(async () => {
    await deleteReplyTemplate(await requireActor("admin"), recordId(id, TEMPLATE_NOT_FOUND));
    return null;
  });
}
