// Integration tests of uploads to the media library: POST /api/v1/admin/media with real multipart
// bodies, for every file of the corpus (tests/fixtures/media/corpus.ts) and for broken or oversized
// requests, with the database, the audit trail and the media storage checked after each; the
// answer's contract; the public sizes (fetched through /media/{key}/{file}) stripped of EXIF and
// GPS while the admin-only original keeps the exact bytes. The library's other routes:
// tests/media-api-library.test.ts.
import { createHash } from "node:crypto";
import exifr from "exifr";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getItem } from "@/app/api/v1/admin/media/[id]/route";
import { GET as csrfCookieRoute } from "@/app/sanctum/csrf-cookie/route";
import { db } from "@/lib/db";
import { FORMAT_EXT, FORMAT_MIME, formatFor, MAX_UPLOAD_BYTES, MEDIA_SIZES, sizesSignature, UPLOAD_MESSAGES, type MediaFormat } from "@/lib/media/config";
import { MEDIA_MESSAGES } from "@/lib/media/schema";
import { GOOD_IMAGES, HOSTILE_FILES, PRIVATE_METADATA, type GoodImage } from "./fixtures/media/corpus";
import { call, createTestUser, sessionCookieFor, tokenFor, type Json } from "./helpers/auth";
import {
  containsBytes,
  fetchMediaUrl,
  handMadeUpload,
  mediaApi,
  newAdmin,
  postUpload,
  requestHeaders,
  storedKeys,
  traceOf,
  upload,
  UPLOAD_PATH,
  useOwnMediaDir,
  type Admin,
} from "./helpers/media-api";

const MB = 1024 * 1024;
const TOO_LARGE = /^El archivo supera el máximo de 10 MB\.$/;
const BROKEN_FORM = "El formulario enviado está dañado o incompleto. Vuelve a intentarlo.";

let restoreMediaDir: () => Promise<void>;
let small: Buffer;

beforeAll(async () => {
  restoreMediaDir = await useOwnMediaDir();
  small = await GOOD_IMAGES.small.build();
});

afterAll(async () => {
  await restoreMediaDir();
});

/**
 * Runs `send` as a fresh admin and checks that the refusal left nothing: no library row, no
 * audit entry, the same files in the storage.
 */
async function expectNothingStored<T extends { status: number }>(send: (admin: Admin) => Promise<T>): Promise<T> {
  const admin = await newAdmin();
  const filesBefore = await storedKeys();
  const answer = await send(admin);
  expect(await traceOf(admin)).toEqual({ rows: 0, audits: 0 });
  expect(await storedKeys()).toEqual(filesBefore);
  return answer;
}

/** The sizes the configuration derives from an image of this width and type, in the order they are listed. */
function expectedSizes(image: Pick<GoodImage, "width" | "mime">) {
  const reached = MEDIA_SIZES.widths.filter((width) => width <= image.width);
  const widths = reached.length ? reached : [image.width];
  const formats = [...new Set(MEDIA_SIZES.formats.map((format) => (format === "original" ? formatFor(image.mime) : format)))] as MediaFormat[];
  return widths.flatMap((width) => formats.map((format) => ({ width, format })));
}

