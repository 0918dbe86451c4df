// Reading an e-mail that came in (through the SMTP listener or the IMAP poller) into plain,
// bounded values the rest of the application can trust: normalised Message-IDs for threading,
// a validated sender, one-line subject, plain text (never HTML), the attachments that fit our
// limits and, for a bounce, what the delivery report says. MIME itself is mailparser's job.
//
// Nothing here throws on a malformed message: whatever can be read is returned, the rest is
// empty. The only refusal is a message larger than INBOUND_LIMITS.maxBytes (InboundTooLarge),
// which the receivers check before reading it whole.
//
// Pure: no database and no server-only dependency (scripts and tests import it).

import { parseAddressHeader, simpleParser, type Attachment, type HeaderLines, type ParsedMail } from "mailparser";
import { emailSchema } from "@/lib/auth/schema";
import { stripUnsafeText } from "@/lib/zod";

export const INBOUND_LIMITS = {
  /** The largest raw message read: 25 MB of attachments plus room for the text and headers. */
  maxBytes: 25 * 1024 * 1024 + 512 * 1024,
  maxAttachmentBytes: 10 * 1024 * 1024,
  maxAttachmentsBytes: 25 * 1024 * 1024,
  maxAttachments: 20,
  maxRecipients: 50,
  /** The full text of a message, in characters. */
  maxText: 200_000,
  /** The visible part of a reply (lib/inbound/reply-text.ts), in characters. */
  maxBody: 20_000,
};

export type InboundAttachment = { fileName: string; mime: string; bytes: number; content: Buffer };

export type DeliveryReport = {
  action: "failed" | "delayed" | "delivered" | "relayed" | "expanded" | null;
  /** Final-Recipient, else Original-Recipient: the address that could not be reached. */
  recipient: string | null;
  /** The enhanced status code, e.g. "5.1.1". */
  status: string | null;
  /** Diagnostic-Code text (the remote server's answer), one line, at most 300 characters. */
  diagnostic: string | null;
  /** The Message-ID of the mail that bounced, from the returned message or its headers. */
  originalMessageId: string | null;
};

export type InboundMail = {
  /** "<id@host>": angle brackets, trimmed, at most 255 characters; null when absent or unusable. */
  messageId: string | null;
  inReplyTo: string[];
  /** In header order, at most 50 (the first and the last 49 when there are more). */
  references: string[];
  /** Lower-case, validated address; null when absent or invalid. */
  from: { address: string; name: string | null } | null;
  /** Delivered-To, X-Original-To, To and Cc in that order: lower-case, deduplicated, at most maxRecipients. */
  recipients: string[];
  /** One line: no line breaks or control characters, at most 255 characters. */
  subject: string;
  /** The text part, else the HTML converted to text; control characters removed (tab and LF kept), at most maxText. */
  text: string;
  date: Date | null;
  headers: { autoSubmitted: string | null; precedence: string | null; xAutoreply: boolean; listId: string | null };
  /** Real attachments only: no body parts, no delivery-report parts, no small images embedded in the HTML. */
  attachments: InboundAttachment[];
  /** What was left out and why (Spanish, shown to staff). */
  droppedAttachments: { fileName: string; reason: string }[];
  /** The size of the raw message. */
  bytes: number;
  /** Set for a delivery status notification (multipart/report; report-type=delivery-status). */
  report: DeliveryReport | null;
};

/** A raw message over INBOUND_LIMITS.maxBytes: refused before anything is parsed. */
export class InboundTooLarge extends Error {
  readonly bytes: number;
  constructor(bytes: number) {
    super(`El mensaje ocupa ${bytes} bytes; el máximo es ${INBOUND_LIMITS.maxBytes}.`);
    this.name = "InboundTooLarge";
    this.bytes = bytes;
  }
}

const MESSAGE_ID_MAX = 255;
const SUBJECT_MAX = 255;
const NAME_MAX = 200;
const REFERENCES_MAX = 50;
const IN_REPLY_TO_MAX = 20;
const HEADER_VALUE_MAX = 255;
const FILE_NAME_MAX = 200;
const DIAGNOSTIC_MAX = 300;
/** More dropped attachments than this are not listed one by one (the count of parts is bounded by the parser). */
const DROPPED_LIST_MAX = 100;
/**
 * An image embedded in the HTML (a multipart/related part the HTML shows by cid:) smaller than
 * this is decoration: a signature logo or a social-network icon, repeated in every reply. A larger
 * one is kept, as it is usually a screenshot pasted into the message.
 */
