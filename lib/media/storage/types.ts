// What the media library needs from a place to keep files: local disk or an S3-compatible bucket
// (lib/media/storage/index.ts picks one from the environment). Keys follow keys.ts.

export type StoredObject = { body: ReadableStream<Uint8Array>; size: number };

export interface MediaStorage {
  readonly kind: "local" | "s3";
  /** Writes the whole object (atomically on disk: temp file + rename). */
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  /** A stream of the object, or null when it does not exist. */
  get(key: string): Promise<StoredObject | null>;
  /** The whole object in memory, or null when missing (originals for regeneration). */
  read(key: string): Promise<Buffer | null>;
  /** Deletes; keys that do not exist are not an error. */
  delete(keys: readonly string[]): Promise<void>;
  /**
   * Every key under a prefix (for cleanup and tests), in no particular order. A prefix is a plain
   * string prefix ("a/" or "a/b" alike); "" lists everything. Only keys this storage could have
   * written are listed (never temporary files or foreign names).
   */
  list(prefix: string): AsyncIterable<string>;
}