const CONTRACT_KEYS = [
  "alt", "bytes", "created_at", "file_name", "focal_point", "height", "id", "mime", "placeholder", "sizes", "source", "updated_at", "url", "used_in", "width",
].sort();

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("POST /api/v1/admin/media: the hostile corpus", () => {
  const refused = HOSTILE_FILES.filter((file) => file.expected === "refused");
  const neutralised = HOSTILE_FILES.filter((file) => file.expected === "neutralised");

  it.each(refused.map((file) => [file.name, file] as const))("%s: refused with its Spanish message, nothing stored", async (_name, file) => {
    if (file.expected !== "refused") throw new Error("unreachable");
    const bytes = await file.build();
    // The declared type is a lie an image form would send; only the bytes count.
    const answer = await expectNothingStored((admin) => upload({ bytes, name: file.fileName, type: "image/jpeg" }, { bearer: admin.token, alt: "Prueba" }));
    if (bytes.length > MAX_UPLOAD_BYTES) {
      // Cut while streaming, before the domain sees a byte: the multipart reader's 413.
      expect(answer.status).toBe(413);
      expect(answer.body.message).toMatch(TOO_LARGE);
    } else {
      expect(answer.status, answer.text).toBe(422);
      expect(answer.body.message).toMatch(file.message);
      expect((answer.body.errors as Json).file).toEqual([answer.body.message]);
    }
  });

  it.each(neutralised.map((file) => [file.name, file] as const))("%s: accepted as the image it is, no hostile byte in any served size", async (_name, file) => {
    if (file.expected !== "neutralised") throw new Error("unreachable");
    const admin = await newAdmin();
    const bytes = await file.build();
    for (const text of file.mustNotSurvive) expect(containsBytes(bytes, text), text).toBe(true);
    const { status, body, text } = await upload({ bytes, name: file.fileName }, { bearer: admin.token });
    expect(status, text).toBe(201);
    const data = body.data as Json;
    const sizes = data.sizes as { url: string; format: MediaFormat }[];
    expect(sizes.length).toBeGreaterThan(0);
    for (const size of sizes) {
      const served = await fetchMediaUrl(size.url);
      expect(served.status, size.url).toBe(200);
      expect(served.response.headers.get("content-type")).toBe(FORMAT_MIME[size.format]);
      for (const hostile of file.mustNotSurvive) expect(containsBytes(served.bytes, hostile), `${size.url}: ${hostile}`).toBe(false);
    }
    expect(await traceOf(admin)).toEqual({ rows: 1, audits: 1 });
  });
});

