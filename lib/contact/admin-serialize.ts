import type { ThreadAttachment, ThreadEntryFields } from "@/lib/conversations/thread";
import type { ContactStatusValue, ReplyStatusValue } from "./inbox-rules";

// Contact messages as the admin API and the inbox screen read them (snake_case, dates as ISO
// strings). Pure: client components import the types.

export type ContactSectorRef = { id: number; name: string } | null;

/** One row of the paged list (and of the CSV export). */
export type ContactMessageItem = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  sector: ContactSectorRef;
  subject: string | null;
  message: string;
  status: ContactStatusValue;
  created_at: string;
  read_at: string | null;
  replied_at: string | null;
  reply_text: string | null;
  /** Where the reply's e-mail stands: sending, sent, failed or not_configured; null without a reply. */
  reply_status: ReplyStatusValue | null;
  /** When the last attempt to e-mail the reply started. */
  reply_attempted_at: string | null;
  /** When the mail server accepted the reply; null while not sent. */
  reply_sent_at: string | null;
  /** The last sending error (short, no credentials); null unless reply_status is failed. */
  reply_error: string | null;
  ip_address: string | null;
  user_agent: string | null;
  /** The admin this conversation is assigned to ("Asignado a"), or null. */
  assigned_to: { id: string; name: string } | null;
  /** How it started: the contact form (or POST /contact), or an e-mail. */
  origin: "form" | "email";
};

export type ContactNoteItem = {
  id: number;
  body: string;
  created_at: string;
  author: { id: string; name: string } | null;
};

export type ContactEntryKind = "message" | "reply" | "inbound" | "note" | "event";

export type ContactAttachmentItem = ThreadAttachment;

/**
 * One entry of the conversation, oldest first: the visitor's first message ("message"), a staff
 * reply (e-mailed), the visitor's e-mailed answer ("inbound"), an internal note, or a status event.
 * Its id is "message" for the opening message, "entry-<n>" for the others; an e-mailed entry's
 * original is at GET …/entries/{n}/original.
 */
export type ContactEntryItem = ThreadEntryFields & {
  kind: ContactEntryKind;
  /** An event's name (closed, reopened, archived, unarchived, restored, assigned, merged, auto_reply, bounce, …). */
  event: string | null;
  data: Record<string, unknown> | null;
};

/** The detail (modal, GET /{id}): the row, the latest reply's bookkeeping, and the whole thread. */
export type ContactMessageDetail = ContactMessageItem & {
  reply_message_id: string | null;
  replied_by: { id: string; name: string } | null;
  /** The status a close or an archive came from: where "Desarchivar" and "Deshacer" return. */
  previous_status: ContactStatusValue | null;
  status_changed_at: string | null;
  /** Set when this conversation was merged into another. */
  merged_into_id: number | null;
  /** The conversation's reply address (soporte+…@…), or null when inbound e-mail is not configured. */
  reply_address: string | null;
  entries: ContactEntryItem[];
  /** The internal notes alone (the "note" entries), as before the thread existed. */
  notes: ContactNoteItem[];
};

export type ReplyTemplateItem = { id: number; name: string; body: string; created_at: string; updated_at: string };

/** What a reply or a resend reports about the e-mail (the reply itself is stored either way). */
export type ReplyDelivery = { sent: boolean; status: ReplyStatusValue; error: string | null };

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/** The columns a list row needs, whether read by Prisma or by raw SQL (snake_case aliases). */
export type ContactMessageRow = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  sectorId: number | null;
  sectorName: string | null;
  subject: string | null;
  message: string;
  status: ContactStatusValue;
  createdAt: Date;
  readAt: Date | null;
  repliedAt: Date | null;
  replyText: string | null;
  replyStatus: ReplyStatusValue | null;
  replyAttemptedAt: Date | null;
  replySentAt: Date | null;
  replyError: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  assignedToId: string | null;
  assignedToName: string | null;
  origin: string;
};

export function serializeContactRow(row: ContactMessageRow): ContactMessageItem {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    sector: row.sectorId !== null && row.sectorName !== null ? { id: row.sectorId, name: row.sectorName } : null,
    subject: row.subject,
    message: row.message,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    read_at: iso(row.readAt),
    replied_at: iso(row.repliedAt),
    reply_text: row.replyText,
    // A reply with no recorded state (not written by this version) is not claimed as sent.
    reply_status: row.replyText === null ? null : (row.replyStatus ?? (row.replySentAt ? "sent" : "sending")),
    reply_attempted_at: iso(row.replyAttemptedAt),
    reply_sent_at: iso(row.replySentAt),
    reply_error: row.replyError,
    ip_address: row.ipAddress,
    user_agent: row.userAgent,
    assigned_to: row.assignedToId && row.assignedToName !== null ? { id: row.assignedToId, name: row.assignedToName } : null,
    origin: row.origin === "email" ? "email" : "form",
  };
}

export function serializeNote(note: {
  id: number;
  body: string;
  createdAt: Date;
  author: { id: string; name: string } | null;
}): ContactNoteItem {
  return { id: note.id, body: note.body, created_at: note.createdAt.toISOString(), author: note.author };
}

export function serializeTemplate(row: { id: number; name: string; body: string; createdAt: Date; updatedAt: Date }): ReplyTemplateItem {
  return { id: row.id, name: row.name, body: row.body, created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString() };
}
