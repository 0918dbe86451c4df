// Integration tests of the catalogue admin API:
// GET|POST /api/v1/admin/{products,services}, GET|PUT|DELETE …/{id}, POST …/bulk,
// GET …/{id}/versions, POST …/{id}/versions/{n}/restore and GET …/export, each allowed and
// refused, with the database checked after every write. 401/403 for every route file also come
// from tests/api-admin-access.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import * as productBulk from "@/app/api/v1/admin/products/bulk/route";
import * as productExport from "@/app/api/v1/admin/products/export/route";
import * as productItem from "@/app/api/v1/admin/products/[id]/route";
import * as productRestore from "@/app/api/v1/admin/products/[id]/versions/[version]/restore/route";
import * as productVersions from "@/app/api/v1/admin/products/[id]/versions/route";
import * as products from "@/app/api/v1/admin/products/route";
import * as serviceBulk from "@/app/api/v1/admin/services/bulk/route";
import * as serviceExport from "@/app/api/v1/admin/services/export/route";
import * as serviceItem from "@/app/api/v1/admin/services/[id]/route";
import * as serviceRestore from "@/app/api/v1/admin/services/[id]/versions/[version]/restore/route";
import * as serviceVersions from "@/app/api/v1/admin/services/[id]/versions/route";
import * as services from "@/app/api/v1/admin/services/route";
import { formatLongDate } from "@/components/admin/catalog/long-date";
import { CATALOG_CSV_HEADER } from "@/lib/catalog/csv";
import { db } from "@/lib/db";
import { call, createTestUser, tokenFor, uniqueTag, type Json, type TestUser } from "./helpers/auth";

type Kind = "product" | "service";

const ROUTES = {
  product: { base: "/api/v1/admin/products", collection: products, item: productItem, bulk: productBulk, versions: productVersions, restore: productRestore, exportRoute: productExport, category: "ERP", otherCategory: "CRM", notFound: "Producto no encontrado" },
  service: { base: "/api/v1/admin/services", collection: services, item: serviceItem, bulk: serviceBulk, versions: serviceVersions, restore: serviceRestore, exportRoute: serviceExport, category: "Desarrollo", otherCategory: "Consultoría", notFound: "Servicio no encontrado" },
} as const;

const ITEM_KEYS = [
  "benefits", "billing_period", "category", "contact_email", "contact_phone", "content_html", "created_at", "currency", "demo_url",
  "description", "documentation_url", "faq", "features", "gallery_images", "id", "image", "is_featured", "long_description",
  "meta_description", "meta_keywords", "meta_title", "name", "order_index", "price_from", "slug", "specifications", "status",
  "updated_at", "use_cases", "videos",
].sort();

let admin: TestUser;
let token: string;
let clientToken: string;

beforeAll(async () => {
  admin = await createTestUser({ role: "admin" });
  token = await tokenFor(admin);
  clientToken = await tokenFor(await createTestUser({ role: "client" }));
});

function api(kind: Kind, bearer = token) {
  const r = ROUTES[kind];
  return {
    list: (query = "") => call(r.collection.GET, `${r.base}${query}`, { bearer }),
    create: (body: unknown, headers?: Record<string, string>) => call(r.collection.POST, r.base, { method: "POST", body, bearer, headers }),
    get: (id: number | string) => call(r.item.GET, `${r.base}/${id}`, { bearer, params: { id: String(id) } }),
    update: (id: number | string, body: unknown) => call(r.item.PUT, `${r.base}/${id}`, { method: "PUT", body, bearer, params: { id: String(id) } }),
    remove: (id: number | string) => call(r.item.DELETE, `${r.base}/${id}`, { method: "DELETE", bearer, params: { id: String(id) } }),
    bulk: (body: unknown) => call(r.bulk.POST, `${r.base}/bulk`, { method: "POST", body, bearer }),
    versions: (id: number | string) => call(r.versions.GET, `${r.base}/${id}/versions`, { bearer, params: { id: String(id) } }),
    restore: (id: number | string, version: number | string) =>
      call(r.restore.POST, `${r.base}/${id}/versions/${version}/restore`, { method: "POST", bearer, params: { id: String(id), version: String(version) } }),
    exportCsv: (query = "") => call(r.exportRoute.GET, `${r.base}/export${query}`, { bearer }),
  };
}