describe("POST /api/v1/admin/media: the good images", () => {
  it.each(Object.entries(GOOD_IMAGES))("%s: 201 with the contract, every size stored and served, the row and its audit entry", async (_key, image) => {
    const admin = await newAdmin();
    const bytes = await image.build();
    const filesBefore = new Set(await storedKeys());
    // Declared as a PDF: the bytes decide the type, not the form.
    const { status, body, text } = await upload({ bytes, name: image.fileName, type: "application/pdf" }, { bearer: admin.token, alt: `  Foto de ${image.name}  ` });
    expect(status, text).toBe(201);
    const data = body.data as Json;
    expect(Object.keys(data).sort()).toEqual(CONTRACT_KEYS);
    expect(data).toMatchObject({
      alt: `Foto de ${image.name}`,
      width: image.width,
      height: image.height,
      mime: image.mime,
      source: "upload",
      file_name: image.fileName,
      bytes: bytes.length,
      focal_point: null,
      used_in: [],
    });
    expect(data.placeholder).toMatch(/^data:image\/webp;base64,/);

    const sizes = data.sizes as { width: number; height: number; format: MediaFormat; bytes: number; url: string }[];
    expect(sizes.map(({ width, format }) => ({ width, format }))).toEqual(expectedSizes(image));
    const row = await db.mediaItem.findUniqueOrThrow({ where: { id: data.id as number } });
    for (const size of sizes) {
      expect(size.height).toBe(Math.round((size.width * image.height) / image.width));
      expect(size.url).toMatch(new RegExp(`^/media/${row.key}/[a-z0-9-]+-${size.width}-[a-f0-9]{12}\\.${FORMAT_EXT[size.format]}$`));
      const served = await fetchMediaUrl(size.url);
      expect(served.status, size.url).toBe(200);
      expect(served.response.headers.get("content-type")).toBe(FORMAT_MIME[size.format]);
      expect(served.bytes.length).toBe(size.bytes);
      const metadata = await sharp(served.bytes).metadata();
      expect([metadata.width, metadata.pageHeight ?? metadata.height]).toEqual([size.width, size.height]);
    }
    // The main URL: the largest size up to 1024 px of the fallback format.
    expect(sizes.map((size) => size.url)).toContain(data.url);

    expect(row).toMatchObject({ source: "upload", fileName: image.fileName, mime: image.mime, bytes: bytes.length, contentHash: sha256(bytes), uploadedById: admin.user.id, sizesSignature: sizesSignature(MEDIA_SIZES) });
    const added = (await storedKeys()).filter((key) => !filesBefore.has(key));
    expect(added.sort()).toEqual([row.originalKey!, ...sizes.map((size) => `public${size.url.slice("/media".length)}`)].sort());
    expect(row.originalKey).toMatch(new RegExp(`^originals/${row.key}/`));

    const audit = await db.auditLog.findMany({ where: { entityType: "media", entityId: String(row.id) } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "media.upload", actorId: admin.user.id });
    expect(audit[0].details).toMatchObject({ after: { file_name: image.fileName, mime: image.mime, alt: `Foto de ${image.name}`, width: image.width, height: image.height } });

    // GET /{id}: the same shape and values.
    const detail = await mediaApi(admin.token).get(row.id);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toEqual(data);
  });

  it("keeps no GPS or EXIF in any served size, while the admin's original is the exact upload", async () => {
    const admin = await newAdmin();
    const bytes = await GOOD_IMAGES.exif.build();
    expect((await exifr.gps(bytes)).latitude).toBeCloseTo(PRIVATE_METADATA.latitude, 3);
    const { status, body } = await upload({ bytes, name: GOOD_IMAGES.exif.fileName }, { bearer: admin.token });
    expect(status).toBe(201);
    const data = body.data as Json;
    const sizes = data.sizes as { url: string; format: MediaFormat }[];
    expect(sizes.length).toBe(3);
    for (const size of sizes) {
      const served = await fetchMediaUrl(size.url);
      expect(served.status).toBe(200);
      for (const text of [PRIVATE_METADATA.make, PRIVATE_METADATA.model, PRIVATE_METADATA.comment, "Exif\0\0", "Firmware"]) {
        expect(containsBytes(served.bytes, text), `${size.format}: ${JSON.stringify(text)}`).toBe(false);
      }
      const metadata = await sharp(served.bytes).metadata();
      expect(metadata.exif, size.format).toBeUndefined();
      expect(metadata.xmp, size.format).toBeUndefined();
      expect(metadata.orientation ?? 1, size.format).toBe(1);
      // exifr reads EXIF from JPEG and AVIF (not WebP).
      if (size.format !== "webp") {
        expect(await exifr.gps(served.bytes), size.format).toBeUndefined();
        expect(await exifr.parse(served.bytes, { tiff: true, gps: true, xmp: true, iptc: true }), size.format).toBeUndefined();
      }
    }

    const original = await mediaApi(admin.token).original(data.id as number);
    expect(original.status).toBe(200);
    expect(sha256(original.bytes)).toBe(sha256(bytes));
    expect(original.response.headers.get("content-type")).toBe("image/jpeg");
    expect(original.response.headers.get("content-disposition")).toBe('attachment; filename="IMG_2041.jpg"');
    expect(original.response.headers.get("cache-control")).toBe("private, no-store");
    expect((await exifr.gps(original.bytes)).longitude).toBeCloseTo(PRIVATE_METADATA.longitude, 3);

    // Admins only; an unknown id is a 404.
    const client = await createTestUser({ role: "client" });
    expect((await mediaApi(await tokenFor(client)).original(data.id as number)).status).toBe(403);
    expect((await mediaApi("").original(data.id as number)).status).toBe(401);
    expect((await mediaApi(admin.token).original(2_000_000_000)).status).toBe(404);
    expect((await mediaApi(admin.token).original("abc")).status).toBe(404);
  });
});

