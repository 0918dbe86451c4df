// The bounds of a ticket's fields (the columns', prisma/schema.prisma, models Ticket and
// TicketReply). Pure, without zod: the forms read their maxLength here and import the schemas
// (lib/support/schema.ts) only when they first check what was typed.
export const TICKET_LIMITS = { subject: 200, message: 10_000, body: 10_000 } as const;
