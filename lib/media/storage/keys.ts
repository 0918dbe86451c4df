// The one shape of a storage key, checked by both backends before any file or request: ASCII
// lower-case letters, digits, ".", "_" and "-" in segments joined by "/", no empty, "." or ".."
// segment, at most 300 characters, each segment at most 200 (a file name on disk, with the
// temporary suffix a write adds, stays within the usual 255-byte limit). A key that breaks it is a
// bug in the caller (plain Error), and it can never leave the storage folder or the bucket's layout.

export const MAX_KEY_LENGTH = 300;
export const MAX_SEGMENT_LENGTH = 200;

const SEGMENT = /^[a-z0-9._-]+$/;
const PREFIX_CHARS = /^[a-z0-9._/-]*$/;

function isSafeSegment(segment: string): boolean {
  return segment.length <= MAX_SEGMENT_LENGTH && SEGMENT.test(segment) && segment !== "." && segment !== "..";
}

export function isSafeKey(key: unknown): key is string {
  return typeof key === "string" && key.length > 0 && key.length <= MAX_KEY_LENGTH && key.split("/").every(isSafeSegment);
}

function describe(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value) : typeof value;
}

export function assertSafeKey(key: unknown): asserts key is string {
  if (!isSafeKey(key)) throw new Error(`Unsafe media storage key: ${describe(key)}`);
}

/**
 * A listing prefix: "" (everything), or whole safe segments, each followed by "/", then possibly
 * the start of one more segment ("a/", "a/b", "a/b/").
 */
export function assertSafePrefix(prefix: unknown): asserts prefix is string {
  const ok =
    typeof prefix === "string" &&
    prefix.length <= MAX_KEY_LENGTH &&
    PREFIX_CHARS.test(prefix) &&
    prefix.split("/").slice(0, -1).every(isSafeSegment);
  if (!ok) throw new Error(`Unsafe media storage prefix: ${describe(prefix)}`);
}
