// The part of a reply its author actually wrote: the history the mail client quoted below it
// ("El … escribió:", "On … wrote:", Outlook's "De: / Enviado: / Para: / Asunto:" block,
// "-----Original Message-----", "> " lines) and the signature ("-- ", "Enviado desde mi iPhone",
// "Obtener Outlook para iOS") are cut. The full text stays on the message; this is what a
// conversation shows.
//
// Two passes: our own line patterns for the shapes Spanish and Portuguese clients produce (and
// that the library does not know), then email-reply-parser for the rest. The library's patterns
// backtrack on crafted input, so it only ever sees bounded text: at most LIBRARY_INPUT_MAX
// characters, no runs of blank lines, and no line longer than LONG_LINE (such a line is a
// paragraph, never an attribution or a signature; it is swapped for a placeholder and back).
// Pure: no server dependency.

import EmailReplyParser from "email-reply-parser";
import { cleanText, INBOUND_LIMITS, truncateText } from "./parse";

const LONG_LINE = 300;
const LIBRARY_INPUT_MAX = 32_000;
/** How many following lines may continue an attribution a client wrapped ("… <\nsoporte@…> escribió:"). */
const ATTRIBUTION_LINES = 3;
const ATTRIBUTION_MAX = 500;

// "El lun, 23 nov 2026 a las 10:15, Lumen <…> escribió:", "On Mon, … wrote:", "Em … escreveu:",
// "Le … a écrit :", with or without the quote marks of a nested reply. Only an attribution
// that holds a digit (a date, a time) or an address counts: "El técnico me escribió:" does not.
const ATTRIBUTION = /^(?:>\s?)*(?:el|on|em|le|il)\s.{4,480}?\s(?:escribió|wrote|escreveu|a écrit|ha scritto)\s?:?$/i;
const HAS_DATE_OR_ADDRESS = /\d|@/;

// Outlook's header block: "De:" (or From/Von/Da) followed closely by its Enviado/Para/Asunto lines.
const BLOCK_FROM = /^\s*\*?(?:de|from|von|da)\s*:\*?\s*\S/i;
const BLOCK_FIELD = /^\s*\*?(?:enviado(?: el)?|sent|fecha|date|gesendet|data|para|to|an|cc|asunto|subject|assunto|betreff)\s*:/i;
const BLOCK_FIELDS_NEEDED = 2;
const BLOCK_WINDOW = 5;

const ORIGINAL_MESSAGE = /^\s*-{2,}\s*(?:original message|mensaje original|mensagem original|message d'origine|ursprüngliche nachricht)\s*-{2,}\s*$/i;

// Signatures: the "-- " separator, and the lines phones and mail apps add by themselves.
const SIGNATURE_SEPARATOR = /^-- ?$/;
const SIGNATURE_LINES = [
  /^(?:enviado|enviada|sent|envoyé)\s+(?:desde|from|de|do)\s+(?:mi|my|mon|meu)\s+\S.{0,50}$/i,
  /^(?:enviado|sent)\s+(?:desde|from|con|with|via|vía)\s+(?:outlook|gmail|yahoo|correo|mail|aol|proton\s?mail|zoho|blackberry|samsung|huawei)\b.{0,50}$/i,
  /^(?:obtener|obtén|descargar|descarga|get|download)\s+outlook\s+(?:para|for)\s+\S.{0,40}$/i,
];

// A line that is only a separator (Outlook's underscores, an <hr> turned into dashes).
const SEPARATOR_LINE = /^[\s_\-=*~]+$/;

function isAttributionAt(lines: string[], index: number): boolean {
  const first = lines[index];
  if (!/^(?:>\s?)*(?:el|on|em|le|il)\s/i.test(first)) return false;
  let joined = "";
  for (let offset = 0; offset < ATTRIBUTION_LINES && index + offset < lines.length; offset += 1) {
    joined = offset === 0 ? first : `${joined} ${lines[index + offset].replace(/^(?:>\s?)*/, "")}`;
    if (joined.length > ATTRIBUTION_MAX) return false;
    const candidate = joined.trim();
    if (ATTRIBUTION.test(candidate) && HAS_DATE_OR_ADDRESS.test(candidate)) return true;
  }
  return false;
}

function isHeaderBlockAt(lines: string[], index: number): boolean {
  if (!BLOCK_FROM.test(lines[index])) return false;
  let fields = 0;
  for (let next = index + 1; next < lines.length && next <= index + BLOCK_WINDOW; next += 1) {
    if (BLOCK_FIELD.test(lines[next])) fields += 1;
    if (fields >= BLOCK_FIELDS_NEEDED) return true;
  }
  return false;
}

function isSignatureAt(lines: string[], index: number): boolean {
  const line = lines[index];
  return SIGNATURE_SEPARATOR.test(line) || SIGNATURE_LINES.some((pattern) => pattern.test(line.trim()));
}

/** The lines before the first quoted history or signature we recognise (all of them when there is none). */
function ownCut(lines: string[]): string[] {
  for (let index = 0; index < lines.length; index += 1) {
    if (lines[index].length > LONG_LINE) continue;
    if (isAttributionAt(lines, index) || isHeaderBlockAt(lines, index) || ORIGINAL_MESSAGE.test(lines[index]) || isSignatureAt(lines, index)) {
      return lines.slice(0, index);
    }
  }
  return lines;
}

/** Trailing blank and separator-only lines removed. */
function withoutTrailingSeparators(lines: string[]): string[] {
  let end = lines.length;
  while (end > 0 && (lines[end - 1].trim() === "" || SEPARATOR_LINE.test(lines[end - 1]))) end -= 1;
  return lines.slice(0, end);
}

/** email-reply-parser's visible text of bounded input (see the top of this file). */
function libraryVisibleText(lines: string[]): string {
  // NUL never occurs in cleaned text, so these placeholders cannot collide with what was written.
  const placeholder = /\u0000(\d+)\u0000/g;
  const long: string[] = [];
  let size = 0;
  const guarded: string[] = [];
  for (const line of lines) {
    if (size + line.length > LIBRARY_INPUT_MAX) break;
    size += line.length + 1;
    if (line.length > LONG_LINE) {
      guarded.push(`\u0000${long.length}\u0000`);
      long.push(line);
    } else {
      guarded.push(line);
    }
  }
  const visible = new EmailReplyParser().parseReply(guarded.join("\n"));
  return visible.replace(placeholder, (_, index: string) => long[Number(index)] ?? "");
}

/** Lines with trailing whitespace removed and runs of blank lines collapsed to one. */
function normalisedLines(text: string): string[] {
  const lines: string[] = [];
  for (const raw of cleanText(text, INBOUND_LIMITS.maxText).split("\n")) {
    const line = raw.trimEnd();
    if (line === "" && lines.length > 0 && lines[lines.length - 1] === "") continue;
    lines.push(line);
  }
  return lines;
}

/** The new part of a reply, at most INBOUND_LIMITS.maxBody characters; the whole text when nothing else would be left. */
export function visibleReplyText(text: string): string {
  const lines = normalisedLines(text);
  const head = withoutTrailingSeparators(ownCut(lines));
  const source = head.some((line) => line.trim() !== "") ? head : lines;
  const visible = withoutTrailingSeparators(libraryVisibleText(source).split("\n")).join("\n").trim();
  const result = visible || lines.join("\n").trim();
  return truncateText(result, INBOUND_LIMITS.maxBody).trimEnd();
}
