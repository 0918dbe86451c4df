// Ticket rows → the contract's shapes (snake_case, ISO dates). Pure apart from the Prisma types.
import type { Prisma } from "@/lib/generated/prisma/client";
import type { TicketPriorityCode, TicketStatusCode } from "./labels";

export const ticketSummarySelect = {
  id: true,
  subject: true,
  status: true,
  priority: true,
  closedAt: true,
  createdAt: true,
  updatedAt: true,
  user: { select: { id: true, name: true, email: true } },
  _count: { select: { replies: true } },
} satisfies Prisma.TicketSelect;

export const ticketDetailSelect = {
  ...ticketSummarySelect,
  description: true,
  replies: {
    select: { id: true, body: true, fromStaff: true, createdAt: true, author: { select: { name: true } } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  },
  events: {
    select: { id: true, actorId: true, fromStatus: true, toStatus: true, createdAt: true, actor: { select: { name: true } } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  },
} satisfies Prisma.TicketSelect;

type SummaryRow = Prisma.TicketGetPayload<{ select: typeof ticketSummarySelect }>;
type DetailRow = Prisma.TicketGetPayload<{ select: typeof ticketDetailSelect }>;

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

/** One entry of a ticket's conversation: the opening message, a reply, or a status change. */
export type TicketConversationEntry =
  | {
      type: "message";
      /** "description" for the opening message, "reply-<id>" for a reply. */
      id: string;
      body: string;
      from_staff: boolean;
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

export function serializeTicketSummary(row: SummaryRow): TicketSummaryContract {
  return {
    id: row.id,
    subject: row.subject,
    status: row.status,
    priority: row.priority,
    replies_count: row._count.replies,
    created_at: row.createdAt.toISOString(),
    last_activity_at: row.updatedAt.toISOString(),
    closed_at: row.closedAt ? row.closedAt.toISOString() : null,
    user: { id: row.user.id, name: row.user.name, email: row.user.email },
  };
}

export function serializeTicketDetail(row: DetailRow): TicketDetailContract {
  const entries: (TicketConversationEntry & { at: number; order: number })[] = [
    {
      type: "message",
      id: "description",
      body: row.description,
      from_staff: false,
      author: { name: row.user.name },
      created_at: row.createdAt.toISOString(),
      at: row.createdAt.getTime(),
      order: 0,
    },
    ...row.replies.map((reply) => ({
      type: "message" as const,
      id: `reply-${reply.id}`,
      body: reply.body,
      from_staff: reply.fromStaff,
      author: reply.author ? { name: reply.author.name } : null,
      created_at: reply.createdAt.toISOString(),
      at: reply.createdAt.getTime(),
      order: 1,
    })),
    ...row.events.map((event) => ({
      type: "status_change" as const,
      id: `event-${event.id}`,
      from_status: event.fromStatus,
      to_status: event.toStatus,
      // Staff is anyone but the ticket's owner, as it was then (a later role change does not rewrite history).
      actor: event.actor ? { name: event.actor.name, is_staff: event.actorId !== row.user.id } : null,
      created_at: event.createdAt.toISOString(),
      at: event.createdAt.getTime(),
      // A reply and the status change it causes share a transaction: the reply comes first.
      order: 2,
    })),
  ];
  entries.sort((a, b) => a.at - b.at || a.order - b.order);
  return {
    ...serializeTicketSummary(row),
    description: row.description,
    conversation: entries.map((entry) => {
      const rest: Partial<typeof entry> = { ...entry };
      delete rest.at;
      delete rest.order;
      return rest as TicketConversationEntry;
    }),
  };
}
