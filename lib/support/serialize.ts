// Ticket rows → the contract's shapes (snake_case, ISO dates). Pure apart from the Prisma types.
import type { Prisma } from "@/lib/generated/prisma/client";
import { conversationReplyAddress } from "@/lib/conversations/addressing";
import { NO_MAIL_FIELDS, type ThreadAttachment, type ThreadEntryFields } from "@/lib/conversations/thread";
import type { ReplyStatusValue } from "@/lib/conversations/delivery";
import type { TicketPriorityCode, TicketStatusCode } from "./labels";

// A ticket opened by e-mail keeps the e-mail itself (its original text, sender, authenticity
// warning, Message-ID and attachments) in a client reply written in the same instant as the
// ticket: the ticket's description holds the text, and that reply is shown as the opening
// message, never as a reply of its own (see openingEmail).

/** A ticket's summary but its reply count (lists count the replies of their page apart: lib/support/queries.ts). */
export const ticketSummaryFieldsSelect = {
  id: true,
  subject: true,
  status: true,
  priority: true,
  closedAt: true,
  createdAt: true,
  updatedAt: true,
  user: { select: { id: true, name: true, email: true } },
  assignedTo: { select: { id: true, name: true } },
  // The first e-mailed reply: the opening e-mail when it was written with the ticket.
  replies: { where: { viaEmail: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: 1, select: { id: true, viaEmail: true, createdAt: true } },
} satisfies Prisma.TicketSelect;

export const ticketSummarySelect = { ...ticketSummaryFieldsSelect, _count: { select: { replies: true } } } satisfies Prisma.TicketSelect;

export const ticketDetailSelect = {
  ...ticketSummarySelect,
  description: true,
  replyToken: true,
  replies: {
    select: {
      id: true,
      body: true,
      fromStaff: true,
      createdAt: true,
      viaEmail: true,
      fromAddress: true,
      authWarning: true,
      deliveryStatus: true,
      attemptedAt: true,
      sentAt: true,
      deliveryError: true,
      serverResponse: true,
      author: { select: { id: true, name: true } },
      attachments: { select: { id: true, fileName: true, mime: true, bytes: true }, orderBy: { id: "asc" } },
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  },
  events: {
    select: { id: true, actorId: true, fromStatus: true, toStatus: true, createdAt: true, actor: { select: { id: true, name: true } } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  },
} satisfies Prisma.TicketSelect;

type SummaryRow = Prisma.TicketGetPayload<{ select: typeof ticketSummarySelect }>;
type DetailRow = Prisma.TicketGetPayload<{ select: typeof ticketDetailSelect }>;
type DetailReply = DetailRow["replies"][number];

export type TicketUserContract = { id: string; name: string; email: string };

/** A ticket in a list. */
export type TicketSummaryContract = {
  id: number;
  subject: string;
  status: TicketStatusCode;
  priority: TicketPriorityCode;
  replies_count: number;
  created_at: string;
  /** The last reply, status or priority change (the ticket's updated_at). */
  last_activity_at: string;
  closed_at: string | null;
  user: TicketUserContract;
};

/** A ticket in the admins' list: also who it is assigned to (an admin), if anyone. */
export type AdminTicketSummaryContract = TicketSummaryContract & {
  assigned_to: { id: string; name: string } | null;
};

/** One entry of a ticket's conversation: the opening message, a reply, or a status change. */
export type TicketConversationEntry =
  | {
      type: "message";
      /** "description" for the opening message, "reply-<id>" for a reply. */
      id: string;
      body: string;
      from_staff: boolean;
      /** Written in an e-mail (the client's answer to one of ours, or the e-mail that opened the ticket). */
      via_email: boolean;
      /** Only the name: staff accounts' ids are not the client's business. Null: account deleted. */
      author: { name: string } | null;
      created_at: string;
    }
  | {
      type: "status_change";
      id: string;
      from_status: TicketStatusCode;
      to_status: TicketStatusCode;
      /** Who changed it (null: the account no longer exists or nobody did); `is_staff` unless it was the client. */
      actor: { name: string; is_staff: boolean } | null;
      created_at: string;
    };

/** A ticket with its conversation (the description, the replies and the status changes, by time). */
export type TicketDetailContract = TicketSummaryContract & {
  description: string;
  conversation: TicketConversationEntry[];
};

export type TicketAttachmentContract = ThreadAttachment;

/**
 * One entry of a ticket's thread for admins, in the shape contact conversations share:
 * `message` is the description (the opening message), `reply` a staff reply (with where its
 * e-mail stands), `inbound` a client's reply by the portal or by e-mail, `event` a status change
 * (`data: { from, to }`, no body).
 */
export type TicketThreadEntry = ThreadEntryFields & {
  /** "description", "reply-<id>" or "event-<id>", as in `conversation`; an e-mailed entry's original is at GET …/replies/{reply_id}/original. */
  kind: "message" | "reply" | "inbound" | "event";
  attachments: TicketAttachmentContract[];
  /** How the client's words arrived: the portal or an e-mail (null for staff replies and events). */
  via: "portal" | "email" | null;
  /** The ticket reply this entry is stored as (null for a description typed in the portal, and for events). */
  reply_id: number | null;
  /** An event's name ("status_changed"); null for every other kind. */
  event: "status_changed" | null;
  /** An event's status change; null for every other kind. */
  data: { from: TicketStatusCode; to: TicketStatusCode } | null;
};

/** The admins' view of a ticket: the client's detail, the assignee, and the thread with e-mail details. */
export type AdminTicketDetailContract = AdminTicketSummaryContract & {
  description: string;
  /** The ticket's reply address (soporte+…@…) its mails answer to, or null when inbound e-mail is not configured. */
  reply_address: string | null;
  conversation: TicketConversationEntry[];
  /** The same conversation, oldest first, in the shape shared with contact conversations. */
  entries: TicketThreadEntry[];
};

/** Where a staff reply's e-mail stands after an attempt. */
export type ReplyDelivery = { sent: boolean; status: ReplyStatusValue; error: string | null };

/** A staff reply or its "Reenviar": the ticket as admins see it, and the e-mail's outcome. */
export type StaffReplyResult = { ticket: AdminTicketDetailContract; delivery: ReplyDelivery };

/**
 * The reply that carries the e-mail a ticket was opened by: an e-mailed reply written in the
 * same instant as the ticket (openTicketFromEmail writes both with one timestamp; any later
 * reply needs the ticket committed first). Null for a ticket opened in the portal.
 */
export function openingEmail<R extends { id: number; viaEmail: boolean; createdAt: Date }>(row: { createdAt: Date; replies: R[] }): R | null {
  return row.replies.find((reply) => reply.viaEmail && reply.createdAt.getTime() === row.createdAt.getTime()) ?? null;
}

export function serializeTicketSummary(row: SummaryRow): TicketSummaryContract {
  return {
    id: row.id,
    subject: row.subject,
    status: row.status,
    priority: row.priority,
    replies_count: row._count.replies - (openingEmail(row) ? 1 : 0),
    created_at: row.createdAt.toISOString(),
    last_activity_at: row.updatedAt.toISOString(),
    closed_at: row.closedAt ? row.closedAt.toISOString() : null,
    user: { id: row.user.id, name: row.user.name, email: row.user.email },
  };
}

export function serializeAdminTicketSummary(row: SummaryRow): AdminTicketSummaryContract {
  return { ...serializeTicketSummary(row), assigned_to: row.assignedTo ? { id: row.assignedTo.id, name: row.assignedTo.name } : null };
}

/** Entries sorted by time; on a tie the description first, then replies, then the status change they caused. */
function byTime<T>(entries: { entry: T; at: number; order: number }[]): T[] {
  return entries.sort((a, b) => a.at - b.at || a.order - b.order).map(({ entry }) => entry);
}

/** The replies shown as replies: every one but the opening e-mail. */
function threadReplies(row: DetailRow): { opening: DetailReply | null; replies: DetailReply[] } {
  const opening = openingEmail(row);
  return { opening, replies: opening ? row.replies.filter((reply) => reply.id !== opening.id) : row.replies };
}

function conversationOf(row: DetailRow): TicketConversationEntry[] {
  const { opening, replies } = threadReplies(row);
  return byTime<TicketConversationEntry>([
    {
      entry: {
        type: "message",
        id: "description",
        body: row.description,
        from_staff: false,
        via_email: opening !== null,
        author: { name: row.user.name },
        created_at: row.createdAt.toISOString(),
      },
      at: row.createdAt.getTime(),
      order: 0,
    },
    ...replies.map((reply) => ({
      entry: {
        type: "message" as const,
        id: `reply-${reply.id}`,
        body: reply.body,
        from_staff: reply.fromStaff,
        via_email: reply.viaEmail,
        author: reply.author ? { name: reply.author.name } : null,
        created_at: reply.createdAt.toISOString(),
      },
      at: reply.createdAt.getTime(),
      order: 1,
    })),
    ...row.events.map((event) => ({
      entry: {
        type: "status_change" as const,
        id: `event-${event.id}`,
        from_status: event.fromStatus,
        to_status: event.toStatus,
        // Staff is anyone but the ticket's owner, as it was then (a later role change does not rewrite history).
        actor: event.actor ? { name: event.actor.name, is_staff: event.actorId !== row.user.id } : null,
        created_at: event.createdAt.toISOString(),
      },
      at: event.createdAt.getTime(),
      // A reply and the status change it causes share a transaction: the reply comes first.
      order: 2,
    })),
  ]);
}

export function serializeTicketDetail(row: DetailRow): TicketDetailContract {
  return { ...serializeTicketSummary(row), description: row.description, conversation: conversationOf(row) };
}

/** Where an admin downloads an e-mailed attachment. */
export const ticketAttachmentUrl = (ticketId: number, attachmentId: number) => `/api/v1/admin/tickets/${ticketId}/attachments/${attachmentId}`;

const EMPTY_ENTRY = { ...NO_MAIL_FIELDS, event: null, via: null, reply_id: null, data: null } satisfies Partial<TicketThreadEntry>;

/** What an e-mailed client reply (or the opening e-mail) adds to its entry. */
function emailedParts(ticketId: number, reply: DetailReply) {
  return {
    via: reply.viaEmail ? ("email" as const) : ("portal" as const),
    from_address: reply.viaEmail ? reply.fromAddress : null,
    auth_warning: reply.viaEmail ? reply.authWarning : null,
    // Every e-mailed reply is stored with the e-mail as received.
    original_available: reply.viaEmail,
    reply_id: reply.id,
    attachments: reply.attachments.map((file) => ({
      id: file.id,
      file_name: file.fileName,
      mime: file.mime,
      bytes: file.bytes,
      url: ticketAttachmentUrl(ticketId, file.id),
    })),
  };
}

function entriesOf(row: DetailRow): TicketThreadEntry[] {
  const { opening, replies } = threadReplies(row);
  return byTime<TicketThreadEntry>([
    {
      entry: {
        ...EMPTY_ENTRY,
        id: "description",
        kind: "message",
        body: row.description,
        author: { id: row.user.id, name: row.user.name },
        created_at: row.createdAt.toISOString(),
        via: "portal",
        ...(opening ? emailedParts(row.id, opening) : {}),
      },
      at: row.createdAt.getTime(),
      order: 0,
    },
    ...replies.map((reply) => ({
      entry: {
        ...EMPTY_ENTRY,
        id: `reply-${reply.id}`,
        kind: reply.fromStaff ? ("reply" as const) : ("inbound" as const),
        body: reply.body,
        author: reply.author ? { id: reply.author.id, name: reply.author.name } : null,
        created_at: reply.createdAt.toISOString(),
        ...(reply.fromStaff
          ? {
              reply_id: reply.id,
              delivery_status: reply.deliveryStatus,
              attempted_at: reply.attemptedAt?.toISOString() ?? null,
              sent_at: reply.sentAt?.toISOString() ?? null,
              delivery_error: reply.deliveryError,
              server_response: reply.serverResponse,
            }
          : emailedParts(row.id, reply)),
      },
      at: reply.createdAt.getTime(),
      order: 1,
    })),
    ...row.events.map((event) => ({
      entry: {
        ...EMPTY_ENTRY,
        id: `event-${event.id}`,
        kind: "event" as const,
        body: null,
        author: event.actor ? { id: event.actor.id, name: event.actor.name } : null,
        created_at: event.createdAt.toISOString(),
        event: "status_changed" as const,
        data: { from: event.fromStatus, to: event.toStatus },
      },
      at: event.createdAt.getTime(),
      order: 2,
    })),
  ]);
}

export function serializeAdminTicketDetail(row: DetailRow): AdminTicketDetailContract {
  return {
    ...serializeAdminTicketSummary(row),
    description: row.description,
    reply_address: conversationReplyAddress(row.replyToken),
    conversation: conversationOf(row),
    entries: entriesOf(row),
  };
}