const DECORATIVE_IMAGE_MAX_BYTES = 16 * 1024;
/**
 * HTML bodies longer than this are not converted to text: the conversion is the slow part of
 * parsing (about a second per 2 MB here) and the text is cut at maxText anyway. Such a message
 * (an HTML-only newsletter, in practice) has an empty text.
 */
const HTML_TO_TEXT_MAX = 2_000_000;
/** On a message mailparser refuses whole, the header section is read alone, up to this size. */
const HEADER_FALLBACK_MAX = 256 * 1024;

const PARSER_OPTIONS = {
  // Our own text only: no generated HTML version, no cid: images inlined as data URLs.
  skipTextToHtml: true,
  skipImageLinks: true,
  keepCidLinks: true,
  // A delivery report and a returned message are attachments to read, not text to show.
  keepDeliveryStatus: true,
  ignoreEmbedded: true,
  checksumAlgo: false,
  maxHtmlLengthToParse: HTML_TO_TEXT_MAX,
} as const;

const MB = 1024 * 1024;
export const DROP_REASONS = {
  tooLarge: `Supera el tamaño máximo por archivo (${INBOUND_LIMITS.maxAttachmentBytes / MB} MB).`,
  tooMany: `Supera el máximo de ${INBOUND_LIMITS.maxAttachments} adjuntos por mensaje.`,
  overTotal: `Supera el total de ${INBOUND_LIMITS.maxAttachmentsBytes / MB} MB de adjuntos por mensaje.`,
} as const;

// ---------------------------------------------------------------------------------------
// Text helpers (also used by the other inbound modules)
// ---------------------------------------------------------------------------------------

/** At most `max` UTF-16 units, never cutting a surrogate pair in half. */
export function truncateText(value: string, max: number): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

/** Multi-line text as we keep it: LF line ends, no control characters but tab and LF, no bidi overrides. */
export function cleanText(value: string, max: number): string {
  return truncateText(stripUnsafeText(value.replace(/\r\n?/g, "\n")), max);
}

/** One line: every line break, tab and control character becomes a space, runs of spaces one, trimmed. */
export function oneLine(value: string, max: number): string {
  const flat = stripUnsafeText(value.replace(/[\r\n\t\v\f\u0085\u2028\u2029]/g, " ")).replace(/ {2,}/g, " ").trim();
  return truncateText(flat, max).trim();
}

// ---------------------------------------------------------------------------------------
// Headers
// ---------------------------------------------------------------------------------------

/** The values of a header of the top-level message, unfolded, in order (raw: encoded words left as they are). */
function rawHeaderValues(lines: HeaderLines | undefined, name: string): string[] {
  if (!lines) return [];
  const key = name.toLowerCase();
  const values: string[] = [];
  for (const entry of lines) {
    if (entry.key !== key) continue;
    const colon = entry.line.indexOf(":");
    values.push(entry.line.slice(colon + 1).replace(/\r?\n[ \t]*/g, " ").trim());
  }
  return values;
}

const firstHeader = (lines: HeaderLines | undefined, name: string): string | null => rawHeaderValues(lines, name)[0] ?? null;

// An id between angle brackets: printable ASCII without spaces or brackets.
const BRACKETED_ID = /<([\x21-\x3b\x3d\x3f-\x7e]{1,253})>/g;
const BARE_ID = /^[\x21-\x3b\x3d\x3f-\x7e]{1,253}$/;

/** Every Message-ID in a header value, normalised to "<id@host>"; a bare id without brackets is accepted. */
function messageIdsIn(value: string | null): string[] {
  if (!value) return [];
  const ids = [...value.matchAll(BRACKETED_ID)].map((match) => `<${match[1]}>`);
  if (ids.length > 0) return ids;
  return value
    .split(/[\s,]+/)
    .filter((token) => token.includes("@") && BARE_ID.test(token))
    .map((token) => `<${token}>`);
}

/** The normalised Message-ID, or null. */
export function normaliseMessageId(value: string | null | undefined): string | null {
  const [id] = messageIdsIn(value ?? null);
  return id && id.length <= MESSAGE_ID_MAX ? id : null;
}

const unique = (values: string[]) => [...new Set(values)];

/** References keep the thread's root and the most recent ancestors when there are too many. */
function boundedReferences(ids: string[]): string[] {
  const list = unique(ids);
  return list.length <= REFERENCES_MAX ? list : [list[0], ...list.slice(list.length - (REFERENCES_MAX - 1))];
}

