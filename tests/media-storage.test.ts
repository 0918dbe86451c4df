// The media storage contract, run against both backends: the local disk (a temporary folder) and
// an S3-compatible bucket on a real S3 server (s3rver). Then which backend the environment picks.
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  ensureBucket,
  mediaStorage,
  mediaStorageConfig,
  mediaStorageProblem,
  resetMediaStorageForTests,
  type MediaStorage,
} from "@/lib/media/storage";
import { localStorage } from "@/lib/media/storage/local";
import { s3Storage } from "@/lib/media/storage/s3";
import { startS3Server, type TestS3Server } from "./helpers/s3-server";

let s3: TestS3Server;
let localRoot: string;

beforeAll(async () => {
  s3 = await startS3Server({ bucket: "media-contract" });
  localRoot = await mkdtemp(path.join(tmpdir(), "media-local-"));
});

afterAll(async () => {
  await s3?.stop();
  if (localRoot) await rm(localRoot, { recursive: true, force: true });
});

async function bytesOf(body: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function keysUnder(storage: MediaStorage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage.list(prefix)) keys.push(key);
  return keys.sort();
}

/** Every byte value, then random bytes: nothing may be read as text or trimmed. */
function binary(size: number): Buffer {
  const head = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
  return Buffer.concat([head, randomBytes(Math.max(0, size - 256))]).subarray(0, size);
}

const UNSAFE_KEYS = ["../x", "a//b", "A B", "a\0b", "", "/a", "a/", ".", "a/../b", "a/./b", "foto ñ.jpg", "a\\b", "x".repeat(301), `a/${"x".repeat(201)}`];

const backends: { name: string; make: () => MediaStorage }[] = [
  { name: "local", make: () => localStorage(localRoot) },
  // A small page so that listing 25 keys takes several ListObjectsV2 requests.
  { name: "s3", make: () => s3Storage({ ...s3, listPageSize: 7 }) },
];

