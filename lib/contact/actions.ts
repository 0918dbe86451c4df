"use server";

import { headers } from "next/headers";
import { unstable_rethrow } from "next/navigation";
import { requireActor } from "@/lib/auth/actor";
import { runAction, type ActionResult } from "@/lib/actions/run";
import { clientIp } from "@/lib/client-address";
import { asDomainError } from "@/lib/db-errors";
import { notFound } from "@/lib/errors";
import { parseRecordId } from "@/lib/ids";
import type { ContactMessageDetail, ContactNoteItem, ReplyTemplateItem } from "@/lib/contact/admin-serialize";
import { listMergeCandidates } from "@/lib/contact/admin-queries";
import {
  addContactNote,
  assignContactMessage,
  bulkUpdateContactMessages,
  deleteContactMessage,
  mergeContactMessage,
  openContactMessage,
  reopenContactMessage,
  restoreContactMessages,
  unarchiveContactMessage,
  undoStatusChanges,
  updateContactMessage,
} from "@/lib/contact/inbox";
import { MESSAGE_NOT_FOUND } from "@/lib/contact/message-state";
import { resendContactReply, type ContactUpdateResult } from "@/lib/contact/reply-delivery";
import { createReplyTemplate, deleteReplyTemplate, TEMPLATE_NOT_FOUND, updateReplyTemplate } from "@/lib/contact/reply-templates";
import { CONTACT_MESSAGES, contactFormFields, EMPTY_CONTACT_FORM, type ContactFormState } from "@/lib/contact/form";
import { submitContactMessage } from "@/lib/contact/service";

// The contact messages' server actions: the public contact form's, and the back office inbox's.

// ── Public contact form ──────────────────────────────────────────────────────

/**
 * The contact form's server action: what a browser without JavaScript posts to (the page
 * itself stays static; only this action reads the request headers). Same service as the API.
 */
export async function sendContactMessage(_previous: ContactFormState, formData: FormData): Promise<ContactFormState> {
  // A hand-made request can decode to anything; only a real form has fields.
  const input = formData instanceof FormData ? contactFormFields(formData) : { ...EMPTY_CONTACT_FORM, privacy_accepted: false };

  try {
    const requestHeaders = await headers();
    await submitContactMessage(input, {
      ipAddress: clientIp(requestHeaders),
      userAgent: requestHeaders.get("user-agent"),
    });
    return { status: "success", message: CONTACT_MESSAGES.success, submittedAt: Date.now() };
  } catch (error) {
    unstable_rethrow(error);
    // What was typed comes back, so the visitor can correct it instead of starting over.
    // The consent box is not sent back: the visitor ticks it again.
    const values = { ...input, privacy_accepted: undefined, website: "" };
    // A refused input (422, 429) or a database that is down (503): its Spanish message.
    const known = asDomainError(error, "contact");
    if (known) {
      return { status: "error", message: known.message, errors: known.fieldErrors, values, submittedAt: Date.now() };
    }
    console.error("[contacto] No se pudo enviar el mensaje", error);
    return { status: "error", message: CONTACT_MESSAGES.failure, values, submittedAt: Date.now() };
  }
}

// ── Back office inbox ────────────────────────────────────────────────────────

// Each one checks the admin, then calls the SAME service function as the REST handler
// (lib/contact/inbox.ts, reply-delivery.ts, reply-templates.ts), which validates the input with
// the domain's zod schema and writes with its audit entry. Outcomes come back as ActionResult
// (the 404/409/422 message in Spanish), never as a thrown error.

/** An id the browser sent: only a number, and one the record-id rule accepts (lib/ids.ts), names a record. */
function recordId(value: unknown, missing: string): number {
  if (typeof value !== "number") throw notFound(missing);
  return parseRecordId(value, missing);
}

/** Opens a message in the modal: a `new` one becomes `read`. */
export async function openContactMessageAction(id: number): Promise<ActionResult<ContactMessageDetail>> {
  return runAction(async () => openContactMessage(await requireActor("admin"), recordId(id, MESSAGE_NOT_FOUND)));
}

/** Responder / Cerrar mensaje / Archivar: `{ status: "replied", reply }`, `{ status: "closed" }`, `{ status: "archived" }`. */
export async function updateContactMessageAction(id: number, input: unknown): Promise<ActionResult<ContactUpdateResult>> {
  return runAction(async () => updateContactMessage(await requireActor("admin"), recordId(id, MESSAGE_NOT_FOUND), input));
}

/** "Reenviar": a stored reply (`entryId`, else the latest), e-mailed again. */
export async function resendContactReplyAction(id: number, entryId?: number): Promise<ActionResult<ContactUpdateResult>> {
  return runAction(async () =>
    resendContactReply(await requireActor("admin"), recordId(id, MESSAGE_NOT_FOUND), entryId === undefined ? {} : { entry_id: entryId }),
  );
}

/** "Reabrir": a closed conversation becomes read. */
export async function reopenContactMessageAction(id: number): Promise<ActionResult<ContactMessageDetail>> {
  return runAction(async () => reopenContactMessage(await requireActor("admin"), recordId(id, MESSAGE_NOT_FOUND)));
}

/** "Desarchivar": back to the status it had before the archive. */
export async function unarchiveContactMessageAction(id: number): Promise<ActionResult<ContactMessageDetail>> {
  return runAction(async () => unarchiveContactMessage(await requireActor("admin"), recordId(id, MESSAGE_NOT_FOUND)));
}

/** "Deshacer" after a close or an archive (one message, in bulk, or the `e` key). */
export async function undoContactStatusAction(ids: number[]): Promise<ActionResult<{ restored: number; ids: number[] }>> {
  return runAction(async () => undoStatusChanges(await requireActor("admin"), { ids }));
}

/** "Asignado a": an admin's id, or null. */
export async function assignContactMessageAction(id: number, assignedTo: string | null): Promise<ActionResult<ContactMessageDetail>> {
  return runAction(async () => assignContactMessage(await requireActor("admin"), recordId(id, MESSAGE_NOT_FOUND), { assigned_to: assignedTo }));
}

/** The sender's other conversations, for "Unir con…". */
export async function mergeCandidatesAction(id: number): Promise<ActionResult<Awaited<ReturnType<typeof listMergeCandidates>>>> {
  return runAction(async () => {
    await requireActor("admin");
    return listMergeCandidates(recordId(id, MESSAGE_NOT_FOUND));
  });
}

/** "Unir con…": this conversation into `into` (same sender). */
export async function mergeContactMessageAction(id: number, into: number): Promise<ActionResult<ContactMessageDetail>> {
  return runAction(async () => mergeContactMessage(await requireActor("admin"), recordId(id, MESSAGE_NOT_FOUND), { into }));
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