function minimal(kind: Kind, tag: string, extra: Json = {}): Json {
  return { name: `Elemento ${tag}`, slug: `elemento-${tag}`, description: `Descripción de ${kind} ${tag}.`, ...extra };
}

async function createOk(kind: Kind, body: Json): Promise<Json> {
  const { status, body: answer } = await api(kind).create(body);
  expect(status, JSON.stringify(answer)).toBe(201);
  return answer.data as Json;
}

const rowOf = (id: number) => db.catalogItem.findUnique({ where: { id } });
const countSlug = (kind: Kind, slug: string) => db.catalogItem.count({ where: { kind, slug } });

describe.each(["product", "service"] as const)("%s admin API", (kind) => {
  const r = ROUTES[kind];

  it("POST creates with every contract field, answers 201 { data } and stores exactly that (audited, version 1)", async () => {
    const tag = uniqueTag();
    const data = await createOk(kind, {
      ...minimal(kind, tag),
      long_description: "<p>Larga <strong>descripción</strong></p>",
      content_html: "<h2>Título</h2><p>Cuerpo</p>",
      features: ["Multiempresa", " Facturación electrónica ", ""],
      price_from: "149.90",
      currency: "PEN",
      billing_period: "yearly",
      category: r.category,
      is_featured: true,
      status: "draft",
      demo_url: "https://demo.example.pe",
      documentation_url: "https://docs.example.pe/guia",
      image: "https://cdn.example.pe/img.png",
      order_index: "3",
      gallery_images: ["https://cdn.example.pe/1.png"],
      videos: ["https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
      specifications: ["Usuarios: ilimitados"],
      benefits: ["Ahorra tiempo"],
      use_cases: ["Retail"],
      faq: ["¿Incluye soporte?: Sí, 24/7"],
      contact_email: "Ventas@Example.pe",
      contact_phone: "+51 987 654 321",
      meta_title: "Título SEO",
      meta_description: "Descripción SEO",
      meta_keywords: "erp, peru",
    });
    expect(Object.keys(data).sort()).toEqual(ITEM_KEYS);
    expect(data).toMatchObject({
      features: ["Multiempresa", "Facturación electrónica"],
      price_from: 149.9,
      currency: "PEN",
      billing_period: "yearly",
      category: r.category,
      is_featured: true,
      status: "draft",
      order_index: 3,
      contact_email: "ventas@example.pe",
      faq: ["¿Incluye soporte?: Sí, 24/7"],
    });
    const row = await rowOf(data.id as number);
    expect(row).toMatchObject({ kind, slug: `elemento-${tag}`, status: "draft", currency: "PEN", orderIndex: 3, features: ["Multiempresa", "Facturación electrónica"] });
    expect(row?.priceFrom?.toFixed(2)).toBe("149.90");
    const audit = await db.auditLog.findMany({ where: { entityType: kind, entityId: String(data.id) } });
    expect(audit.map((entry) => entry.action)).toEqual([`${kind}.create`]);
    expect(audit[0].actorId).toBe(admin.id);
    expect(await db.catalogItemVersion.count({ where: { itemId: data.id as number } })).toBe(1);
  });

  it("POST applies the defaults (active, USD, monthly, order 0, not featured; price '' → null)", async () => {
    const data = await createOk(kind, minimal(kind, uniqueTag(), { price_from: "", order_index: "" }));
    expect(data).toMatchObject({ status: "active", currency: "USD", billing_period: "monthly", order_index: 0, is_featured: false, price_from: null, category: null, features: [] });
  });

  it("GET lists unpaged ({ data: [...] }) and paged ({ data: { data, current_page, per_page, total, last_page } }), filtered, searched and sorted", async () => {
    const tag = uniqueTag();
    const a = await createOk(kind, minimal(kind, `${tag}-a`, { name: `Alfa ${tag}`, price_from: 300, status: "active", category: r.category }));
    const b = await createOk(kind, minimal(kind, `${tag}-b`, { name: `Beta ${tag}`, price_from: 100, status: "draft", category: r.otherCategory }));
    const c = await createOk(kind, minimal(kind, `${tag}-c`, { name: `Gamma ${tag}`, price_from: null, status: "inactive", category: r.category }));

    const all = await api(kind).list(`?q=${tag}`);
    expect(all.status).toBe(200);
    const unpaged = all.body.data as Json[];
    expect(unpaged.map((item) => item.id).sort()).toEqual([a.id, b.id, c.id].sort());
    expect(Object.keys(unpaged[0]).sort()).toEqual(ITEM_KEYS);

    const page = await api(kind).list(`?q=${tag}&page=2&per_page=2&sort=name&dir=asc`);
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ current_page: 2, per_page: 2, total: 3, last_page: 2 });
    expect(((page.body.data as Json).data as Json[]).map((item) => item.id)).toEqual([c.id]);

    const ids = async (query: string) => ((await api(kind).list(query)).body.data as Json[]).map((item) => item.id);
    expect(await ids(`?q=${tag}&status=draft`)).toEqual([b.id]);
    expect((await ids(`?q=${tag}&category=${encodeURIComponent(r.category)}`)).sort()).toEqual([a.id, c.id].sort());
    expect(await ids(`?q=${tag}&sort=price_from&dir=desc`)).toEqual([a.id, b.id, c.id]);
    expect(await ids(`?q=${tag}&sort=price_from&dir=asc`)).toEqual([b.id, a.id, c.id]);
    expect(await ids(`?q=BETA%20${tag}`)).toEqual([b.id]);
    // Items of the other kind never show.
    const otherKind: Kind = kind === "product" ? "service" : "product";
    expect(((await api(otherKind).list(`?q=${tag}`)).body.data as Json[]).length).toBe(0);
  });

  it.each([
    ["an unknown status", "?status=published", "status"],
    ["an unknown category", "?category=Cocina", "category"],
    ["an unknown sort column", "?sort=password", "sort"],
    ["a bad direction", "?sort=name&dir=up", "dir"],
    ["per_page over 100", "?page=1&per_page=500", "per_page"],
  ])("GET refuses %s with 422 and a Spanish message", async (_label, query, field) => {
    const { status, body } = await api(kind).list(query);
    expect(status).toBe(422);
    expect(typeof body.message).toBe("string");
    expect(Object.keys(body.errors as Json)).toContain(field);
  });

  it("GET /{id} answers any status; unknown, other-kind or malformed ids are 404 with the not-found text", async () => {
    const draft = await createOk(kind, minimal(kind, uniqueTag(), { status: "draft" }));
    const got = await api(kind).get(draft.id as number);
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ id: draft.id, status: "draft" });
    for (const id of ["999999999", "abc", "0", "-1"]) {
      const missing = await api(kind).get(id);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(r.notFound);
    }
    const otherKind: Kind = kind === "product" ? "service" : "product";
    expect((await api(otherKind).get(draft.id as number)).status).toBe(404);
  });

  it("PUT changes only the fields sent, keeps a version per save, audits, and 404s an unknown id", async () => {
    const tag = uniqueTag();
    const item = await createOk(kind, minimal(kind, tag, { features: ["Uno"], price_from: 10 }));
    const { status, body } = await api(kind).update(item.id as number, { name: `Renombrado ${tag}`, price_from: null, features: ["Uno", "Dos"] });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ name: `Renombrado ${tag}`, price_from: null, features: ["Uno", "Dos"], slug: item.slug, description: item.description });
    const row = await rowOf(item.id as number);
    expect(row).toMatchObject({ name: `Renombrado ${tag}`, priceFrom: null, features: ["Uno", "Dos"] });
    const audit = await db.auditLog.findMany({ where: { entityType: kind, entityId: String(item.id) }, orderBy: { id: "asc" } });
    expect(audit.map((entry) => entry.action)).toEqual([`${kind}.create`, `${kind}.update`]);
    expect((await api(kind).update(999999999, { name: "x" })).status).toBe(404);
  });

  it("GET /{id}/versions lists versions newest first; restore brings one back as a new save (audited); bad versions 404", async () => {
    const tag = uniqueTag();
    const item = await createOk(kind, minimal(kind, tag));
    await api(kind).update(item.id as number, { name: `Cambiado ${tag}` });
    const versions = await api(kind).versions(item.id as number);
    expect(versions.status).toBe(200);
    const list = versions.body.data as Json[];
    expect(list.map((v) => v.version)).toEqual([2, 1]);
    expect(list[0].changed_fields).toEqual(["name"]);
    expect((list[0].author as Json).id).toBe(admin.id);

    const restored = await api(kind).restore(item.id as number, 1);
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ name: item.name });
    expect((await rowOf(item.id as number))?.name).toBe(item.name);
    const after = (await api(kind).versions(item.id as number)).body.data as Json[];
    expect(after[0]).toMatchObject({ version: 3, restored_from: 1 });
    const audit = await db.auditLog.findMany({ where: { entityType: kind, entityId: String(item.id) }, orderBy: { id: "asc" } });
    expect(audit.at(-1)?.action).toBe(`${kind}.restore`);

    const missingVersion = await api(kind).restore(item.id as number, 99);
    expect(missingVersion.status).toBe(404);
    expect(missingVersion.body.message).toBe("Esa versión no existe.");
    expect((await api(kind).restore(item.id as number, "abc")).status).toBe(404);
    expect((await api(kind).versions(999999999)).status).toBe(404);
    expect((await rowOf(item.id as number))?.name).toBe(item.name);
  });

  it("DELETE removes the item (audited with its last state); a second delete is 404", async () => {
    const item = await createOk(kind, minimal(kind, uniqueTag()));
    const { status, body } = await api(kind).remove(item.id as number);
    expect(status).toBe(200);
    expect(body.data).toEqual({ id: item.id });
    expect(await rowOf(item.id as number)).toBeNull();
    const audit = await db.auditLog.findFirst({ where: { entityType: kind, entityId: String(item.id), action: `${kind}.delete` } });
    expect(audit?.details).toMatchObject({ before: { slug: item.slug } });
    const again = await api(kind).remove(item.id as number);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(r.notFound);
  });

  it("POST /bulk changes the status of the ids given (skipping other kinds and unknown ids) and deletes", async () => {
    const tag = uniqueTag();
    const one = await createOk(kind, minimal(kind, `${tag}-1`));
    const two = await createOk(kind, minimal(kind, `${tag}-2`, { status: "inactive" }));
    const otherKind: Kind = kind === "product" ? "service" : "product";
    const foreign = await createOk(otherKind, minimal(otherKind, `${tag}-x`));

    const drafted = await api(kind).bulk({ ids: [one.id, two.id, foreign.id, 999999999], action: "draft" });
    expect(drafted.status).toBe(200);
    expect(drafted.body.data).toEqual({ affected: 2 });
    expect((await rowOf(one.id as number))?.status).toBe("draft");
    expect((await rowOf(two.id as number))?.status).toBe("draft");
    expect((await rowOf(foreign.id as number))?.status).toBe("active");

    // Already draft: nothing to change.
    expect((await api(kind).bulk({ ids: [one.id], action: "draft" })).body.data).toEqual({ affected: 0 });

    const deleted = await api(kind).bulk({ ids: [one.id, two.id], action: "delete" });
    expect(deleted.body.data).toEqual({ affected: 2 });
    expect(await db.catalogItem.count({ where: { id: { in: [one.id as number, two.id as number] } } })).toBe(0);
    expect(await rowOf(foreign.id as number)).not.toBeNull();
  });

  it.each([
    ["no ids", { ids: [], action: "draft" }, "ids"],
    ["ids that are not numbers", { ids: ["uno"], action: "draft" }, "ids.0"],
    ["an unknown action", { ids: [1], action: "publish" }, "action"],
    ["more than 100 ids", { ids: Array.from({ length: 101 }, (_, i) => i + 1), action: "delete" }, "ids"],
  ])("POST /bulk refuses %s with 422", async (_label, body, field) => {
    const { status, body: answer } = await api(kind).bulk(body);
    expect(status).toBe(422);
    expect(Object.keys(answer.errors as Json)).toContain(field);
  });

  it("GET /export answers the list's rows with its filters as CSV (BOM, Spanish header, formula cells neutralised)", async () => {
    const tag = uniqueTag();
    const risky = await createOk(kind, minimal(kind, `${tag}-r`, { name: `=HYPERLINK("http://x.example")${tag}`, description: "@SUM(1+1)", features: ["Uno", "Dos"], price_from: 99.5, currency: "EUR", status: "draft" }));
    await createOk(kind, minimal(kind, `${tag}-a`, { status: "active" }));
    const response = await r.exportRoute.GET(
      new Request(`http://localhost${r.base}/export?q=${tag}&status=draft`, { headers: { authorization: `Bearer ${token}` } }),
      { params: Promise.resolve({}) },
    );
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the UTF-8 BOM
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="${kind === "product" ? "productos" : "servicios"}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.slice(1).split("\r\n").filter(Boolean);
    expect(lines[0]).toBe(CATALOG_CSV_HEADER.map((cell) => `"${cell}"`).join(","));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"${risky.id}","'=HYPERLINK(""http://x.example"")${tag}"`);
    expect(lines[1]).toContain(`"'@SUM(1+1)"`);
    expect(lines[1]).toContain(`"99.50","EUR"`);
    expect(lines[1]).toContain(`"Uno | Dos"`);
    expect(lines[1]).toContain(`"Borrador"`);

    const bad = await api(kind).exportCsv("?status=nope");
    expect(bad.status).toBe(422);
    expect((await api(kind, clientToken).exportCsv()).status).toBe(403);
    expect((await call(r.exportRoute.GET, `${r.base}/export`)).status).toBe(401);
  });
});

// ─── Bad input: a clear Spanish error, never a 500, and nothing changed ─────────────

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
  // Images may also be a path of this site ("/images/…", as the seed's), never a protocol-relative one.
  const badUrlsOf = (field: string) => (field === "image" || field === "gallery_images" ? [...BAD_URLS.slice(0, -1), "//evil.example/x.png"] : BAD_URLS);
  for (const field of ["demo_url", "documentation_url", "image"]) {
    for (const url of badUrlsOf(field)) cases.push([`${field} = ${url.slice(0, 16)}`, { [field]: url }, field]);
  }
  for (const field of ["gallery_images", "videos"]) {
    for (const url of badUrlsOf(field)) cases.push([`${field} with ${url.slice(0, 16)}`, { [field]: ["https://ok.example.pe/a.png", url] }, `${field}.1`]);
  }

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

describe("detail dates", () => {
  it("print in the es-ES long format, in Lima time", () => {
    expect(formatLongDate("2026-11-22T19:05:00Z")).toBe("22 de noviembre de 2026, 14:05");
    expect(formatLongDate("2026-01-03T05:09:00Z")).toBe("3 de enero de 2026, 00:09");
    expect(formatLongDate("no es fecha")).toBe("—");
  });
});