describe("POST /api/v1/admin/media: bad file names and broken requests", () => {
  it.each([
    ["a path going up (../)", "../../etc/foto.jpg", UPLOAD_MESSAGES.nameSeparator],
    ["a Windows path (..\\)", "..\\..\\foto.jpg", UPLOAD_MESSAGES.nameSeparator],
    ["two dots", "foto..jpg", UPLOAD_MESSAGES.nameDots],
    ["300 characters", `${"a".repeat(296)}.jpg`, UPLOAD_MESSAGES.nameTooLong],
    ["only spaces", "   ", UPLOAD_MESSAGES.nameEmpty],
    ["a right-to-left override", "foto\u202Egpj.exe", null],
  ])("a file name with %s is refused (422), nothing stored", async (_label, name, message) => {
    const answer = await expectNothingStored((admin) => upload({ bytes: small, name, type: "image/jpeg" }, { bearer: admin.token }));
    expect(answer.status, answer.text).toBe(422);
    if (message) expect(answer.body.message).toBe(message);
    else expect(answer.body.message).toMatch(/^El nombre del archivo /);
    expect((answer.body.errors as Json).file).toEqual([answer.body.message]);
  });

  it("a NUL in the file name is refused: 422 when encoded (filename*), 400 when raw in the part's header", async () => {
    const encoded = await expectNothingStored((admin) =>
      postUpload(
        handMadeUpload([{ headers: `Content-Disposition: form-data; name="file"; filename*=UTF-8''foto%00.jpg\r\nContent-Type: image/jpeg`, body: small }], { bearer: admin.token }),
      ),
    );
    expect(encoded.status).toBe(422);
    expect(encoded.body.message).toMatch(/^El nombre del archivo .*control/);

    const raw = await expectNothingStored((admin) => upload({ bytes: small, name: "foto\0.jpg", type: "image/jpeg" }, { bearer: admin.token }));
    expect(raw.status).toBe(400);
    expect(raw.body.message).toBe(BROKEN_FORM);
  });

  it("an empty body, a form without the `file` field and a `file` sent as text are refused, nothing stored", async () => {
    const empty = await expectNothingStored((admin) =>
      postUpload(new Request(`http://localhost${UPLOAD_PATH}`, { method: "POST", body: "", headers: { ...requestHeaders({ bearer: admin.token }), "content-type": "multipart/form-data; boundary=x" } })),
    );
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(BROKEN_FORM);

    const noBody = await expectNothingStored((admin) =>
      postUpload(new Request(`http://localhost${UPLOAD_PATH}`, { method: "POST", headers: { ...requestHeaders({ bearer: admin.token }), "content-type": "multipart/form-data; boundary=x" } })),
    );
    expect(noBody.status).toBe(422);
    expect(noBody.body).toEqual({ message: MEDIA_MESSAGES.noFile, errors: { file: [MEDIA_MESSAGES.noFile] } });

    const noFile = await expectNothingStored((admin) => upload(null, { bearer: admin.token, alt: "Sin archivo" }));
    expect(noFile.status).toBe(422);
    expect(noFile.body).toEqual({ message: MEDIA_MESSAGES.noFile, errors: { file: [MEDIA_MESSAGES.noFile] } });

    const asText = await expectNothingStored((admin) => upload(null, { bearer: admin.token, fields: { file: "foto.jpg" } }));
    expect(asText.status).toBe(422);
    expect(asText.body.message).toBe(MEDIA_MESSAGES.noFile);
  });

  it.each([
    ["JSON", "application/json", JSON.stringify({ file: "foto.jpg" })],
    ["a bare JPEG body", "image/jpeg", "jpeg"],
    ["urlencoded", "application/x-www-form-urlencoded", "file=foto.jpg"],
  ])("a %s body is 415, nothing stored", async (_label, contentType, content) => {
    const answer = await expectNothingStored((admin) =>
      postUpload(
        new Request(`http://localhost${UPLOAD_PATH}`, {
          method: "POST",
          body: content === "jpeg" ? new Uint8Array(small) : content,
          headers: { ...requestHeaders({ bearer: admin.token }), "content-type": contentType },
        }),
      ),
    );
    expect(answer.status).toBe(415);
    expect(answer.body.message).toBe("Envía la imagen como multipart/form-data (campo «file»).");
  });

  it("an alt text over 300 characters is refused before the image is processed, nothing stored", async () => {
    const answer = await expectNothingStored((admin) => upload({ bytes: small, name: "icono.jpg" }, { bearer: admin.token, alt: "á".repeat(301) }));
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ alt: [MEDIA_MESSAGES.altTooLong] });
  });

  it("from the library screen (session cookie): 419 without the CSRF token, nothing stored; 201 with it", async () => {
    const admin = await newAdmin();
    const session = await sessionCookieFor(admin.user);
    const csrf = await csrfCookieRoute(new Request("http://localhost/sanctum/csrf-cookie", { headers: { cookie: session } }), { params: Promise.resolve({}) });
    const token = decodeURIComponent(/^XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get("set-cookie") ?? "")![1]);
    const files = await storedKeys();

    const refused = await upload({ bytes: small, name: "icono.jpg" }, { headers: { cookie: session } });
    expect(refused.status).toBe(419);
    expect(await traceOf(admin)).toEqual({ rows: 0, audits: 0 });
    expect(await storedKeys()).toEqual(files);

    const accepted = await upload({ bytes: small, name: "icono.jpg" }, { headers: { cookie: `${session}; XSRF-TOKEN=${encodeURIComponent(token)}`, "x-xsrf-token": token } });
    expect(accepted.status, accepted.text).toBe(201);
    expect(await traceOf(admin)).toEqual({ rows: 1, audits: 1 });
  });

  it("a signed-out caller gets 401 and a client 403, nothing stored", async () => {
    const files = await storedKeys();
    expect((await upload({ bytes: small, name: "icono.jpg" })).status).toBe(401);
    const client = await createTestUser({ role: "client" });
    expect((await upload({ bytes: small, name: "icono.jpg" }, { bearer: await tokenFor(client) })).status).toBe(403);
    expect(await db.mediaItem.count({ where: { uploadedById: client.id } })).toBe(0);
    expect(await storedKeys()).toEqual(files);
  });
});

