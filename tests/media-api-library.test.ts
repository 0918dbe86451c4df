// Integration tests of the media library's other routes, with the database, the audit trail and
// the media storage checked: GET /api/v1/admin/media (paged, q, type), PUT and DELETE
// /api/v1/admin/media/{id} (alt text, focal point, refusals, 409 while in use), library images
// used by products and testimonials through their REST routes and shown by the public JSON,
// the upload rate limit under a burst, the public /media/{key}/{file} route (caching, 304,
// 404), the S3 storage end to end and the size regeneration. Uploads themselves:
// tests/media-api.test.ts.
import { createHash } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as publicProduct } from "@/app/api/v1/products/[slug]/route";
import { GET as publicTestimonials } from "@/app/api/v1/testimonials/route";
import { PUT as updateTestimonialRoute } from "@/app/api/v1/admin/testimonials/[id]/route";
import { POST as createTestimonialRoute } from "@/app/api/v1/admin/testimonials/route";
import { db } from "@/lib/db";
import { MEDIA_SIZES, sizesSignature } from "@/lib/media/config";
import { MEDIA_MESSAGES } from "@/lib/media/schema";
import { TEXT_MESSAGES } from "@/lib/zod";
import { regenerateMediaSizes } from "@/lib/media/service";
import { mediaStorage, resetMediaStorageForTests } from "@/lib/media/storage";
import { GOOD_IMAGES } from "./fixtures/media/corpus";
import { call, createTestUser, tokenFor, uniqueTag, type Json } from "./helpers/auth";
import { catalogAdminCalls, minimal } from "./helpers/admin-catalog";
import {
  fetchMediaUrl,
  getMediaFile,
  mediaApi,
  newAdmin,
  postUpload,
  storedKeys,
  traceOf,
  upload,
  uploadRequest,
  useOwnMediaDir,
  type Admin,
} from "./helpers/media-api";
import { startS3Server } from "./helpers/s3-server";

let restoreMediaDir: () => Promise<void>;
let small: Buffer;

beforeAll(async () => {
  restoreMediaDir = await useOwnMediaDir();
  small = await GOOD_IMAGES.small.build();
});

afterAll(async () => {
  await restoreMediaDir();
});

type Size = { width: number; height: number; format: string; bytes: number; url: string };
type Uploaded = Json & { id: number; url: string; sizes: Size[]; file_name: string; alt: string };

/** A small image of a format, each call with other pixels (so other bytes). */
async function tinyImage(format: "jpeg" | "png" | "gif" | "webp", width = 96, height = 64): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.floor(Math.random() * 256);
  return sharp(pixels, { raw: { width, height, channels: 3 } }).toFormat(format).toBuffer();
}

async function uploadOk(admin: Admin, bytes: Buffer, name: string, alt?: string): Promise<Uploaded> {
  const { status, body, text } = await upload({ bytes, name }, { bearer: admin.token, alt });
  expect(status, text).toBe(201);
  return body.data as Uploaded;
}

