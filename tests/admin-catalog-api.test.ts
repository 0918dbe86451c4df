// Integration tests of the catalogue admin API:
// GET|POST /api/v1/admin/{products,services}, GET|PUT|DELETE …/{id}, POST …/bulk,
// GET …/{id}/versions, POST …/{id}/versions/{n}/restore and GET …/export, each allowed and
// refused, with the database checked after every write. Bad input to the same routes:
// tests/admin-catalog-bad-input.test.ts; 401/403 for every route file also come from
// tests/api-admin-access.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { formatLongDate } from "@/components/admin/catalog/long-date";
import { CATALOG_CSV_HEADER } from "@/lib/catalog/csv";
import { db } from "@/lib/db";
import { call, createTestUser, tokenFor, uniqueTag, type Json, type TestUser } from "./helpers/auth";
import { catalogAdminCalls, minimal, ROUTES, rowOf, type Kind } from "./helpers/admin-catalog";

const ITEM_KEYS = [
  "benefits", "billing_period", "category", "contact_email", "contact_phone", "content_html", "created_at", "currency", "demo_url",
  "description", "documentation_url", "faq", "features", "gallery_image_ids", "gallery_image_sets", "gallery_images", "id", "image",
  "image_id", "image_set", "is_featured", "long_description",
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

const { api, createOk } = catalogAdminCalls(() => token);

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
      image: "/images/products/lumen-erp-pyme.svg",
      order_index: "3",
      gallery_images: ["/images/gallery/panel-ventas.svg"],
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
      image: "/images/products/lumen-erp-pyme.svg",
      gallery_images: ["/images/gallery/panel-ventas.svg"],
    });
    expect(data.image_set).toMatchObject({ src: "/images/products/lumen-erp-pyme.svg", alt: expect.any(String) });
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
    expect(page.body.data).toMatchObject({ current_page: 2, per_page: 2, total: 3, last_page: 2, total_capped: false });
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

describe("detail dates", () => {
  it("print in the es-ES long format, in Lima time", () => {
    expect(formatLongDate("2026-11-22T19:05:00Z")).toBe("22 de noviembre de 2026, 14:05");
    expect(formatLongDate("2026-01-03T05:09:00Z")).toBe("3 de enero de 2026, 00:09");
    expect(formatLongDate("no es fecha")).toBe("—");
  });
});