/** A multipart body streamed chunk by chunk without a Content-Length; `pulled()` says how much the reader took. */
function streamedUpload(fieldHeaders: string, bytes: number, options: { bearer: string; contentLength?: number }) {
  const boundary = "----prueba-stream-41c9";
  let pulled = 0;
  let sent = 0;
  let stage: "head" | "body" | "tail" | "done" = "head";
  const chunk = new Uint8Array(64 * 1024).fill(0x41);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      let next: Uint8Array;
      if (stage === "head") {
        next = Buffer.from(`--${boundary}\r\n${fieldHeaders}\r\n\r\n`);
        stage = "body";
      } else if (stage === "body") {
        next = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
        sent += next.length;
        if (sent >= bytes) stage = "tail";
      } else if (stage === "tail") {
        next = Buffer.from(`\r\n--${boundary}--\r\n`);
        stage = "done";
      } else {
        controller.close();
        return;
      }
      pulled += next.length;
      controller.enqueue(next);
    },
  });
  const headers: Record<string, string> = { ...requestHeaders({ bearer: options.bearer }), "content-type": `multipart/form-data; boundary=${boundary}` };
  if (options.contentLength !== undefined) headers["content-length"] = String(options.contentLength);
  const request = new Request(`http://localhost${UPLOAD_PATH}`, { method: "POST", body, headers, duplex: "half" } as RequestInit);
  return { request, pulled: () => pulled };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe("POST /api/v1/admin/media: bodies over the limit", () => {
  it("a file streaming 11 MB without a Content-Length is cut at 10 MB: 413, the rest never read, nothing stored", async () => {
    let pulled = () => 0;
    const answer = await expectNothingStored(async (admin) => {
      const streamed = streamedUpload('Content-Disposition: form-data; name="file"; filename="enorme.jpg"\r\nContent-Type: image/jpeg', 11 * MB, { bearer: admin.token });
      pulled = streamed.pulled;
      expect(streamed.request.headers.get("content-length")).toBeNull();
      return postUpload(streamed.request);
    });
    expect(answer.status).toBe(413);
    expect(answer.body.message).toMatch(TOO_LARGE);
    await settle();
    expect(pulled()).toBeGreaterThan(MAX_UPLOAD_BYTES);
    expect(pulled()).toBeLessThan(MAX_UPLOAD_BYTES + 512 * 1024);
  });

  it.each([
    ["a file under another field name", 'Content-Disposition: form-data; name="foto"; filename="enorme.jpg"'],
    ["a text field", 'Content-Disposition: form-data; name="alt"'],
  ])("%s streaming 40 MB is cut soon after 10 MB too (413), nothing stored", async (_label, headers) => {
    let pulled = () => 0;
    const answer = await expectNothingStored(async (admin) => {
      const streamed = streamedUpload(headers, 40 * MB, { bearer: admin.token });
      pulled = streamed.pulled;
      return postUpload(streamed.request);
    });
    expect(answer.status).toBe(413);
    await settle();
    expect(pulled()).toBeLessThan(MAX_UPLOAD_BYTES + 512 * 1024);
  });

  it("a declared Content-Length over the limit is 413 at once, before the body is read", async () => {
    let pulled = () => 0;
    let took = 0;
    const answer = await expectNothingStored(async (admin) => {
      const streamed = streamedUpload('Content-Disposition: form-data; name="file"; filename="enorme.jpg"', 11 * MB, { bearer: admin.token, contentLength: 11 * MB + 200 });
      pulled = streamed.pulled;
      expect(streamed.request.headers.get("content-length")).toBe(String(11 * MB + 200));
      const started = Date.now();
      const sent = await postUpload(streamed.request);
      took = Date.now() - started;
      return sent;
    });
    expect(answer.status).toBe(413);
    expect(answer.body.message).toMatch(TOO_LARGE);
    expect(took).toBeLessThan(3_000);
    await settle();
    expect(pulled()).toBeLessThan(256 * 1024);
  });

  it("a file of exactly 10 MB passes the reader and is judged by its bytes (422: not an image); one byte more is 413", async () => {
    const exactly = await expectNothingStored((admin) => upload({ bytes: Buffer.alloc(MAX_UPLOAD_BYTES, 0x41), name: "diez.jpg" }, { bearer: admin.token }));
    expect(exactly.status).toBe(422);
    expect(exactly.body.message).toBe(UPLOAD_MESSAGES.notAccepted);
    const over = await expectNothingStored((admin) => upload({ bytes: Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x41), name: "diez.jpg" }, { bearer: admin.token }));
    expect(over.status).toBe(413);
    expect(over.body.message).toMatch(TOO_LARGE);
  });
});

describe("GET /api/v1/admin/media/{id}", () => {
  it("is 404 for an unknown or malformed id, 403 for a client", async () => {
    const admin = await newAdmin();
    for (const id of ["2000000000", "abc", "0", "-1", "1.5"]) {
      const { status, body } = await call(getItem, `${UPLOAD_PATH}/${id}`, { bearer: admin.token, params: { id } });
      expect(status, id).toBe(404);
      expect(body.message).toBe(MEDIA_MESSAGES.notFound);
    }
    const client = await createTestUser({ role: "client" });
    expect((await mediaApi(await tokenFor(client)).get(1)).status).toBe(403);
  });
});