/** The storage keys of an upload: its sizes and its original. */
async function keysOf(id: number): Promise<string[]> {
  const row = await db.mediaItem.findUniqueOrThrow({ where: { id } });
  const sizes = (row.variants as { file: string }[]).map((v) => `public/${row.key}/${v.file}`);
  return [...sizes, row.originalKey!].sort();
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("GET /api/v1/admin/media", () => {
  let admin: Admin;
  let tag: string;
  let office: Uploaded;
  let logo: Uploaded;
  let animation: Uploaded;

  beforeAll(async () => {
    admin = await newAdmin();
    tag = uniqueTag();
    office = await uploadOk(admin, await tinyImage("jpeg"), `Oficina-${tag}.jpg`, "Sala de reuniones");
    logo = await uploadOk(admin, await tinyImage("png"), "logo.png", `Logotipo ${tag}-azul`);
    animation = await uploadOk(admin, await tinyImage("gif"), `anim-${tag}.gif`);
  });

  const list = (query: string) => mediaApi(admin.token).list(query);
  const ids = (body: Json) => ((body.data as Json).data as Json[]).map((item) => item.id);

  it("is always one page, newest first: { data, current_page, per_page, total, last_page }", async () => {
    const { status, body } = await list(`?q=${tag}`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ current_page: 1, per_page: 20, total: 3, last_page: 1, total_capped: false });
    expect(ids(body)).toEqual([animation.id, logo.id, office.id]);
    const item = ((body.data as Json).data as Json[])[0];
    expect(item).toMatchObject({ id: animation.id, file_name: `anim-${tag}.gif`, mime: "image/gif", usage_count: 0 });
    expect(item.thumbnail_url).toMatch(/^\/media\/[a-f0-9]+\/anim-[a-z0-9]+-96-[a-f0-9]{12}\.webp$/);

    const first = await list(`?q=${tag}&per_page=2`);
    expect(first.body.data).toMatchObject({ current_page: 1, per_page: 2, total: 3, last_page: 2, total_capped: false });
    expect(ids(first.body)).toEqual([animation.id, logo.id]);
    const second = await list(`?q=${tag}&per_page=2&page=2`);
    expect(ids(second.body)).toEqual([office.id]);
  });

  it("`q` finds the file name (any case) or the alt text", async () => {
    expect(ids((await list(`?q=OFICINA-${tag}`)).body)).toEqual([office.id]);
    expect(ids((await list(`?q=${tag}-azul`)).body)).toEqual([logo.id]);
    expect(ids((await list(`?q=${tag}-verde`)).body)).toEqual([]);
  });

  it("`type` keeps one format", async () => {
    expect(ids((await list(`?q=${tag}&type=png`)).body)).toEqual([logo.id]);
    expect(ids((await list(`?q=${tag}&type=gif`)).body)).toEqual([animation.id]);
    expect(ids((await list(`?q=${tag}&type=jpeg`)).body)).toEqual([office.id]);
    expect(ids((await list(`?q=${tag}&type=avif`)).body)).toEqual([]);
  });

  it.each([
    ["an unknown type", "?type=bmp", "type", "El parámetro type debe ser jpeg, png, webp, avif, gif o svg."],
    ["a search over 200 characters", `?q=${"a".repeat(201)}`, "q", "La búsqueda no puede superar los 200 caracteres."],
  ])("%s is a 422 naming the parameter", async (_label, query, field, message) => {
    const { status, body } = await list(query);
    expect(status).toBe(422);
    expect((body.errors as Record<string, string[]>)[field]).toEqual([message]);
  });

  it("is for admins only", async () => {
    const client = await createTestUser({ role: "client" });
    expect((await mediaApi(await tokenFor(client)).list()).status).toBe(403);
    expect((await mediaApi("").list()).status).toBe(401);
  });
});

