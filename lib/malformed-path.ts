// A URL path whose percent-escapes do not decode to text: not UTF-8 ("%zz", "%FF", overlong
// "%C0%AF", surrogate "%ED%A0%80", truncated "%E0%A4"), which makes Next 16.4 throw while
// decoding a dynamic segment and answer 500 (vercel/next.js#92557, open; same in
// 16.5.0-canary.38), or an escaped C0 control or DEL ("%00"), which no URL of this site holds
// and which Next would try to use in a cache file name. proxy.ts, which runs for every path with
// a "%", rewrites such paths to a 404 before any route runs. One linear regex test (the
// alternatives of each step start with different characters). Pure: proxy.ts imports it.

const HEX = "[0-9A-Fa-f]";
const CONTINUATION = `%[89ABab]${HEX}`;
/** One printable character as UTF-8 percent-escapes (RFC 3629: no overlongs, no surrogates, ≤ U+10FFFF). */
const TEXT_ESCAPE = [
  `%[2-6]${HEX}|%7[0-9A-Ea-e]`,
  `%(?:[Cc][2-9A-Fa-f]|[Dd]${HEX})${CONTINUATION}`,
  `%[Ee]0%[ABab]${HEX}${CONTINUATION}`,
  `%[Ee][1-9A-Ca-cEeFf]${CONTINUATION}${CONTINUATION}`,
  `%[Ee][Dd]%[89]${HEX}${CONTINUATION}`,
  `%[Ff]0%[9ABab]${HEX}${CONTINUATION}${CONTINUATION}`,
  `%[Ff][1-3]${CONTINUATION}${CONTINUATION}${CONTINUATION}`,
  `%[Ff]4%8${HEX}${CONTINUATION}${CONTINUATION}`,
].join("|");

/** The rule as a JavaScript regex over a raw (still encoded) path. */
export const MALFORMED_ESCAPE = new RegExp(`^(?!(?:[^%]|${TEXT_ESCAPE})*$)`);
