import type { ReplyStatusValue } from "./delivery";

// The shape every conversation's thread shares, contact conversations and tickets alike: one entry
// per message, reply, e-mailed answer, note or event, oldest first. Each side adds its own kinds
// and fields (a ticket's `via` and `reply_id`). Pure: screens import the types.

/** A file that came with an e-mailed entry, downloaded by staff through `url`. */
export type ThreadAttachment = { id: number; file_name: string; mime: string; bytes: number; url: string };

export type ThreadEntryFields = {
  id: string;
  /** The text (for an e-mailed answer: without the quoted history and signature); null for events. */
  body: string | null;
  /** The writer (for an event, who made the change); null when unknown or the account no longer exists. */
  author: { id: string; name: string } | null;
  created_at: string;
  /** A staff reply's e-mail: sending, sent, failed or not_configured; null for the other kinds. */
  delivery_status: ReplyStatusValue | null;
  /** When its e-mail was last attempted, and when the mail server took it. */
  attempted_at: string | null;
  sent_at: string | null;
  /** Why its e-mail failed (short, no credentials), or bounced. */
  delivery_error: string | null;
  /** The mail server's answer when it took the e-mail. */
  server_response: string | null;
  /** An e-mailed entry's sender, and why it may not be who it claims (DKIM, SPF, DMARC failed). */
  from_address: string | null;
  auth_warning: string | null;
  /** An e-mailed entry keeps the whole text as received (its own "original" route). */
  original_available: boolean;
  attachments: ThreadAttachment[];
};

/** The fields an entry without e-mail (a note, an event, a typed message) leaves empty. */
export const NO_MAIL_FIELDS = {
  delivery_status: null,
  attempted_at: null,
  sent_at: null,
  delivery_error: null,
  server_response: null,
  from_address: null,
  auth_warning: null,
  original_available: false,
  attachments: [],
} satisfies Partial<ThreadEntryFields>;