describe("PUT /api/v1/admin/media/{id}", () => {
  let admin: Admin;

  beforeAll(async () => {
    admin = await newAdmin();
  });

  const auditsOf = (id: number) => db.auditLog.findMany({ where: { entityType: "media", entityId: String(id) }, orderBy: { id: "asc" } });

  it("changes the alt text and the focal point, audited once per real change", async () => {
    const item = await uploadOk(admin, small, "icono.jpg", "Icono");
    const api = mediaApi(admin.token);
    const { status, body } = await api.update(item.id, { alt: "  Icono de la empresa  ", focal_point: { x: 30, y: 70 } });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: item.id, alt: "Icono de la empresa", focal_point: { x: 30, y: 70 }, used_in: [] });
    expect(await db.mediaItem.findUniqueOrThrow({ where: { id: item.id } })).toMatchObject({ alt: "Icono de la empresa", focalX: 30, focalY: 70 });

    let audits = await auditsOf(item.id);
    expect(audits.map((a) => a.action)).toEqual(["media.upload", "media.update"]);
    expect(audits[1]).toMatchObject({ actorId: admin.user.id });
    expect(audits[1].details).toMatchObject({
      before: { alt: "Icono", focal_point: null },
      after: { alt: "Icono de la empresa", focal_point: { x: 30, y: 70 } },
    });

    // The same values again change nothing and add no entry; null clears the focal point.
    expect((await api.update(item.id, { alt: "Icono de la empresa" })).status).toBe(200);
    expect(await auditsOf(item.id)).toHaveLength(2);
    expect((await api.update(item.id, { focal_point: null })).body.data).toMatchObject({ focal_point: null, alt: "Icono de la empresa" });
    audits = await auditsOf(item.id);
    expect(audits).toHaveLength(3);
    expect(audits[2].details).toMatchObject({ before: { focal_point: { x: 30, y: 70 } }, after: { focal_point: null } });
    // Not in use: the alt text may be emptied.
    expect((await api.update(item.id, { alt: "" })).body.data).toMatchObject({ alt: "" });
  });

  it.each([
    ["an alt text of 301 characters", { alt: "a".repeat(301) }, "alt", MEDIA_MESSAGES.altTooLong],
    ["an alt text with a line break", { alt: "Línea\notra" }, "alt", TEXT_MESSAGES.lineBreak],
    ["a focal point of 101", { focal_point: { x: 101, y: 50 } }, "focal_point.x", MEDIA_MESSAGES.focal],
    ["a focal point with decimals", { focal_point: { x: 50, y: 33.3 } }, "focal_point.y", MEDIA_MESSAGES.focal],
    ["a focal point as text", { focal_point: "50,50" }, "focal_point", MEDIA_MESSAGES.focal],
    ["an alt text that is not text", { alt: 5 }, "alt", MEDIA_MESSAGES.altNotText],
    ["an unknown field", { alt: "Bien", title: "Nuevo título" }, "_", "Solo se pueden cambiar alt y focal_point. Campos desconocidos: title."],
    ["a list instead of an object", [{ alt: "Bien" }], "_", MEDIA_MESSAGES.notObject],
  ])("refuses %s with a 422, nothing changed or audited", async (_label, payload, field, message) => {
    const item = await uploadOk(admin, small, "icono.jpg", "Icono");
    const { status, body } = await mediaApi(admin.token).update(item.id, payload);
    expect(status).toBe(422);
    expect(body.message).toBe(MEDIA_MESSAGES.invalid);
    const errors = (body.errors as Record<string, string[]>)[field];
    expect(errors, JSON.stringify(body.errors)).toHaveLength(1);
    expect(errors[0]).toBe(message);
    expect(await db.mediaItem.findUniqueOrThrow({ where: { id: item.id } })).toMatchObject({ alt: "Icono", focalX: null });
    expect((await auditsOf(item.id)).map((a) => a.action)).toEqual(["media.upload"]);
  });

  it("is 404 for an unknown id and 400 for a body that is not JSON", async () => {
    const api = mediaApi(admin.token);
    expect((await api.update(2_000_000_000, { alt: "Hola" })).status).toBe(404);
    const item = await uploadOk(admin, small, "icono.jpg", "Icono");
    expect((await api.update(item.id, "{no es json")).status).toBe(400);
  });
});