/** A lower-case, valid e-mail address or null. */
function validAddress(value: string | undefined): string | null {
  if (!value) return null;
  const parsed = emailSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The addresses of some raw address-header values, flattened (groups opened), in order. */
function addressesIn(values: string[]): string[] {
  if (values.length === 0) return [];
  return parseAddressHeader(values, { flatten: true, decodePunycode: false }).value.map((entry) => entry.address ?? "");
}

function recipientsOf(lines: HeaderLines | undefined): string[] {
  // The delivery headers first: they name the mailbox the message reached (our plus-address),
  // so the cap on a message addressed to a crowd never pushes that one out.
  const found = new Set<string>();
  for (const name of ["delivered-to", "x-original-to", "to", "cc"]) {
    for (const candidate of addressesIn(rawHeaderValues(lines, name))) {
      const address = validAddress(candidate);
      if (address) found.add(address);
      if (found.size >= INBOUND_LIMITS.maxRecipients) return [...found];
    }
  }
  return [...found];
}

function fromOf(parsed: ParsedMail): InboundMail["from"] {
  const first = parsed.from?.value.flatMap((entry) => (entry.group ? entry.group : [entry]))[0];
  const address = validAddress(first?.address);
  if (!address) return null;
  const name = oneLine(first?.name ?? "", NAME_MAX);
  return { address, name: name && name.toLowerCase() !== address ? name : null };
}

function dateOf(lines: HeaderLines | undefined): Date | null {
  const value = firstHeader(lines, "date");
  if (!value) return null;
  // Drop a trailing comment such as "(PET)", which some parsers refuse.
  const date = new Date(value.replace(/\s*\([^()]*\)\s*$/, ""));
  return Number.isNaN(date.getTime()) ? null : date;
}

function headerFlagsOf(lines: HeaderLines | undefined): InboundMail["headers"] {
  const lowered = (name: string) => {
    const value = firstHeader(lines, name);
    const line = value === null ? "" : oneLine(value, 100).toLowerCase();
    return line || null;
  };
  const listId = oneLine(firstHeader(lines, "list-id") ?? "", HEADER_VALUE_MAX);
  return {
    autoSubmitted: lowered("auto-submitted"),
    precedence: lowered("precedence"),
    xAutoreply: ["x-autoreply", "x-autorespond", "x-autoresponder"].some((name) => firstHeader(lines, name) !== null),
    listId: listId || null,
  };
}

// ---------------------------------------------------------------------------------------
// Delivery reports
// ---------------------------------------------------------------------------------------

const REPORT_PART_TYPES = new Set(["message/delivery-status", "message/global-delivery-status"]);
const RETURNED_MESSAGE_TYPES = new Set(["message/rfc822", "message/global", "text/rfc822-headers", "message/global-headers"]);
const ACTIONS = new Set(["failed", "delayed", "delivered", "relayed", "expanded"]);

function isDeliveryReport(parsed: ParsedMail): boolean {
  const contentType = parsed.headers?.get("content-type");
  if (!contentType || typeof contentType !== "object" || !("value" in contentType)) return false;
  const { value, params } = contentType as { value: string; params?: Record<string, string> };
  return value.toLowerCase() === "multipart/report" && params?.["report-type"]?.toLowerCase() === "delivery-status";
}

/** The field groups of a delivery-status body: the per-message one first, then one per recipient. */
function statusGroups(body: string): Map<string, string>[] {
  return body
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((block) => {
      const fields = new Map<string, string>();
      for (const line of block.replace(/\n[ \t]+/g, " ").split("\n")) {
        const colon = line.indexOf(":");
        if (colon <= 0) continue;
        const name = line.slice(0, colon).trim().toLowerCase();
        if (!fields.has(name)) fields.set(name, line.slice(colon + 1).trim());
      }
      return fields;
    })
    .filter((fields) => fields.size > 0);
}

/** "rfc822; user@example.com" → the address, or null. */
function typedAddress(value: string | undefined): string | null {
  if (!value) return null;
  const address = value.slice(value.indexOf(";") + 1).trim().replace(/^<|>$/g, "");
  return validAddress(address);
}

function reportFields(body: string): Omit<DeliveryReport, "originalMessageId"> {
  const groups = statusGroups(body);
  const recipients = groups.filter((fields) => fields.has("final-recipient") || fields.has("original-recipient") || fields.has("action"));
  const chosen = recipients.find((fields) => fields.get("action")?.toLowerCase() === "failed") ?? recipients[0];
  if (!chosen) return { action: null, recipient: null, status: null, diagnostic: null };
  const action = chosen.get("action")?.trim().toLowerCase() ?? "";
  const status = /^[245]\.\d{1,3}\.\d{1,3}\b/.exec(chosen.get("status") ?? "")?.[0] ?? null;
  const diagnosticRaw = chosen.get("diagnostic-code") ?? "";
  // "smtp; 550 5.1.1 …": the type before the first semicolon is not part of the text.
  const diagnostic = oneLine(diagnosticRaw.replace(/^[a-z0-9-]{1,20}\s*;\s*/i, ""), DIAGNOSTIC_MAX);
  return {
    action: ACTIONS.has(action) ? (action as DeliveryReport["action"]) : null,
    recipient: typedAddress(chosen.get("final-recipient")) ?? typedAddress(chosen.get("original-recipient")),
    status,
    diagnostic: diagnostic || null,
  };
}

/** The header section of a message (or of a headers-only part), bounded. */
function headerSection(content: Buffer, max: number): Buffer {
  const head = content.subarray(0, max);
  const crlf = head.indexOf("\r\n\r\n");
  const lf = head.indexOf("\n\n");
  const ends = [crlf, lf].filter((index) => index >= 0);
  const end = ends.length > 0 ? Math.min(...ends) : head.length;
  return Buffer.concat([head.subarray(0, end), Buffer.from("\r\n\r\n")]);
}

async function originalMessageIdOf(part: Attachment | undefined): Promise<string | null> {
  if (!part) return null;
  try {
    const returned = await simpleParser(headerSection(part.content, HEADER_FALLBACK_MAX), PARSER_OPTIONS);
    return normaliseMessageId(firstHeader(returned.headerLines, "message-id"));
  } catch {
    return null;
  }
}

async function deliveryReportOf(parsed: ParsedMail): Promise<DeliveryReport | null> {
  if (!isDeliveryReport(parsed)) return null;
  const statusPart = parsed.attachments.find((part) => REPORT_PART_TYPES.has(part.contentType.toLowerCase()));
  const fields = statusPart
    ? reportFields(statusPart.content.subarray(0, 64 * 1024).toString("utf8"))
    : { action: null, recipient: null, status: null, diagnostic: null };
  const returned = parsed.attachments.find((part) => RETURNED_MESSAGE_TYPES.has(part.contentType.toLowerCase()));
  return { ...fields, originalMessageId: await originalMessageIdOf(returned) };
}

// ---------------------------------------------------------------------------------------
// Attachments
// ---------------------------------------------------------------------------------------

const MIME_PATTERN = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;
const EXTENSIONS: Record<string, string> = {
  "application/pdf": "pdf",
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
  "text/plain": "txt",
  "text/csv": "csv",
  "text/html": "html",
  "message/rfc822": "eml",
};

function mimeOf(contentType: string): string {
  const mime = contentType.trim().toLowerCase();
  return MIME_PATTERN.test(mime) ? mime : "application/octet-stream";
}

/**
 * A file name safe to show, store and offer for download: no folders, no control characters or
 * characters Windows refuses in names, one line, bounded, never empty.
 */
function fileNameOf(name: string | undefined, mime: string, position: number): string {
  const last = (name ?? "").split(/[\\/]/).pop() ?? "";
  const base = oneLine(last.replace(/[<>:"|?*]/g, "_"), 1000).replace(/^\.+/, "").trim();
  const fallback = `adjunto-${position}.${EXTENSIONS[mime] ?? "bin"}`;
  if (!base) return fallback;
  if (base.length <= FILE_NAME_MAX) return base;
  const dot = base.lastIndexOf(".");
  const extension = dot > 0 && base.length - dot <= 12 ? base.slice(dot) : "";
  return truncateText(base.slice(0, base.length - extension.length), FILE_NAME_MAX - extension.length).trimEnd() + extension;
}

/** Parts mailparser lists as attachments that are really part of the message itself. */
function isBodyPart(part: Attachment, report: boolean): boolean {
  const mime = part.contentType.toLowerCase();
  if (REPORT_PART_TYPES.has(mime)) return true;
  if (report && RETURNED_MESSAGE_TYPES.has(mime)) return true;
  const embedded = part.related && part.contentDisposition !== "attachment";
  return Boolean(embedded && mime.startsWith("image/") && part.content.length < DECORATIVE_IMAGE_MAX_BYTES);
}

function attachmentsOf(parsed: ParsedMail, report: boolean): Pick<InboundMail, "attachments" | "droppedAttachments"> {
  const attachments: InboundAttachment[] = [];
  const droppedAttachments: InboundMail["droppedAttachments"] = [];
  let total = 0;
  let position = 0;
  const drop = (fileName: string, reason: string) => {
    if (droppedAttachments.length < DROPPED_LIST_MAX) droppedAttachments.push({ fileName, reason });
  };
  for (const part of parsed.attachments) {
    if (!Buffer.isBuffer(part.content) || isBodyPart(part, report)) continue;
    position += 1;
    const mime = mimeOf(part.contentType);
    const fileName = fileNameOf(part.filename, mime, position);
    const bytes = part.content.length;
    if (bytes > INBOUND_LIMITS.maxAttachmentBytes) drop(fileName, DROP_REASONS.tooLarge);
    else if (attachments.length >= INBOUND_LIMITS.maxAttachments) drop(fileName, DROP_REASONS.tooMany);
    else if (total + bytes > INBOUND_LIMITS.maxAttachmentsBytes) drop(fileName, DROP_REASONS.overTotal);
    else {
      attachments.push({ fileName, mime, bytes, content: part.content });
      total += bytes;
    }
  }
  return { attachments, droppedAttachments };
}

// ---------------------------------------------------------------------------------------
// The message
// ---------------------------------------------------------------------------------------

/**
 * mailparser's reading of the message. A message it refuses whole (a header block over 1 MB, more
 * than 1,000 parts) is read again from its header section alone, so threading still works; if even
 * that fails, null.
 */
async function parseLeniently(raw: Buffer): Promise<ParsedMail | null> {
  try {
    return await simpleParser(raw, PARSER_OPTIONS);
  } catch {
    try {
      return await simpleParser(headerSection(raw, HEADER_FALLBACK_MAX), PARSER_OPTIONS);
    } catch {
      return null;
    }
  }
}

const REPLACEMENT = "\uFFFD";

/**
 * Old mail programs write accented subjects and names as raw Latin-1 (Windows-1252) bytes instead
 * of encoded words; read as UTF-8 they come out as U+FFFD. Then the header section is read again
 * from those bytes as Windows-1252, and its subject and From name are used instead.
 */
async function legacyHeaders(raw: Buffer, parsed: ParsedMail): Promise<ParsedMail | null> {
  const garbled = (parsed.subject ?? "").includes(REPLACEMENT) || (parsed.from?.text ?? "").includes(REPLACEMENT);
  if (!garbled) return null;
  try {
    const section = new TextDecoder("windows-1252").decode(headerSection(raw, HEADER_FALLBACK_MAX));
    return await simpleParser(Buffer.from(section, "utf8"), PARSER_OPTIONS);
  } catch {
    return null;
  }
}

const EMPTY_HEADERS: InboundMail["headers"] = { autoSubmitted: null, precedence: null, xAutoreply: false, listId: null };

/** Reads a raw message (CRLF or LF line ends). Throws InboundTooLarge only; a malformed message gives what could be read. */
export async function parseInboundMail(raw: Buffer): Promise<InboundMail> {
  if (raw.length > INBOUND_LIMITS.maxBytes) throw new InboundTooLarge(raw.length);
  const parsed = await parseLeniently(raw);
  if (!parsed) {
    return {
      messageId: null,
      inReplyTo: [],
      references: [],
      from: null,
      recipients: [],
      subject: "",
      text: "",
      date: null,
      headers: EMPTY_HEADERS,
      attachments: [],
      droppedAttachments: [],
      bytes: raw.length,
      report: null,
    };
  }
  const lines = parsed.headerLines;
  const report = await deliveryReportOf(parsed);
  const legacy = await legacyHeaders(raw, parsed);
  return {
    messageId: normaliseMessageId(firstHeader(lines, "message-id")),
    inReplyTo: unique(messageIdsIn(rawHeaderValues(lines, "in-reply-to").join(" "))).slice(0, IN_REPLY_TO_MAX),
    references: boundedReferences(messageIdsIn(rawHeaderValues(lines, "references").join(" "))),
    from: fromOf(legacy?.from ? legacy : parsed),
    recipients: recipientsOf(lines),
    subject: oneLine((legacy ?? parsed).subject ?? "", SUBJECT_MAX),
    text: cleanText(parsed.text ?? "", INBOUND_LIMITS.maxText),
    date: dateOf(lines),
    headers: headerFlagsOf(lines),
    ...attachmentsOf(parsed, report !== null),
    bytes: raw.length,
    report,
  };
}
