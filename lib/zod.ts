import { z } from "zod";

// zod 4 probes `new Function("")` to compile faster parsers. Our Content-Security-Policy
// forbids eval, so in the browser that probe is reported as a CSP violation on every form.
// Parsing without it is fast enough for our inputs. Import z from here, not from "zod".
z.config({ jitless: true });

export { z };

// ---------------------------------------------------------------------------------------
// Text a person typed: every text field of every schema is built from
// singleLineText / multilineText (or secretText for new passwords), so one rule decides
// which characters reach the database.
//
// Refused with a Spanish message (422): C0 controls (NUL, ESC of ANSI sequences, …), DEL,
// C1 controls, bidi overrides and isolates (U+202A–U+202E, U+2066–U+2069: they make a name
// display as something else) and lone surrogates (not text; the driver would store U+FFFD).
// Tab and line breaks are refused in single-line fields, accepted in multi-line ones.
//
// Quietly normalized, because that is what a person expects: surrounding whitespace is
// trimmed (a pasted "Ana Pérez\n" is fine), and CRLF / CR become LF in multi-line text
// (browsers send a textarea's line breaks as CRLF). Nothing else is ever stripped: removing
// characters silently would change what someone sent without telling them.
// ---------------------------------------------------------------------------------------

const CONTROL = "\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F";
const BIDI = "\\u202A-\\u202E\\u2066-\\u2069";
const CONTROL_CHARACTER = new RegExp(`[${CONTROL}]`);
const BIDI_CONTROL = new RegExp(`[${BIDI}]`);
const LINE_BREAK_OR_TAB = /[\t\n\r\u2028\u2029]/;
// Without the `u` flag a regex sees UTF-16 code units: a high surrogate not followed by a low
// one, or a low one not preceded by a high one. (The schemas also run in browsers, where
// String#isWellFormed and regex lookbehind are too recent.)
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSAFE_TEXT = new RegExp(`[${CONTROL}${BIDI}]`, "g");

export const TEXT_MESSAGES = {
  control: "Contiene caracteres de control no permitidos.",
  bidi: "Contiene caracteres invisibles que cambian la dirección del texto.",
  lineBreak: "No puede contener saltos de línea ni tabulaciones.",
  malformed: "Contiene caracteres no válidos.",
} as const;

type TextRules = { multiline: boolean };

/** Why `value` is refused as text of that kind, or null when it is acceptable. */
export function textProblem(value: string, { multiline }: TextRules): string | null {
  if (LONE_SURROGATE.test(value)) return TEXT_MESSAGES.malformed;
  if (!multiline && LINE_BREAK_OR_TAB.test(value)) return TEXT_MESSAGES.lineBreak;
  if (CONTROL_CHARACTER.test(value)) return TEXT_MESSAGES.control;
  if (BIDI_CONTROL.test(value)) return TEXT_MESSAGES.bidi;
  return null;
}

function textCheck(rules: TextRules) {
  return (ctx: z.core.ParsePayload<string>) => {
    const problem = textProblem(ctx.value, rules);
    if (problem) ctx.issues.push({ code: "custom", message: problem, input: ctx.value });
  };
}

type StringParams = Parameters<typeof z.string>[0];

/**
 * A one-line text field (name, e-mail, subject, search…): trimmed, then refused if it holds
 * a control character, a bidi override, a tab or a line break. Chain `.min()`, `.max()`,
 * `.pipe()` after it as on any z.string(). `params` is z.string()'s (the "not text" message).
 */
export function singleLineText(params?: StringParams) {
  return z.string(params).trim().check(textCheck({ multiline: false }));
}

/** A multi-line text field (a message, a description): like singleLineText, but tab and LF are kept (CRLF → LF). */
export function multilineText(params?: StringParams) {
  return z
    .string(params)
    .overwrite((value) => value.replace(/\r\n?/g, "\n"))
    .trim()
    .check(textCheck({ multiline: true }));
}

/**
 * An optional one-line field (position, company, SEO title…): trimmed, bounded; blank, null or
 * absent becomes null. `notText` is the message for a value that is not a string.
 */
export function optionalText(max: number, tooLong: string, notText = "Este campo debe ser texto.") {
  return singleLineText({ error: notText })
    .max(max, tooLong)
    .nullish()
    .transform((value) => (value ? value : null));
}

/** True for an absolute http(s) URL with a host (never javascript:, data:, a relative path…). */
export function isWebUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** A new secret (password): not trimmed (every character counts), same refusals as one-line text. */
export function secretText(params?: StringParams) {
  return z.string(params).check(textCheck({ multiline: false }));
}

/**
 * For text we cannot send back to a person to correct (e.g. a display name from a verified
 * Google profile): removes the characters the fields above refuse (lone surrogates become U+FFFD).
 */
export function stripUnsafeText(value: string): string {
  return value.toWellFormed().replace(UNSAFE_TEXT, "");
}

/** A URL slug: lower-case letters and digits in groups joined by single hyphens ("lumen-erp-pyme"). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
