// `npm run test:front`, section 9: the media library through the front. An admin uploads an image
// through it (bearer token); each format of one size is fetched twice: the app's headers arrive
// intact (type, immutable Cache-Control, nosniff), the second answer comes from the front's cache
// with the same bytes as the app's, and so does a request with credentials or a query string.
// Uploads between 10 and 11 MB get the app's own 413, larger ones the front's (the body never
// reaches the app). A deleted image stops being served once the front's copy expires.
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { fromCache, header, send, sleep, type Answer } from "./http";
import type { FrontRun } from "./run";

const IMMUTABLE = "public, max-age=31536000, immutable";
const MIME = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg", png: "image/png", gif: "image/gif" } as Record<string, string>;

type Size = { width: number; format: string; bytes: number; url: string };
type Uploaded = { id: number; url: string; sizes: Size[] };

/** A multipart/form-data body with the image in `file` and the text fields. */
export function multipartBody(file: { name: string; type: string; data: Buffer }, fields: Record<string, string> = {}): { body: Buffer; contentType: string } {
  const boundary = `----front-${randomBytes(8).toString("hex")}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
  parts.push(file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A small photo-like JPEG (gradient and noise): big enough for the 320, 640 and 1024 sizes. */
async function sampleJpeg(): Promise<Buffer> {
  const noise = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 128, g: 128, b: 128 }, noise: { type: "gaussian", mean: 128, sigma: 24 } } }).raw().toBuffer();
  for (let i = 0; i < noise.length; i += 3) {
    const x = (i / 3) % 1200;
    noise[i] = Math.min(255, noise[i] * 0.4 + (x / 1200) * 150);
  }
  return sharp(noise, { raw: { width: 1200, height: 800, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}

const jsonOf = <T>(answer: Answer): T | null => {
  try {
    return JSON.parse(answer.body.toString()) as T;
  } catch {
    return null;
  }
};

/** Whether the app answered: every answer of the app carries its Permissions-Policy; the front's own never does. */
const fromApp = (answer: Answer) => Boolean(header(answer, "permissions-policy"));

export async function mediaThroughFront(run: FrontRun): Promise<void> {
  const { viaFront, get, check, appUrl, userByEmail, bearerFor, cookieFor, mediaCacheSeconds } = run;
  console.log(`\n── 9. Imágenes de la biblioteca a través del front (caché del front ${mediaCacheSeconds} s) ──`);
  const admin = await userByEmail("admin@lumenti.pe");
  const token = await bearerFor(admin);
  const cookie = (await cookieFor(admin)).cookie;

  const jpeg = await sampleJpeg();
  const upload = multipartBody({ name: "foto-front.jpg", type: "image/jpeg", data: jpeg }, { alt: "Foto de prueba del front" });
  const started = Date.now();
  const created = await viaFront("POST", "/api/v1/admin/media", { "content-type": upload.contentType, authorization: token }, upload.body);
  const uploaded = jsonOf<{ data?: Uploaded }>(created)?.data;
  console.log(`  subida de ${(jpeg.length / 1024).toFixed(0)} KB a través del front: ${created.status} en ${Date.now() - started} ms, ${uploaded?.sizes.length ?? 0} tamaños`);
  if (!check("subida a través del front como admin: 201 con sus tamaños", created.status === 201 && Boolean(uploaded?.sizes.length), `${created.status} ${created.body.toString().slice(0, 200)}`) || !uploaded) return;
  check("la subida no pasa por la caché", !fromCache(created), created.cache);

  // One size (640 px) in each format it was made in.
  const picked = [...new Map(uploaded.sizes.filter((size) => size.width === 640).map((size) => [size.format, size])).values()];
  check("hay un tamaño de 640 px en AVIF, WebP y JPEG", ["avif", "webp", "jpeg"].every((format) => picked.some((size) => size.format === format)), picked.map((size) => size.format).join(","));
  for (const size of picked) {
    const first = await get(size.url);
    const second = await get(size.url);
    const direct = await send(appUrl, "GET", size.url);
    const label = `${size.format} ${size.width} px`;
    console.log(`  ${size.url.padEnd(60)} ${first.status} ${first.cache} → ${second.cache}, ${first.body.length} B, ${header(first, "content-type")}`);
    check(`${label}: 200 la primera vez, pedida a la app (MISS)`, first.status === 200 && first.cache === "MISS", `${first.status} ${first.cache}`);
    check(`${label}: Content-Type ${MIME[size.format]}`, header(first, "content-type") === MIME[size.format], header(first, "content-type"));
    check(`${label}: Cache-Control «${IMMUTABLE}»`, header(first, "cache-control") === IMMUTABLE, header(first, "cache-control"));
    check(`${label}: X-Content-Type-Options nosniff (una sola vez)`, header(first, "x-content-type-options") === "nosniff", header(first, "x-content-type-options"));
    check(`${label}: una sola Content-Security-Policy, la de la imagen (sandbox)`, !Array.isArray(first.headers["content-security-policy"]) && header(first, "content-security-policy").includes("sandbox"), header(first, "content-security-policy"));
    check(`${label}: la segunda respuesta sale de la caché del front`, second.status === 200 && fromCache(second), `${second.status} ${second.cache}`);
    check(`${label}: las cabeceras de la copia en caché son las mismas`, header(second, "cache-control") === IMMUTABLE && header(second, "content-type") === MIME[size.format] && header(second, "x-content-type-options") === "nosniff");
    check(`${label}: mismos bytes que la app (${size.bytes} B)`, first.body.equals(second.body) && first.body.equals(direct.body) && first.body.length === size.bytes, `${first.body.length}, ${second.body.length}, app ${direct.body.length}`);
  }

  // The same bytes for everyone: credentials and a query string are served from the same copy.
  const one = picked[0];
  const reference = await get(one.url);
  for (const [label, path, headers] of [
    ["con cookie de sesión", one.url, { cookie }],
    ["con Authorization", one.url, { authorization: token }],
    ["con una cadena de consulta", `${one.url}?v=${randomBytes(3).toString("hex")}`, {}],
  ] as const) {
    const answer = await get(path, headers);
    check(`${label}: la misma copia de la caché`, answer.status === 200 && fromCache(answer) && answer.body.equals(reference.body), `${answer.status} ${answer.cache}`);
  }
  // An unknown key (under a known one, an old name is sent to the current file of that width).
  const missing = await get(one.url.replace(/^\/media\/[a-f0-9]+\//, `/media/${randomBytes(8).toString("hex")}/`));
  check("un archivo que no existe: 404 con nosniff", missing.status === 404 && header(missing, "x-content-type-options") === "nosniff", `${missing.status} ${header(missing, "x-content-type-options")}`);

  // Body limits of the upload route.
  for (const [mb, byApp] of [[10.5, true], [12, false]] as const) {
    const by = byApp ? "la app" : "el front";
    const big = multipartBody({ name: "grande.jpg", type: "image/jpeg", data: Buffer.concat([jpeg, Buffer.alloc(Math.round(mb * 1024 * 1024) - jpeg.length)]) });
    const answer = await viaFront("POST", "/api/v1/admin/media", { "content-type": big.contentType, authorization: token }, big.body);
    const message = jsonOf<{ message?: string }>(answer)?.message ?? "";
    console.log(`  subida de ${mb} MB: ${answer.status}, respondida por ${fromApp(answer) ? "la app" : "el front"}, «${message}»`);
    check(`subida de ${mb} MB: 413 respondido por ${by}, con un mensaje en español`, answer.status === 413 && fromApp(answer) === byApp && /supera el máximo de 10 MB/.test(message), `${answer.status} ${message || answer.body.toString().slice(0, 120)}`);
    check(`subida de ${mb} MB: JSON y nosniff`, /application\/json/.test(header(answer, "content-type")) && header(answer, "x-content-type-options") === "nosniff", header(answer, "content-type"));
  }

  // Deleted: the front serves its copy until it expires, then the app's 404 (kept in its place).
  const deleted = await viaFront("DELETE", `/api/v1/admin/media/${uploaded.id}`, { authorization: token });
  check("borrar la imagen a través del front", deleted.status === 200, `${deleted.status} ${deleted.body.toString().slice(0, 200)}`);
  const deletedAt = Date.now();
  const limitMs = (2 * mediaCacheSeconds + 10) * 1000;
  let goneAt = 0;
  while (Date.now() - deletedAt < limitMs) {
    if ((await get(one.url)).status === 404) {
      goneAt = Date.now();
      break;
    }
    await sleep(250);
  }
  const after = await get(one.url);
  const seconds = goneAt ? ((goneAt - deletedAt) / 1000).toFixed(1) : "nunca";
  console.log(`  imagen borrada: el front deja de servirla a los ${seconds} s; luego ${after.status} ${after.cache}`);
  check(`imagen borrada: el front deja de servirla en ≤ ${limitMs / 1000} s`, goneAt > 0 && after.status === 404, `${seconds}, luego ${after.status} ${after.cache}`);
  const app404 = await send(appUrl, "GET", one.url);
  check("imagen borrada: la app también responde 404", app404.status === 404, String(app404.status));
}
