// Integration tests of the catalogue admin API's answers to bad input, for products and services:
// a clear Spanish error (422, 409 for a taken slug, 413 for an oversized body, 400/415 for a body
// that is not JSON), never a 500, and nothing stored or changed; a client token is 403.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createTestUser, tokenFor, uniqueTag, type Json } from "./helpers/auth";
import { catalogAdminCalls, countSlug, minimal, rowOf } from "./helpers/admin-catalog";

let token: string;
let clientToken: string;

beforeAll(async () => {
  token = await tokenFor(await createTestUser({ role: "admin" }));
  clientToken = await tokenFor(await createTestUser({ role: "client" }));
});

const { api, createOk } = catalogAdminCalls(() => token);

const SPANISH = /[áéíóúñ¿]|debe|obligatori|válid|solo|puede|categor|moneda|periodo|estado|precio|URL|cuerpo/i;

describe.each(["product", "service"] as const)("%s bad input", (kind) => {
  const BAD_URLS = ["javascript:alert(1)", "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==", "JaVaScRiPt:alert(1)", "ftp://example.pe/x", "/relativa"];

  const cases: [string, Json, string][] = [
    ["a missing name", { name: undefined }, "name"],
    ["a blank name", { name: "   " }, "name"],
    ["a missing slug", { slug: undefined }, "slug"],
    ["a missing description", { description: undefined }, "description"],
    ["a slug with spaces", { slug: "mi producto" }, "slug"],
    ["a slug with capitals", { slug: "Mi-Producto" }, "slug"],
    ["a negative price", { price_from: -5 }, "price_from"],
    ["a non-numeric price", { price_from: "gratis" }, "price_from"],
    ["a price with 3 decimals", { price_from: "1.999" }, "price_from"],
    ["an unknown currency", { currency: "GBP" }, "currency"],
    ["an unknown period", { billing_period: "weekly" }, "billing_period"],
    ["an unknown status", { status: "published" }, "status"],
    ["an unknown category", { category: "Cocina" }, "category"],
    ["features as a string", { features: "uno, dos" }, "features"],
    ["features with numbers", { features: [1, 2] }, "features.0"],
    ["gallery as an object", { gallery_images: { a: 1 } }, "gallery_images"],
    ["faq as a number", { faq: 3 }, "faq"],
    ["is_featured as text", { is_featured: "sí" }, "is_featured"],
    ["an invalid e-mail", { contact_email: "no-es-correo" }, "contact_email"],
    ["an order that is not an integer", { order_index: "1.5" }, "order_index"],
  ];
  // Images are library items: an id or a path of this site ("/media/…", "/images/…"), never an
  // external or protocol-relative URL (a well-formed path no item has is refused by the service).
  const BAD_IMAGES = [...BAD_URLS.slice(0, -1), "//evil.example/x.png", "https://cdn.example.pe/x.png", 0, -3, 1.5];
  for (const url of BAD_URLS) {
    for (const field of ["demo_url", "documentation_url"]) cases.push([`${field} = ${url.slice(0, 16)}`, { [field]: url }, field]);
    cases.push([`videos with ${url.slice(0, 16)}`, { videos: ["https://ok.example.pe/a", url] }, "videos.1"]);
  }
  for (const image of BAD_IMAGES) {
    cases.push([`image = ${String(image).slice(0, 16)}`, { image }, "image"]);
    cases.push([`gallery_images with ${String(image).slice(0, 16)}`, { gallery_images: ["/images/gallery/panel-ventas.svg", image] }, "gallery_images.1"]);
  }
  cases.push(["an image no library item has", { image: "/images/no-existe.svg" }, "image"]);

  it.each(cases)("POST with %s → 422 with a Spanish message for the field; nothing stored", async (_label, change, field) => {
    const tag = uniqueTag();
    const body = { ...minimal(kind, tag), ...change };
    const { status, body: answer } = await api(kind).create(body);
    expect(status).toBe(422);
    expect(answer.message).toBe("Revisa los campos marcados.");
    const errors = answer.errors as Record<string, string[]>;
    expect(Object.keys(errors)).toContain(field);
    expect(errors[field][0]).toMatch(SPANISH);
    expect(await db.catalogItem.count({ where: { slug: { contains: tag } } })).toBe(0);
    expect(await db.catalogItem.count({ where: { name: `Elemento ${tag}` } })).toBe(0);
  });

  it.each(cases.filter(([, change]) => Object.values(change).every((value) => value !== undefined)))(
    "PUT with %s → 422; the stored item is unchanged",
    async (_label, change, field) => {
      const item = await createOk(kind, minimal(kind, uniqueTag()));
      const before = await rowOf(item.id as number);
      const { status, body } = await api(kind).update(item.id as number, change);
      expect(status).toBe(422);
      expect(Object.keys(body.errors as Json)).toContain(field);
      expect(await rowOf(item.id as number)).toEqual(before);
    },
  );

  it("a duplicate slug of the same kind is 409 with a Spanish message (on create and on update); nothing changes", async () => {
    const tag = uniqueTag();
    const first = await createOk(kind, minimal(kind, tag));
    const dup = await api(kind).create({ ...minimal(kind, `${tag}-otro`), slug: first.slug });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe("Ya existe otro elemento con ese slug. Elige uno distinto.");
    expect(await countSlug(kind, first.slug as string)).toBe(1);

    const second = await createOk(kind, minimal(kind, `${tag}-2`));
    const clash = await api(kind).update(second.id as number, { slug: first.slug });
    expect(clash.status).toBe(409);
    expect((await rowOf(second.id as number))?.slug).toBe(second.slug);
  });

  it("2 MB of HTML is refused with 413 before anything is read; nothing stored", async () => {
    const tag = uniqueTag();
    const { status, body } = await api(kind).create({ ...minimal(kind, tag), content_html: `<p>${"a".repeat(2 * 1024 * 1024)}</p>` });
    expect(status).toBe(413);
    expect(body.message).toMatch(/demasiado grande/);
    expect(await countSlug(kind, `elemento-${tag}`)).toBe(0);
  });

  it("HTML over the field's bound (but under 1 MB) is 422 for that field", async () => {
    const tag = uniqueTag();
    const { status, body } = await api(kind).create({ ...minimal(kind, tag), long_description: `<p>${"a".repeat(25_000)}</p>` });
    expect(status).toBe(422);
    expect(Object.keys(body.errors as Json)).toContain("long_description");
    expect(await countSlug(kind, `elemento-${tag}`)).toBe(0);
  });

  it("a body that is not JSON is 400, one not declared as JSON is 415 (Spanish messages, nothing stored)", async () => {
    const tag = uniqueTag();
    const broken = await api(kind).create(`{"name": "Elemento ${tag}", "slug": `);
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe("El cuerpo de la solicitud no es JSON válido.");
    const form = await api(kind).create(`name=Elemento+${tag}`, { "content-type": "application/x-www-form-urlencoded" });
    expect(form.status).toBe(415);
    expect(form.body.message).toMatch(/debe ser JSON/);
    const array = await api(kind).create([1, 2, 3]);
    expect(array.status).toBe(422);
    expect(await db.catalogItem.count({ where: { name: `Elemento ${tag}` } })).toBe(0);
  });

  it("a client token is 403 on every write; nothing stored", async () => {
    const tag = uniqueTag();
    const asClient = api(kind, clientToken);
    expect((await asClient.create(minimal(kind, tag))).status).toBe(403);
    expect((await asClient.bulk({ ids: [1], action: "delete" })).status).toBe(403);
    expect((await asClient.list()).status).toBe(403);
    expect(await countSlug(kind, `elemento-${tag}`)).toBe(0);
  });
});
