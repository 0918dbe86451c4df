import "server-only";
import { findSubjectReference, replyTokenFrom, type ConversationRef } from "@/lib/conversations/addressing";
import { db } from "@/lib/db";

// Which conversation an incoming e-mail answers, tried in this order, like the best help desks:
//   1. In-Reply-To / References naming a Message-ID we sent (any mail of ours: replies and
//      notifications, all logged with their id) or one we received in that conversation;
//   2. the plus-address it was sent to (soporte+<token>@…, the conversation's unguessable token);
//   3. a reference in the subject ("[#C-123]", "[#T-45]"), for clients that drop both.
// A candidate counts only when the sender IS the conversation's correspondent (the visitor's
// address for a contact conversation, the ticket owner's for a ticket): a forged In-Reply-To or a
// guessed subject reference from someone else never lands in another person's thread. A merged
// conversation leads to the one it was merged into; a deleted one matches nothing.

export type ThreadMatch = ConversationRef & { matchedBy: "header" | "address" | "subject" };

export type ThreadingInput = {
  from: string;
  inReplyTo: readonly string[];
  references: readonly string[];
  recipients: readonly string[];
  subject: string;
};

/** How far a chain of merges is followed. */
const MAX_MERGE_HOPS = 5;

async function contactCorrespondent(id: number): Promise<{ id: number; email: string } | null> {
  let current = id;
  for (let hop = 0; hop <= MAX_MERGE_HOPS; hop += 1) {
    const row = await db.contactMessage.findUnique({ where: { id: current }, select: { id: true, email: true, mergedIntoId: true, deletedAt: true } });
    if (!row || row.deletedAt) return null;
    if (row.mergedIntoId === null) return { id: row.id, email: row.email };
    current = row.mergedIntoId;
  }
  return null;
}

async function ticketCorrespondent(id: number): Promise<{ id: number; email: string } | null> {
  const row = await db.ticket.findUnique({ where: { id }, select: { id: true, user: { select: { email: true } } } });
  return row ? { id: row.id, email: row.user.email } : null;
}

/** The conversation `ref` names, when `from` is its correspondent. */
async function verified(ref: ConversationRef, from: string): Promise<ConversationRef | null> {
  const found = ref.kind === "contact" ? await contactCorrespondent(ref.id) : await ticketCorrespondent(ref.id);
  if (!found || found.email.toLowerCase() !== from) return null;
  return { kind: ref.kind, id: found.id };
}

/** The conversations named by these Message-IDs (ours or received there), newest reference first. */
async function byHeaders(ids: readonly string[]): Promise<ConversationRef[]> {
  const wanted = [...new Set(ids)].slice(-50);
  if (wanted.length === 0) return [];
  const [outbound, contactEntries, ticketReplies] = await Promise.all([
    db.outboundEmail.findMany({
      where: { messageId: { in: wanted }, relatedType: { in: ["contact_message", "ticket"] } },
      select: { messageId: true, relatedType: true, relatedId: true },
    }),
    db.contactEntry.findMany({ where: { mailMessageId: { in: wanted } }, select: { mailMessageId: true, messageId: true } }),
    db.ticketReply.findMany({ where: { mailMessageId: { in: wanted } }, select: { mailMessageId: true, ticketId: true } }),
  ]);
  const refs = new Map<string, ConversationRef>();
  for (const row of outbound) {
    const id = Number(row.relatedId);
    if (row.messageId && Number.isSafeInteger(id) && id > 0) refs.set(row.messageId, { kind: row.relatedType === "ticket" ? "ticket" : "contact", id });
  }
  for (const row of contactEntries) if (row.mailMessageId) refs.set(row.mailMessageId, { kind: "contact", id: row.messageId });
  for (const row of ticketReplies) if (row.mailMessageId) refs.set(row.mailMessageId, { kind: "ticket", id: row.ticketId });
  // In-Reply-To is last in the list the caller gives: the most specific reference is tried first.
  return [...wanted]
    .reverse()
    .map((id) => refs.get(id))
    .filter((ref): ref is ConversationRef => ref !== undefined);
}

async function byAddress(recipients: readonly string[]): Promise<ConversationRef | null> {
  const token = replyTokenFrom(recipients);
  if (!token) return null;
  const [contact, ticket] = await Promise.all([
    db.contactMessage.findUnique({ where: { replyToken: token }, select: { id: true } }),
    db.ticket.findUnique({ where: { replyToken: token }, select: { id: true } }),
  ]);
  if (contact) return { kind: "contact", id: contact.id };
  if (ticket) return { kind: "ticket", id: ticket.id };
  return null;
}

/**
 * The conversation this mail answers, or null (then it opens a new one). Each way is tried in
 * order; a candidate whose correspondent is not the sender is skipped, never followed.
 */
export async function findThread(mail: ThreadingInput): Promise<ThreadMatch | null> {
  const from = mail.from.toLowerCase();
  for (const ref of await byHeaders([...mail.references, ...mail.inReplyTo])) {
    const match = await verified(ref, from);
    if (match) return { ...match, matchedBy: "header" };
  }
  const addressed = await byAddress(mail.recipients);
  if (addressed) {
    const match = await verified(addressed, from);
    if (match) return { ...match, matchedBy: "address" };
  }
  const referenced = findSubjectReference(mail.subject);
  if (referenced) {
    const match = await verified(referenced, from);
    if (match) return { ...match, matchedBy: "subject" };
  }
  return null;
}