describe.each(backends)("media storage contract: $name", ({ name, make }) => {
  let storage: MediaStorage;
  let run: string; // a fresh prefix per test: tests never see each other's objects

  beforeAll(() => {
    storage = make();
  });

  let counter = 0;
  const freshPrefix = () => `t${++counter}-${randomBytes(3).toString("hex")}`;

  it("says which backend it is", () => {
    expect(storage.kind).toBe(name);
  });

  it("gives back exactly the bytes put, as a stream with the right size and in memory", async () => {
    run = freshPrefix();
    const data = binary(300_000);
    await storage.put(`${run}/photo.w640.webp`, data, "image/webp");

    const object = await storage.get(`${run}/photo.w640.webp`);
    expect(object).not.toBeNull();
    expect(object!.size).toBe(data.length);
    const streamed = await bytesOf(object!.body);
    expect(streamed.equals(data)).toBe(true);

    const read = await storage.read(`${run}/photo.w640.webp`);
    expect(Buffer.isBuffer(read)).toBe(true);
    expect(read!.equals(data)).toBe(true);
  });

  it("keeps an empty object as empty", async () => {
    run = freshPrefix();
    await storage.put(`${run}/empty.bin`, new Uint8Array(0), "application/octet-stream");
    const object = await storage.get(`${run}/empty.bin`);
    expect(object?.size).toBe(0);
    expect((await bytesOf(object!.body)).length).toBe(0);
    expect((await storage.read(`${run}/empty.bin`))?.length).toBe(0);
  });

  it("answers null for a key that does not exist (nor its folder)", async () => {
    run = freshPrefix();
    await storage.put(`${run}/there.png`, binary(10), "image/png");
    expect(await storage.get(`${run}/missing.png`)).toBeNull();
    expect(await storage.read(`${run}/missing.png`)).toBeNull();
    expect(await storage.get(`${run}-nowhere/deep/missing.png`)).toBeNull();
    expect(await storage.read(`${run}-nowhere/deep/missing.png`)).toBeNull();
    // A "folder" is not an object, and an object is not a folder.
    expect(await storage.get(run)).toBeNull();
    expect(await storage.read(run)).toBeNull();
    expect(await storage.get(`${run}/there.png/inside`)).toBeNull();
    expect(await storage.read(`${run}/there.png/inside`)).toBeNull();
  });

  it("replaces an object on a second put (shorter content, right size)", async () => {
    run = freshPrefix();
    await storage.put(`${run}/orig.jpg`, Buffer.alloc(5000, 1), "image/jpeg");
    await storage.put(`${run}/orig.jpg`, Buffer.from([9, 8, 7]), "image/jpeg");
    const object = await storage.get(`${run}/orig.jpg`);
    expect(object?.size).toBe(3);
    expect([...(await bytesOf(object!.body))]).toEqual([9, 8, 7]);
    expect([...(await storage.read(`${run}/orig.jpg`))!]).toEqual([9, 8, 7]);
    expect(await keysUnder(storage, `${run}/`)).toEqual([`${run}/orig.jpg`]);
  });

  it("deletes the keys given, ignores keys that do not exist, and leaves the rest", async () => {
    run = freshPrefix();
    for (const file of ["a.webp", "b.webp", "c.webp"]) await storage.put(`${run}/${file}`, binary(50), "image/webp");

    await storage.delete([`${run}/a.webp`, `${run}/never.webp`, `${run}-nowhere/x.webp`, `${run}/b.webp`, `${run}/a.webp`]);
    expect(await storage.get(`${run}/a.webp`)).toBeNull();
    expect(await storage.read(`${run}/b.webp`)).toBeNull();
    expect(await storage.read(`${run}/c.webp`)).not.toBeNull();
    expect(await keysUnder(storage, `${run}/`)).toEqual([`${run}/c.webp`]);

    await storage.delete([]);
    await storage.delete([`${run}/a.webp`]); // again: still not an error
    await storage.delete([`${run}/c.webp`]);
    expect(await keysUnder(storage, `${run}/`)).toEqual([]);
    // The key can be written again after its folder emptied.
    await storage.put(`${run}/c.webp`, binary(20), "image/webp");
    expect((await storage.read(`${run}/c.webp`))?.length).toBe(20);
  });

  it("lists every key under a prefix, across pages, and nothing else", async () => {
    run = freshPrefix();
    const item = Array.from({ length: 25 }, (_, i) => `${run}/item1/img-${String(i).padStart(2, "0")}.w320.avif`);
    const others = [`${run}/item10/a.webp`, `${run}/item2/deep/b.png`, `${run}x/c.gif`];
    for (const key of [...item, ...others]) await storage.put(key, binary(8), "image/avif");

    expect(await keysUnder(storage, `${run}/item1/`)).toEqual(item);
    expect(await keysUnder(storage, `${run}/item1`)).toEqual([...item, `${run}/item10/a.webp`].sort());
    expect(await keysUnder(storage, `${run}/item2/`)).toEqual([`${run}/item2/deep/b.png`]);
    expect(await keysUnder(storage, `${run}/`)).toEqual([...item, ...others.slice(0, 2)].sort());
    expect(await keysUnder(storage, run)).toEqual([...item, ...others].sort());
    expect(await keysUnder(storage, `${run}/nothing/`)).toEqual([]);
    expect(await keysUnder(storage, `${run}/item1/img-0`)).toEqual(item.slice(0, 10));

    // Everything is listed from the root too, and a listing can be cleaned up with delete.
    const all = await keysUnder(storage, "");
    expect(all).toEqual(expect.arrayContaining([...item, ...others]));
    await storage.delete(await keysUnder(storage, `${run}/item1/`));
    expect(await keysUnder(storage, `${run}/item1/`)).toEqual([]);
    expect(await keysUnder(storage, `${run}/item10/`)).toEqual([`${run}/item10/a.webp`]);
  });

  it("refuses unsafe keys and prefixes before touching anything", async () => {
    const before = await keysUnder(storage, "");
    for (const key of UNSAFE_KEYS) {
      await expect(storage.put(key, binary(4), "image/png"), key).rejects.toThrow(/unsafe media storage key/i);
      await expect(storage.get(key), key).rejects.toThrow(/unsafe media storage key/i);
      await expect(storage.read(key), key).rejects.toThrow(/unsafe media storage key/i);
      await expect(storage.delete(["ok/key.png", key]), key).rejects.toThrow(/unsafe media storage key/i);
    }
    for (const prefix of ["../", "a//", "A/", "/a", "a\0", "x/../", "./", "x".repeat(301)]) {
      await expect(keysUnder(storage, prefix), prefix).rejects.toThrow(/unsafe media storage prefix/i);
    }
    expect(await keysUnder(storage, "")).toEqual(before);
    // Nothing was written next to the storage folder either.
    if (name === "local") expect(await readdir(path.dirname(localRoot))).not.toContain("x");
  });

  it("accepts the longest key and segment allowed", async () => {
    run = freshPrefix();
    const key = `${run}/${"a".repeat(200)}/${"b".repeat(300 - run.length - 202)}`;
    expect(key.length).toBe(300);
    await storage.put(key, binary(3), "image/png");
    expect((await storage.read(key))?.length).toBe(3);
  });
});

