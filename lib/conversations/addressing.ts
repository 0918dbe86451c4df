// How an e-mail we send names the conversation it belongs to, so the answer finds its way back
// (the inbound side reads these in this order after the In-Reply-To / References headers):
//   1. a plus-address Reply-To per conversation: soporte+<token>@lumenti.pe, where the token is
//      the conversation's unguessable reply_token (32 hex characters);
//   2. a short reference in the subject, "[#C-123]" for a contact conversation and "[#T-45]"
//      for a ticket, for mail clients that drop the headers and the plus-address.
// Pure: no server or database dependency.

export type ConversationKind = "contact" | "ticket";
export type ConversationRef = { kind: ConversationKind; id: number };

const PREFIX: Record<ConversationKind, string> = { contact: "C", ticket: "T" };

/** "[#C-123]" or "[#T-45]". */
export function subjectReference(ref: ConversationRef): string {
  return `[#${PREFIX[ref.kind]}-${ref.id}]`;
}

/** The subject with the conversation's reference at its end, once (it is kept when already there). */
export function withSubjectReference(subject: string, ref: ConversationRef): string {
  const tag = subjectReference(ref);
  const clean = subject.replace(/[\r\n]+/g, " ").trim();
  return clean.includes(tag) ? clean : `${clean} ${tag}`.trim();
}

const REFERENCE_PATTERN = /\[#\s*([CT])-(\d{1,9})\s*\]/gi;

/** The last conversation reference found in a subject, or null. */
export function findSubjectReference(subject: string | null | undefined): ConversationRef | null {
  if (!subject) return null;
  let found: ConversationRef | null = null;
  for (const match of subject.matchAll(REFERENCE_PATTERN)) {
    const id = Number(match[2]);
    if (Number.isSafeInteger(id) && id > 0) found = { kind: match[1].toUpperCase() === "C" ? "contact" : "ticket", id };
  }
  return found;
}

/** A reply token as the database keeps it: 32 lower-case hex characters. */
export const REPLY_TOKEN_PATTERN = /^[0-9a-f]{32}$/;

/**
 * The configured base reply address (INBOUND_REPLY_ADDRESS, e.g. soporte@lumenti.pe), lower-case,
 * or null when unset or not an address.
 */
export function baseReplyAddress(value: string | undefined = process.env.INBOUND_REPLY_ADDRESS): string | null {
  const address = value?.trim().toLowerCase();
  if (!address) return null;
  return /^[a-z0-9._%-]+@[a-z0-9.-]+\.[a-z]{2,}$/.test(address) ? address : null;
}

/** soporte+<token>@lumenti.pe for this conversation, or null when no reply address is configured. */
export function conversationReplyAddress(token: string, base: string | null = baseReplyAddress()): string | null {
  if (!base || !REPLY_TOKEN_PATTERN.test(token)) return null;
  const at = base.lastIndexOf("@");
  return `${base.slice(0, at)}+${token}${base.slice(at)}`;
}

/**
 * The reply token carried by one of these recipient addresses (plus-addresses of the base
 * address: same local part and domain, letter case ignored), or null.
 */
export function replyTokenFrom(recipients: readonly string[], base: string | null = baseReplyAddress()): string | null {
  if (!base) return null;
  const at = base.lastIndexOf("@");
  const local = base.slice(0, at);
  const domain = base.slice(at + 1);
  for (const recipient of recipients) {
    const address = recipient.trim().toLowerCase();
    const match = /^([^@+]+)\+([^@]+)@(.+)$/.exec(address);
    if (!match || match[1] !== local || match[3] !== domain) continue;
    if (REPLY_TOKEN_PATTERN.test(match[2])) return match[2];
  }
  return null;
}

/** The text of a reply with the author's signature under the usual "-- " separator (none when blank). */
export function appendSignature(text: string, signature: string | null | undefined): string {
  const clean = signature?.trim();
  return clean ? `${text.trimEnd()}\n\n-- \n${clean}` : text;
}
