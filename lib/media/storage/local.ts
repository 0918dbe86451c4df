import { randomBytes } from "node:crypto";
import { mkdir, open, opendir, readFile, rename, rmdir, unlink } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { assertSafeKey, assertSafePrefix, isSafeKey } from "./keys";
import type { MediaStorage, StoredObject } from "./types";

// Media files on the local disk: the object "a/b.webp" is the file <root>/a/b.webp. A write goes
// to a temporary file in the same folder, then is renamed over the key, so a reader sees the old
// object or the new one, never half of one. Temporary names contain "~", which no key may, so
// they are never listed or served.

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}

/** The key, or a folder on its way, is not there (or a file stands where a folder should). */
function isMissing(error: unknown): boolean {
  const code = errorCode(error);
  return code === "ENOENT" || code === "ENOTDIR";
}

export function localStorage(rootDir: string): MediaStorage {
  const root = path.resolve(rootDir);
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split("/"));
  };

  async function writeAtomically(file: string, data: Uint8Array) {
    const temp = `${file}~${randomBytes(6).toString("hex")}.tmp`;
    const handle = await open(temp, "wx");
    try {
      try {
        await handle.writeFile(data);
        await handle.datasync();
      } finally {
        await handle.close();
      }
      await rename(temp, file);
    } catch (error) {
      await unlink(temp).catch(() => {});
      throw error;
    }
  }

  /** Removes the key's now empty folders up to the root (kept tidy, like a bucket). */
  async function pruneEmptyFolders(file: string) {
    for (let dir = path.dirname(file); dir !== root && dir.startsWith(root + path.sep); dir = path.dirname(dir)) {
      try {
        await rmdir(dir);
      } catch {
        return; // not empty (or already gone): the folders above are not empty either
      }
    }
  }

  async function* walk(dir: string, keyPrefix: string): AsyncGenerator<string> {
    let entries;
    try {
      entries = await opendir(dir);
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for await (const entry of entries) {
      const key = keyPrefix + entry.name;
      if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), `${key}/`);
      else if (entry.isFile() && isSafeKey(key)) yield key;
    }
  }

  return {
    kind: "local",

    async put(key, data) {
      const file = pathOf(key);
      // A delete may prune the folder between mkdir and the write: make it again and retry.
      for (let attempt = 1; ; attempt++) {
        await mkdir(path.dirname(file), { recursive: true });
        try {
          return await writeAtomically(file, data);
        } catch (error) {
          if (errorCode(error) !== "ENOENT" || attempt === 3) throw error;
        }
      }
    },

    async get(key): Promise<StoredObject | null> {
      const file = pathOf(key);
      let handle;
      try {
        handle = await open(file, "r");
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        // The size and the bytes come from the same open file, even if a put renames over it.
        const stats = await handle.stat();
        if (!stats.isFile()) {
          await handle.close();
          return null;
        }
        const stream = handle.createReadStream({ autoClose: true });
        return { body: Readable.toWeb(stream) as ReadableStream<Uint8Array>, size: stats.size };
      } catch (error) {
        await handle.close().catch(() => {});
        throw error;
      }
    },

    async read(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if (isMissing(error) || errorCode(error) === "EISDIR") return null;
        throw error;
      }
    },

    async delete(keys) {
      const files = [...new Set(keys)].map(pathOf);
      for (const file of files) {
        try {
          await unlink(file);
        } catch (error) {
          if (isMissing(error)) continue;
          throw error;
        }
        await pruneEmptyFolders(file);
      }
    },

    async *list(prefix) {
      assertSafePrefix(prefix);
      const cut = prefix.lastIndexOf("/") + 1;
      const folderKey = prefix.slice(0, cut); // "" or "a/b/"
      const dir = folderKey ? path.join(root, ...folderKey.slice(0, -1).split("/")) : root;
      for await (const key of walk(dir, folderKey)) {
        if (key.startsWith(prefix)) yield key;
      }
    },
  };
}