describe("local disk storage", () => {
  it("keeps each object at <root>/<key>, and leaves no temporary file behind", async () => {
    const storage = localStorage(localRoot);
    const data = binary(1234);
    await storage.put("disk/abc/photo.original.jpg", data, "image/jpeg");
    expect((await stat(path.join(localRoot, "disk", "abc", "photo.original.jpg"))).size).toBe(1234);
    expect(await readdir(path.join(localRoot, "disk", "abc"))).toEqual(["photo.original.jpg"]);
  });

  it("lists no temporary or foreign file", async () => {
    const storage = localStorage(localRoot);
    await storage.put("tmpcheck/a.webp", binary(5), "image/webp");
    await writeFile(path.join(localRoot, "tmpcheck", "a.webp~0a1b2c.tmp"), "half written");
    await writeFile(path.join(localRoot, "tmpcheck", "Foreign Name.txt"), "not ours");
    expect(await keysUnder(storage, "tmpcheck/")).toEqual(["tmpcheck/a.webp"]);
  });

  it("a reader that already opened an object keeps reading it whole while it is replaced", async () => {
    const storage = localStorage(localRoot);
    const before = binary(2_000_000);
    await storage.put("swap/img.webp", before, "image/webp");
    const open = await storage.get("swap/img.webp");
    await storage.put("swap/img.webp", Buffer.from("new"), "image/webp");
    expect(open?.size).toBe(before.length);
    expect((await bytesOf(open!.body)).equals(before)).toBe(true);
    expect((await storage.read("swap/img.webp"))?.toString()).toBe("new");
  });

  it("removes the folders a delete empties, but not the root", async () => {
    const storage = localStorage(localRoot);
    await storage.put("prune/one/two/a.png", binary(5), "image/png");
    await storage.put("prune/keep.png", binary(5), "image/png");
    await storage.delete(["prune/one/two/a.png"]);
    expect(await readdir(path.join(localRoot, "prune"))).toEqual(["keep.png"]);
    await storage.delete(["prune/keep.png"]);
    await expect(stat(path.join(localRoot, "prune"))).rejects.toThrow();
    expect((await stat(localRoot)).isDirectory()).toBe(true);
  });

  it("creates its root folder on the first write", async () => {
    const root = path.join(localRoot, "not-yet", "media");
    const storage = localStorage(root);
    expect(await keysUnder(storage, "")).toEqual([]);
    expect(await storage.get("a/b.png")).toBeNull();
    await storage.put("a/b.png", binary(7), "image/png");
    expect(await keysUnder(storage, "")).toEqual(["a/b.png"]);
  });
});

describe("S3 storage", () => {
  it("stores the content type given, so the bucket can serve it as it is", async () => {
    const storage = s3Storage(s3);
    await storage.put("typed/photo.w640.avif", binary(64), "image/avif");
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: "typed/photo.w640.avif" }));
      expect(head.ContentType).toBe("image/avif");
      expect(head.ContentLength).toBe(64);
    } finally {
      client.destroy();
    }
  });

  it("deletes more than one DeleteObjects batch (1000 keys) in one call", async () => {
    const storage = s3Storage(s3);
    const keys = Array.from({ length: 1003 }, (_, i) => `batch/k${i}.webp`);
    // Only three exist: S3 deletes missing keys without complaint, and the batch boundary is crossed.
    for (const key of [keys[0], keys[999], keys[1002]]) await storage.put(key, binary(4), "image/webp");
    await storage.delete(keys);
    expect(await keysUnder(storage, "batch/")).toEqual([]);
  });

  it("a missing bucket is an error, not a missing object", async () => {
    const storage = s3Storage({ ...s3, bucket: "no-such-bucket" });
    await expect(storage.get("a/b.png")).rejects.toThrow();
    await expect(storage.read("a/b.png")).rejects.toThrow();
  });

  it("ensureBucket creates a missing bucket once and leaves an existing one alone", async () => {
    const config = { ...s3, bucket: "created-by-ensure" };
    await ensureBucket(config);
    await ensureBucket(config);
    const storage = s3Storage(config);
    await storage.put("x/y.png", binary(9), "image/png");
    expect((await storage.read("x/y.png"))?.length).toBe(9);
    await ensureBucket(config);
    expect((await storage.read("x/y.png"))?.length).toBe(9);
  });
});