describe("Library images used by products and testimonials", () => {
  let admin: Admin;
  let photo: Uploaded;
  let icon: Uploaded;
  const catalog = catalogAdminCalls(() => admin.token);

  beforeAll(async () => {
    admin = await newAdmin();
    photo = await uploadOk(admin, await tinyImage("jpeg", 700, 420), "Equipo en la oficina.jpg", "El equipo en la oficina de Miraflores");
    icon = await uploadOk(admin, small, "icono.jpg", "Icono de la empresa");
  });

  const createTestimonial = (body: Json) => call(createTestimonialRoute, "/api/v1/admin/testimonials", { method: "POST", body, bearer: admin.token });
  const updateTestimonial = (id: number, body: Json) =>
    call(updateTestimonialRoute, `/api/v1/admin/testimonials/${id}`, { method: "PUT", body, bearer: admin.token, params: { id: String(id) } });

  /** What a public page gets for an upload: the fallback format's srcset, AVIF and WebP sources, the intrinsic size. */
  function expectedImageSet(item: Uploaded) {
    const of = (format: string) => item.sizes.filter((s) => s.format === format).sort((a, b) => a.width - b.width);
    const srcset = (format: string) => of(format).map((s) => `${s.url} ${s.width}w`).join(", ");
    const jpeg = of("jpeg");
    return {
      id: item.id,
      src: jpeg.filter((s) => s.width <= 1024).at(-1)!.url,
      srcset: srcset("jpeg"),
      sources: [
        { type: "image/avif", srcset: srcset("avif") },
        { type: "image/webp", srcset: srcset("webp") },
      ],
      width: jpeg.at(-1)!.width,
      height: jpeg.at(-1)!.height,
      alt: item.alt,
      focal_point: null,
    };
  }

  it("a product names them by id or /media URL; the public JSON gives each its image_set", async () => {
    const tag = uniqueTag();
    const created = await catalog.createOk("product", minimal("product", tag, { image: photo.id, gallery_images: [icon.id, photo.url] }));
    expect(created).toMatchObject({ image_id: photo.id, image: photo.url, gallery_image_ids: [icon.id, photo.id], gallery_images: [icon.url, photo.url] });

    const { status, body } = await call(publicProduct, `/api/v1/products/elemento-${tag}`, { params: { slug: `elemento-${tag}` } });
    expect(status).toBe(200);
    const data = body.data as Json;
    expect(data.image_set).toMatchObject(expectedImageSet(photo));
    expect(data.image_set).toMatchObject({ width: 640, height: 384, src: expect.stringMatching(/-640-[a-f0-9]{12}\.jpg$/) });
    expect(data.gallery_image_sets).toMatchObject([expectedImageSet(icon), expectedImageSet(photo)]);
    // Every URL a page would ask for is served.
    const imageSet = data.image_set as { src: string; srcset: string; sources: { srcset: string }[] };
    const urls = [imageSet.src, ...[imageSet.srcset, ...imageSet.sources.map((s) => s.srcset)].flatMap((set) => set.split(", ").map((entry) => entry.split(" ")[0]))];
    expect(urls).toHaveLength(7);
    for (const url of urls) expect((await fetchMediaUrl(url)).status, url).toBe(200);

    // The library now shows where each is used.
    const detail = await mediaApi(admin.token).get(icon.id);
    expect(detail.body.data).toMatchObject({ used_in: [{ type: "product", id: created.id, name: `Elemento ${tag}`, url: `/admin/products/view/${created.id}` }] });
  });

  it("a published testimonial's photo shows in the public list with its image_set", async () => {
    const tag = uniqueTag();
    const name = `Cliente ${tag}`;
    const sector = await db.sector.create({ data: { name: `Sector ${tag}`, slug: `sector-${tag}`, description: "Sector de prueba" } });
    const { status, body } = await createTestimonial({ client_name: name, content: "Muy buen servicio.", status: "published", image: photo.url, sector_id: sector.id });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.data).toMatchObject({ image_id: photo.id, image: photo.url });
    const list = await call(publicTestimonials, `/api/v1/testimonials?sector_id=${sector.id}`);
    expect(list.status).toBe(200);
    const shown = list.body.data as Json[];
    expect(shown.map((t) => t.client_name)).toEqual([name]);
    expect(shown[0].image_set).toMatchObject(expectedImageSet(photo));
    expect((await updateTestimonial((body.data as Json).id as number, { image: null })).status).toBe(200);
  });

  it.each([
    ["an unknown id", 2_000_000_000, /^La imagen 2000000000 no existe en la Biblioteca de medios\.$/],
    ["an outside URL", "https://cdn.example.pe/foto.png", /^Cada imagen debe ser el id de una imagen de la Biblioteca de medios o su URL/],
    ["a /media URL of no image", "/media/0123456789abcdef/foto-320-0123456789ab.webp", /no es una imagen de la Biblioteca de medios/],
  ])("a product refuses %s as its image (422), nothing stored", async (_label, image, message) => {
    const tag = uniqueTag();
    const { status, body } = await catalog.api("product").create(minimal("product", tag, { image }));
    expect(status).toBe(422);
    expect((body.errors as Record<string, string[]>).image[0]).toMatch(message);
    expect(await db.catalogItem.count({ where: { slug: `elemento-${tag}` } })).toBe(0);
  });

  it("an image without alt text cannot go on a page (422), and an image in use cannot lose its alt text (422)", async () => {
    const bare = await uploadOk(admin, await tinyImage("png"), "sin-alt.png");
    const tag = uniqueTag();
    const refused = await catalog.api("product").create(minimal("product", tag, { gallery_images: [bare.id] }));
    expect(refused.status).toBe(422);
    expect((refused.body.errors as Record<string, string[]>).gallery_images).toEqual([
      "La imagen «sin-alt.png» necesita un texto alternativo antes de usarse en una página pública. Añádelo en la Biblioteca de medios.",
    ]);

    const api = mediaApi(admin.token);
    expect((await api.update(bare.id, { alt: "Logotipo" })).status).toBe(200);
    await catalog.createOk("product", minimal("product", tag, { gallery_images: [bare.id] }));
    const blank = await api.update(bare.id, { alt: "   " });
    expect(blank.status).toBe(422);
    expect(blank.body).toEqual({ message: MEDIA_MESSAGES.altRequiredInUse, errors: { alt: [MEDIA_MESSAGES.altRequiredInUse] } });
    expect((await db.mediaItem.findUniqueOrThrow({ where: { id: bare.id } })).alt).toBe("Logotipo");
    // Other changes still go through.
    expect((await api.update(bare.id, { focal_point: { x: 0, y: 100 } })).status).toBe(200);
  });
});

