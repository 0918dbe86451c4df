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
};

export type ContactNoteItem = {
  id: number;
  body: string;
  created_at: string;
  author: { id: string; name: string } | null;
};

/** The detail (modal, GET /{id}): the row plus the reply's bookkeeping and the internal notes. */
export type ContactMessageDetail = ContactMessageItem & {
  reply_message_id: string | null;
  replied_by: { id: string; name: string } | null;
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
