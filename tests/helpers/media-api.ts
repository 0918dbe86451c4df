// The media library's REST routes as their integration tests call them
// (tests/media-api*.test.ts): real multipart uploads through POST /api/v1/admin/media, the item
// routes, the admin-only original and the public /media/{key}/{file} files, plus what the tests
// check after a request: the files in the media storage and the rows of one admin.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DELETE as deleteItem, GET as getItem, PUT as putItem } from "@/app/api/v1/admin/media/[id]/route";
import { GET as getOriginal } from "@/app/api/v1/admin/media/[id]/original/route";
import { GET as listRoute, POST as uploadRoute } from "@/app/api/v1/admin/media/route";
import { GET as mediaFileRoute } from "@/app/media/[key]/[file]/route";
import { PEER_HEADER } from "@/lib/client-address";
import { db } from "@/lib/db";
import { mediaStorage, resetMediaStorageForTests } from "@/lib/media/storage";
import { BASE_URL, call, createTestUser, fakeIp, tokenFor, type Json, type TestUser } from "./auth";

export const UPLOAD_PATH = "/api/v1/admin/media";

export type Answer = { status: number; body: Json; text: string; response: Response };

/** The JSON of an answer (or `_raw` when it is not JSON). */
export async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: Json = {};
  if (text) {
    try {
      body = JSON.parse(text) as Json;
    } catch {
      body = { _raw: text };
    }
  }
  return { status: response.status, body, text, response };
}

/**
 * This file's own media folder (MEDIA_DIR), so the storage listings a test compares hold only
 * its own uploads even while other test files upload in parallel. Returns the restore step.
 */
export async function useOwnMediaDir(): Promise<() => Promise<void>> {
  const previous = process.env.MEDIA_DIR;
  const dir = await mkdtemp(path.join(tmpdir(), "media-api-"));
  process.env.MEDIA_DIR = dir;
  resetMediaStorageForTests();
  return async () => {
    process.env.MEDIA_DIR = previous;
    resetMediaStorageForTests();
    await rm(dir, { recursive: true, force: true });
  };
}

/** Every key in the media storage, sorted. */
export async function storedKeys(prefix = ""): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of mediaStorage().list(prefix)) keys.push(key);
  return keys.sort();
}

export type Admin = { user: TestUser; token: string };

/** A fresh admin with a bearer token: each has its own upload rate limit (30 a minute). */
export async function newAdmin(): Promise<Admin> {
  const user = await createTestUser({ role: "admin" });
  return { user, token: await tokenFor(user) };
}

/** What one admin left in the database: library rows and media audit entries. */
export async function traceOf(admin: Admin) {
  const [rows, audits] = await Promise.all([
    db.mediaItem.count({ where: { uploadedById: admin.user.id } }),
    db.auditLog.count({ where: { actorId: admin.user.id, entityType: "media" } }),
  ]);
  return { rows, audits };
}

export type UploadFile = { bytes: Uint8Array; name: string; type?: string };

type UploadOptions = { bearer?: string; alt?: string; ip?: string; fields?: Record<string, string>; headers?: Record<string, string> };

/** A POST /api/v1/admin/media request with a real multipart body built by FormData. */
export function uploadRequest(file: UploadFile | null, options: UploadOptions = {}): Request {
  const form = new FormData();
  if (options.alt !== undefined) form.set("alt", options.alt);
  for (const [name, value] of Object.entries(options.fields ?? {})) form.set(name, value);
  if (file) form.set("file", new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? "application/octet-stream" }));
  return new Request(`${BASE_URL}${UPLOAD_PATH}`, { method: "POST", body: form, headers: requestHeaders(options) });
}

export function requestHeaders(options: { bearer?: string; ip?: string; headers?: Record<string, string> }): Record<string, string> {
  const headers: Record<string, string> = { [PEER_HEADER]: options.ip ?? fakeIp(), ...options.headers };
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  return headers;
}

/** Sends a request to the upload route. */
export async function postUpload(request: Request): Promise<Answer> {
  return answerOf(await uploadRoute(request, { params: Promise.resolve({}) }));
}

export function upload(file: UploadFile | null, options: UploadOptions = {}): Promise<Answer> {
  return postUpload(uploadRequest(file, options));
}

/** A multipart body written by hand (odd part headers FormData would never send). */
export function handMadeUpload(parts: { headers: string; body: Uint8Array | string }[], options: UploadOptions = {}): Request {
  const boundary = "----prueba-media-7d1f";
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n${part.headers}\r\n\r\n`, "utf8"), Buffer.from(part.body), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return new Request(`${BASE_URL}${UPLOAD_PATH}`, {
    method: "POST",
    body: new Uint8Array(Buffer.concat(chunks)),
    headers: { ...requestHeaders(options), "content-type": `multipart/form-data; boundary=${boundary}` },
  });
}

export const mediaApi = (bearer: string) => ({
  list: (query = "") => call(listRoute, `${UPLOAD_PATH}${query}`, { bearer }),
  get: (id: number | string) => call(getItem, `${UPLOAD_PATH}/${id}`, { bearer, params: { id: String(id) } }),
  update: (id: number | string, body: unknown) => call(putItem, `${UPLOAD_PATH}/${id}`, { method: "PUT", body, bearer, params: { id: String(id) } }),
  remove: (id: number | string) => call(deleteItem, `${UPLOAD_PATH}/${id}`, { method: "DELETE", bearer, params: { id: String(id) } }),
  async original(id: number | string) {
    const response = await getOriginal(new Request(`${BASE_URL}${UPLOAD_PATH}/${id}/original`, { headers: requestHeaders({ bearer }) }), {
      params: Promise.resolve({ id: String(id) }),
    });
    return { status: response.status, response, bytes: Buffer.from(await response.arrayBuffer()) };
  },
});

export type MediaFileAnswer = { status: number; response: Response; bytes: Buffer };

/** GET /media/{key}/{file} through its route handler, with the params Next would decode. */
export async function getMediaFile(key: string, file: string, headers: Record<string, string> = {}): Promise<MediaFileAnswer> {
  const url = `${BASE_URL}/media/${encodeURIComponent(key)}/${encodeURIComponent(file)}`;
  const response = await mediaFileRoute(new Request(url, { headers }), { params: Promise.resolve({ key, file }) });
  return { status: response.status, response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** GET of a public URL the contract gave ("/media/{key}/{file}"). */
export function fetchMediaUrl(url: string, headers: Record<string, string> = {}): Promise<MediaFileAnswer> {
  const match = /^\/media\/([^/]+)\/([^/]+)$/.exec(url);
  if (!match) throw new Error(`Not a /media URL: ${url}`);
  return getMediaFile(decodeURIComponent(match[1]), decodeURIComponent(match[2]), headers);
}

/** Whether `bytes` contains `text` (as Latin-1 bytes). */
export function containsBytes(bytes: Uint8Array, text: string): boolean {
  return Buffer.from(bytes).includes(Buffer.from(text, "latin1"));
}