describe("DELETE /api/v1/admin/media/{id}", () => {
  let admin: Admin;
  const catalog = catalogAdminCalls(() => admin.token);

  beforeAll(async () => {
    admin = await newAdmin();
  });

  it("is 409 naming every user while a product (main image or gallery) or a testimonial uses it; 200 and files gone once free", async () => {
    const api = mediaApi(admin.token);
    const item = await uploadOk(admin, small, "icono.jpg", "Icono");
    const files = await keysOf(item.id);
    expect(files).toHaveLength(4);
    for (const key of files) expect(await storedKeys()).toContain(key);

    const tag = uniqueTag();
    const product = await catalog.createOk("product", minimal("product", tag, { image: item.id }));
    const clientName = `Cliente ${tag}`;
    const testimonial = await call(createTestimonialRoute, "/api/v1/admin/testimonials", {
      method: "POST",
      body: { client_name: clientName, content: "Excelente.", image: item.id },
      bearer: admin.token,
    });
    expect(testimonial.status).toBe(201);
    const testimonialId = (testimonial.body.data as Json).id as number;

    const expectRefused = async (usedIn: string[]) => {
      const { status, body } = await api.remove(item.id);
      expect(status).toBe(409);
      expect(body).toEqual({ message: `No se puede eliminar: la imagen está en uso en ${usedIn.join(", ")}. Quítala de allí primero.`, errors: { used_in: usedIn } });
      expect(await db.mediaItem.count({ where: { id: item.id } })).toBe(1);
      for (const key of files) expect(await storedKeys()).toContain(key);
    };

    await expectRefused([`Producto «Elemento ${tag}»`, `Testimonio «${clientName}»`]);
    // The product keeps it in its gallery only.
    expect((await catalog.api("product").update(product.id as number, { image: null, gallery_images: [item.id] })).status).toBe(200);
    const freed = await call(updateTestimonialRoute, `/api/v1/admin/testimonials/${testimonialId}`, { method: "PUT", body: { image: null }, bearer: admin.token, params: { id: String(testimonialId) } });
    expect(freed.status).toBe(200);
    await expectRefused([`Producto «Elemento ${tag}»`]);
    // Gallery emptied: free.
    expect((await catalog.api("product").update(product.id as number, { gallery_images: [] })).status).toBe(200);
    expect((await api.get(item.id)).body.data).toMatchObject({ used_in: [] });

    const { status, body } = await api.remove(item.id);
    expect(status).toBe(200);
    expect(body).toEqual({ data: { id: item.id } });
    expect(await db.mediaItem.count({ where: { id: item.id } })).toBe(0);
    const left = await storedKeys();
    for (const key of files) expect(left).not.toContain(key);
    expect((await fetchMediaUrl(item.url)).status).toBe(404);

    const audits = await db.auditLog.findMany({ where: { entityType: "media", entityId: String(item.id) }, orderBy: { id: "asc" } });
    expect(audits.map((a) => a.action)).toEqual(["media.upload", "media.delete"]);
    expect(audits[1]).toMatchObject({ actorId: admin.user.id });
    expect(audits[1].details).toMatchObject({ before: { file_name: "icono.jpg", alt: "Icono" } });

    // Gone: 404 for the item and a second delete.
    expect((await api.get(item.id)).status).toBe(404);
    expect((await api.remove(item.id)).status).toBe(404);
  });

  it("is 404 for an unknown or malformed id, 403 for a client", async () => {
    const api = mediaApi(admin.token);
    for (const id of ["2000000000", "abc"]) {
      const { status, body } = await api.remove(id);
      expect(status).toBe(404);
      expect(body.message).toBe(MEDIA_MESSAGES.notFound);
    }
    const item = await uploadOk(admin, small, "icono.jpg", "Icono");
    const client = await createTestUser({ role: "client" });
    expect((await mediaApi(await tokenFor(client)).remove(item.id)).status).toBe(403);
    expect(await db.mediaItem.count({ where: { id: item.id } })).toBe(1);
  });
});