describe("choosing the storage from the environment", () => {
  const FULL_S3 = {
    S3_ENDPOINT: "http://minio:9000",
    S3_BUCKET: "media",
    S3_ACCESS_KEY_ID: "minio",
    S3_SECRET_ACCESS_KEY: "minio-secret",
  };

  it("uses the local disk without S3 variables: MEDIA_DIR, else <cwd>/.data/media", () => {
    expect(mediaStorageConfig({})).toEqual({ kind: "local", dir: path.join(process.cwd(), ".data", "media") });
    expect(mediaStorageConfig({ MEDIA_DIR: "/srv/media" })).toEqual({ kind: "local", dir: "/srv/media" });
    expect(mediaStorageConfig({ MEDIA_DIR: "uploads/media" })).toEqual({ kind: "local", dir: path.join(process.cwd(), "uploads", "media") });
    // Blank values count as unset.
    expect(mediaStorageConfig({ MEDIA_DIR: " ", S3_ENDPOINT: "", S3_BUCKET: "  " })).toEqual({ kind: "local", dir: path.join(process.cwd(), ".data", "media") });
    expect(mediaStorageProblem({})).toBeNull();
  });

  it("uses S3 when all four variables are set (region us-east-1 unless S3_REGION)", () => {
    expect(mediaStorageConfig({ ...FULL_S3, MEDIA_DIR: "/ignored" })).toEqual({
      kind: "s3",
      endpoint: "http://minio:9000",
      bucket: "media",
      accessKeyId: "minio",
      secretAccessKey: "minio-secret",
      region: "us-east-1",
    });
    expect(mediaStorageConfig({ ...FULL_S3, S3_REGION: "sa-east-1" })).toMatchObject({ kind: "s3", region: "sa-east-1" });
    expect(mediaStorageProblem(FULL_S3)).toBeNull();
  });

  it("refuses some but not all S3 variables, naming in Spanish exactly the missing ones", () => {
    const twoMissing = { S3_ENDPOINT: FULL_S3.S3_ENDPOINT, S3_ACCESS_KEY_ID: FULL_S3.S3_ACCESS_KEY_ID };
    const message = mediaStorageProblem(twoMissing);
    expect(message).toMatch(/^Faltan las variables S3_BUCKET y S3_SECRET_ACCESS_KEY para guardar los archivos/);
    expect(() => mediaStorageConfig(twoMissing)).toThrow(message!);

    const oneMissing = { ...FULL_S3, S3_SECRET_ACCESS_KEY: " " };
    expect(mediaStorageProblem(oneMissing)).toMatch(/^Falta la variable S3_SECRET_ACCESS_KEY para/);
    expect(() => mediaStorageConfig(oneMissing)).toThrow(/Falta la variable S3_SECRET_ACCESS_KEY/);

    const threeMissing = { S3_BUCKET: "media" };
    expect(mediaStorageProblem(threeMissing)).toMatch(/^Faltan las variables S3_ENDPOINT, S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY para/);
    // S3_REGION alone or MEDIA_DIR is not a half-configured S3.
    expect(mediaStorageProblem({ S3_REGION: "us-east-1", MEDIA_DIR: "/srv/media" })).toBeNull();
  });

  it("refuses an S3_ENDPOINT that is not an http(s) address", () => {
    expect(mediaStorageProblem({ ...FULL_S3, S3_ENDPOINT: "minio:9000" })).toMatch(/^S3_ENDPOINT no es una dirección válida/);
    expect(() => mediaStorageConfig({ ...FULL_S3, S3_ENDPOINT: "ftp://minio" })).toThrow(/S3_ENDPOINT no es una dirección válida/);
  });

  describe("mediaStorage()", () => {
    const saved = { ...process.env };
    afterEach(() => {
      for (const name of ["MEDIA_DIR", ...Object.keys(FULL_S3)]) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
      resetMediaStorageForTests();
    });

    it("is one instance per process, built from the environment on first use, until reset", async () => {
      for (const name of Object.keys(FULL_S3)) delete process.env[name];
      process.env.MEDIA_DIR = path.join(localRoot, "singleton");
      resetMediaStorageForTests();
      const first = mediaStorage();
      expect(first.kind).toBe("local");
      expect(mediaStorage()).toBe(first);
      await first.put("one/a.png", binary(3), "image/png");
      expect((await stat(path.join(localRoot, "singleton", "one", "a.png"))).size).toBe(3);

      Object.assign(process.env, { S3_ENDPOINT: s3.endpoint, S3_BUCKET: s3.bucket, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey });
      expect(mediaStorage()).toBe(first); // read once per process
      resetMediaStorageForTests();
      const second = mediaStorage();
      expect(second.kind).toBe("s3");
      await second.put("one/b.png", binary(4), "image/png");
      expect((await second.read("one/b.png"))?.length).toBe(4);
    });

    it("throws the Spanish message when the variables are half set", () => {
      process.env.S3_ENDPOINT = "http://minio:9000";
      delete process.env.S3_BUCKET;
      delete process.env.S3_ACCESS_KEY_ID;
      delete process.env.S3_SECRET_ACCESS_KEY;
      resetMediaStorageForTests();
      expect(() => mediaStorage()).toThrow(/Faltan las variables S3_BUCKET, S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY/);
    });
  });
});