describe("Upload rate limit", () => {
  it("50 uploads at once from one admin: some 201, the rest 429 with Retry-After, never a 5xx, nothing half-stored", async () => {
    const admin = await newAdmin();
    const before = new Set(await storedKeys());
    const answers = await Promise.all(Array.from({ length: 50 }, () => postUpload(uploadRequest({ bytes: small, name: "rafaga.jpg" }, { bearer: admin.token, alt: "Ráfaga" }))));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s !== 201 && s !== 429), JSON.stringify(statuses)).toEqual([]);
    const created = answers.filter((a) => a.status === 201);
    const limited = answers.filter((a) => a.status === 429);
    expect(created.length).toBeGreaterThanOrEqual(2);
    expect(created.length).toBeLessThanOrEqual(30);
    expect(limited.length).toBeGreaterThanOrEqual(20);
    for (const answer of limited) {
      expect(Number(answer.response.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(answer.body.message).toMatch(/^(Has subido demasiadas imágenes seguidas|Hay demasiadas imágenes procesándose ahora mismo)\. Inténtalo de nuevo/);
    }
    // Exactly the accepted uploads were kept: a row, an audit entry and 3 sizes + the original each.
    expect(await traceOf(admin)).toEqual({ rows: created.length, audits: created.length });
    const added = (await storedKeys()).filter((key) => !before.has(key));
    expect(added).toHaveLength(created.length * 4);
  });
});

describe("GET /media/{key}/{file}", () => {
  let item: Uploaded;
  let key: string;
  let file: string;

  beforeAll(async () => {
    item = await uploadOk(await newAdmin(), small, "Logo Perú.jpg", "Logo");
    [, , key, file] = item.url.split("/");
  });

  it("serves a size immutable for a year, nosniff, with its type, length and an ETag; 304 when the browser has it", async () => {
    expect(file).toMatch(/^logo-peru-200-[a-f0-9]{12}\.jpg$/);
    const served = await getMediaFile(key, file);
    expect(served.status).toBe(200);
    const headers = served.response.headers;
    expect(headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("content-type")).toBe("image/jpeg");
    expect(Number(headers.get("content-length"))).toBe(served.bytes.length);
    const etag = headers.get("etag")!;
    expect(etag).toBe(`"${file.slice(-16, -4)}"`);
    expect(served.bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    const again = await getMediaFile(key, file, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(again.response.headers.get("etag")).toBe(etag);
    expect(again.response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await getMediaFile(key, file, { "if-none-match": '"000000000000"' })).status).toBe(200);

    for (const size of item.sizes) {
      const [, , , name] = size.url.split("/");
      const answer = await getMediaFile(key, name);
      expect(answer.response.headers.get("content-type")).toBe({ avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg" }[size.format]);
    }
  });

  it("is 404 for unknown names, traversal attempts and the originals (never public)", async () => {
    const row = await db.mediaItem.findUniqueOrThrow({ where: { id: item.id } });
    // The original is there, just never served.
    expect(await storedKeys("originals/")).toContain(row.originalKey);
    const originalName = row.originalKey!.split("/").at(-1)!;
    const cases: [string, string][] = [
      ["0123456789abcdef", file],
      [key, "logo-peru-200-000000000000.png"],
      [key, "..%2f..%2foriginals"],
      [key, `..%2F..%2F${row.originalKey}`],
      ["..", file],
      ["..%2foriginals", key],
      [key, `../../originals/${key}/${originalName}`],
      ["originals", key],
      ["originals", `${key}/${originalName}`],
      [key, originalName],
      [key, file.toUpperCase()],
      [key, `${file}%00.html`],
      [key, `${file}\0.html`],
      [key, file.replace(".jpg", ".svg")],
      [key, `${"a".repeat(5000)}-200-${file.slice(-16)}`],
      [key.toUpperCase(), file],
      [`${key}/..`, file],
    ];
    for (const [k, f] of cases) {
      const answer = await getMediaFile(k, f);
      expect(answer.status, `${k} / ${f}`).toBe(404);
      expect(answer.bytes.toString("utf8")).toBe("Imagen no encontrada.");
      expect(answer.response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(answer.response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    }
  });
});

describe("The S3 storage end to end", () => {
  it("uploads through the route into a real S3 server, serves the size from it, deletes it there", async () => {
    const s3 = await startS3Server({ bucket: "media-api" });
    const saved = Object.fromEntries(["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_REGION"].map((name) => [name, process.env[name]]));
    const localBefore = await storedKeys();
    try {
      Object.assign(process.env, { S3_ENDPOINT: s3.endpoint, S3_BUCKET: s3.bucket, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey, S3_REGION: s3.region });
      resetMediaStorageForTests();
      expect(mediaStorage().kind).toBe("s3");
      const admin = await newAdmin();
      const item = await uploadOk(admin, small, "en-s3.jpg", "Guardada en S3");
      const keys = await keysOf(item.id);
      expect(await storedKeys()).toEqual(keys);

      for (const size of item.sizes) {
        const served = await fetchMediaUrl(size.url);
        expect(served.status, size.url).toBe(200);
        expect(served.bytes.length).toBe(size.bytes);
        expect(served.response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      }
      const original = await mediaApi(admin.token).original(item.id);
      expect(sha256(original.bytes)).toBe(sha256(small));

      expect((await mediaApi(admin.token).remove(item.id)).status).toBe(200);
      expect(await storedKeys()).toEqual([]);
      expect((await fetchMediaUrl(item.url)).status).toBe(404);
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      resetMediaStorageForTests();
      await s3.stop();
    }
    expect(mediaStorage().kind).toBe("local");
    expect(await storedKeys()).toEqual(localBefore);
  });
});

describe("Size regeneration (npm run media:regenerate)", () => {
  it("rebuilds from the original with the current sizes, drops obsolete files, and old URLs answer 302 to the current file", async () => {
    const admin = await newAdmin();
    const bytes = await tinyImage("jpeg", 700, 420);
    const item = await uploadOk(admin, bytes, "Regenerar.jpg", "Regenerar");
    const row = await db.mediaItem.findUniqueOrThrow({ where: { id: item.id } });
    const current = row.variants as { width: number; height: number; format: string; bytes: number; file: string }[];
    expect(current.map((v) => `${v.width}.${v.format}`)).toEqual(["320.avif", "320.webp", "320.jpeg", "640.avif", "640.webp", "640.jpeg"]);
    const storage = mediaStorage();

    // As if an older configuration had made a 2000-wide WebP and another 640 WebP (other bytes, other name).
    const webp640 = current.find((v) => v.width === 640 && v.format === "webp")!;
    const old640 = webp640.file.replace(/-[a-f0-9]{12}\.webp$/, "-0123456789ab.webp");
    const old2000 = "regenerar-2000-abcdefabcdef.webp";
    const stale = await sharp(bytes).webp().toBuffer();
    await storage.put(`public/${row.key}/${old640}`, stale, "image/webp");
    await storage.put(`public/${row.key}/${old2000}`, stale, "image/webp");
    await storage.delete([`public/${row.key}/${webp640.file}`]);
    const oldVariants = [...current.map((v) => (v === webp640 ? { ...v, file: old640 } : v)), { width: 2000, height: 1200, format: "webp", bytes: stale.length, file: old2000 }];
    await db.mediaItem.update({ where: { id: row.id }, data: { variants: oldVariants, sizesSignature: "0badf00d" } });
    const originalBefore = await storage.read(row.originalKey!);

    expect(await regenerateMediaSizes(await db.mediaItem.findUniqueOrThrow({ where: { id: row.id } }))).toBe(true);

    const rebuilt = await db.mediaItem.findUniqueOrThrow({ where: { id: row.id } });
    expect(rebuilt.sizesSignature).toBe(sizesSignature(MEDIA_SIZES));
    expect(rebuilt.variants).toEqual(current);
    expect(rebuilt.originalKey).toBe(row.originalKey);
    expect(sha256((await storage.read(row.originalKey!))!)).toBe(sha256(originalBefore!));
    expect(sha256(originalBefore!)).toBe(sha256(bytes));
    expect(await storedKeys(`public/${row.key}/`)).toEqual(current.map((v) => `public/${row.key}/${v.file}`).sort());

    // Old URLs a cached page may still name: sent to the current file of the same format, nearest width.
    for (const [old, target] of [
      [old640, webp640.file],
      [old2000, webp640.file],
    ]) {
      const answer = await getMediaFile(row.key!, old);
      expect(answer.status, old).toBe(302);
      expect(answer.response.headers.get("location")).toBe(`/media/${row.key}/${target}`);
      expect(answer.response.headers.get("cache-control")).toBe("public, max-age=300");
    }
    expect((await getMediaFile(row.key!, webp640.file)).status).toBe(200);
    expect((await mediaApi(admin.token).get(row.id)).body.data).toMatchObject({ sizes: current.map((v) => ({ width: v.width, format: v.format, url: `/media/${row.key}/${v.file}` })) });
  });

  it("leaves a row whose original is missing as it is (false)", async () => {
    const admin = await newAdmin();
    const item = await uploadOk(admin, small, "sin-original.jpg", "Sin original");
    const row = await db.mediaItem.findUniqueOrThrow({ where: { id: item.id } });
    await mediaStorage().delete([row.originalKey!]);
    await db.mediaItem.update({ where: { id: row.id }, data: { sizesSignature: "0badf00d" } });
    expect(await regenerateMediaSizes(await db.mediaItem.findUniqueOrThrow({ where: { id: row.id } }))).toBe(false);
    const after = await db.mediaItem.findUniqueOrThrow({ where: { id: row.id } });
    expect(after.sizesSignature).toBe("0badf00d");
    expect(after.variants).toEqual(row.variants);
    for (const size of item.sizes) expect((await fetchMediaUrl(size.url)).status).toBe(200);
  });
});
