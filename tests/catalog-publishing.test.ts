// Publishing coherence and XSS safety of the catalogue, through the admin REST handlers an admin's
// client calls and the public reads every public page uses: the detail pages
// (findPublicCatalogItem), /productos, /servicios and /soluciones (listPublicCatalogItems), the
// home (listFeaturedCatalogItems), the public API (/api/v1/products|services) and the sitemap
// (buildSitemapEntries). An active item is in all of them; a draft or inactive one in none; a slug
// change moves it; a delete removes it. Every OWASP vector in every field is either refused with a
// Spanish 422 or stored with nothing of it left in the rich fields — never a 500.
import { beforeAll, describe, expect, it } from "vitest";
import { POST as postProduct } from "@/app/api/v1/admin/products/route";
import { DELETE as deleteProduct, GET as getAdminProduct, PUT as putProduct } from "@/app/api/v1/admin/products/[id]/route";
import { POST as postService } from "@/app/api/v1/admin/services/route";
import { DELETE as deleteService, GET as getAdminService, PUT as putService } from "@/app/api/v1/admin/services/[id]/route";
import { GET as getProducts } from "@/app/api/v1/products/route";
import { GET as getProduct } from "@/app/api/v1/products/[slug]/route";
import { GET as getServices } from "@/app/api/v1/services/route";
import { GET as getService } from "@/app/api/v1/services/[slug]/route";
import { CATALOG_CATEGORIES } from "@/lib/catalog/categories";
import { findPublicCatalogItem, listFeaturedCatalogItems, listPublicCatalogItems } from "@/lib/catalog/queries";
import { db } from "@/lib/db";
import type { CatalogKind } from "@/lib/generated/prisma/enums";
import { buildSitemapEntries } from "@/lib/sitemap/queries";
import { absoluteUrl } from "@/lib/site-url";
import { XSS_VECTORS } from "./fixtures/xss-vectors";
import { call, createTestUser, tokenFor, uniqueTag, type Json } from "./helpers/auth";
import { richHtmlProblems } from "./helpers/rich-html-check";

let bearer: string;

beforeAll(async () => {
  const admin = await createTestUser({ role: "admin" });
  bearer = await tokenFor(admin);
});

const ROUTES = {
  product: {
    collection: "/api/v1/admin/products",
    post: postProduct,
    getOne: getAdminProduct,
    put: putProduct,
    remove: deleteProduct,
    publicList: getProducts,
    publicOne: getProduct,
    publicPath: "/api/v1/products",
    prefix: "/productos/",
  },
  service: {
    collection: "/api/v1/admin/services",
    post: postService,
    getOne: getAdminService,
    put: putService,
    remove: deleteService,
    publicList: getServices,
    publicOne: getService,
    publicPath: "/api/v1/services",
    prefix: "/servicios/",
  },
} as const;

const KINDS: CatalogKind[] = ["product", "service"];

async function create(kind: CatalogKind, body: Json) {
  return call(ROUTES[kind].post, ROUTES[kind].collection, { method: "POST", bearer, body });
}
async function update(kind: CatalogKind, id: number, body: Json) {
  return call(ROUTES[kind].put, `${ROUTES[kind].collection}/${id}`, { method: "PUT", bearer, body, params: { id: String(id) } });
}
async function remove(kind: CatalogKind, id: number) {
  return call(ROUTES[kind].remove, `${ROUTES[kind].collection}/${id}`, { method: "DELETE", bearer, params: { id: String(id) } });
}

/** Where the item shows for the public, read the way each public page and endpoint reads it. */
async function publicPresence(kind: CatalogKind, item: { id: number; slug: string }) {
  const routes = ROUTES[kind];
  const [detail, list, featured, home, apiList, apiOne, sitemap] = await Promise.all([
    findPublicCatalogItem(kind, item.slug),
    listPublicCatalogItems(kind),
    listPublicCatalogItems(kind, { featured: true }),
    listFeaturedCatalogItems(kind, 3),
    call(routes.publicList, routes.publicPath),
    call(routes.publicOne, `${routes.publicPath}/${item.slug}`, { params: { slug: item.slug } }),
    buildSitemapEntries(),
  ]);
  expect(apiList.status).toBe(200);
  return {
    detail: detail?.id === item.id,
    list: list.some((entry) => entry.id === item.id),
    featured: featured.some((entry) => entry.id === item.id),
    home: home.some((entry) => entry.id === item.id),
    apiList: (apiList.body.data as Json[]).some((entry) => entry.id === item.id),
    apiOne: apiOne.status === 200 && (apiOne.body.data as Json).id === item.id,
    apiOneStatus: apiOne.status,
    sitemap: sitemap.some((entry) => entry.loc === absoluteUrl(`${routes.prefix}${item.slug}`)),
  };
}

const EVERYWHERE = { detail: true, list: true, featured: true, home: true, apiList: true, apiOne: true, apiOneStatus: 200, sitemap: true };
const NOWHERE = { detail: false, list: false, featured: false, home: false, apiList: false, apiOne: false, apiOneStatus: 404, sitemap: false };

describe.each(KINDS)("publishing a %s", (kind) => {
  it("an active item is on every public read at once; draft and inactive are on none; a slug change moves it; delete removes it", async () => {
    const tag = uniqueTag();
    // Featured with order 0: ahead of the seeded featured items (order 1 and up), so it is on the home.
    const created = await create(kind, {
      name: `Publicación ${tag}`,
      slug: `publicacion-${tag}`,
      description: "Elemento de prueba de publicación.",
      is_featured: true,
      order_index: 0,
      category: CATALOG_CATEGORIES[kind][0],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const item = created.body.data as { id: number; slug: string; name: string };
    expect(await publicPresence(kind, item)).toEqual(EVERYWHERE);

    // Renamed with a new slug: the new URL is everywhere, the old one nowhere.
    const renamed = await update(kind, item.id, { name: `Renombrado ${tag}`, slug: `renombrado-${tag}` });
    expect(renamed.status).toBe(200);
    const moved = renamed.body.data as { id: number; slug: string; name: string };
    expect(moved.slug).toBe(`renombrado-${tag}`);
    expect(await publicPresence(kind, moved)).toEqual(EVERYWHERE);
    expect((await findPublicCatalogItem(kind, moved.slug))?.name).toBe(`Renombrado ${tag}`);
    const old = await publicPresence(kind, { id: item.id, slug: item.slug });
    expect(old.sitemap).toBe(false);
    expect(old.detail).toBe(false);
    expect(old.apiOneStatus).toBe(404);

    for (const status of ["draft", "inactive"] as const) {
      expect((await update(kind, item.id, { status })).status).toBe(200);
      expect(await publicPresence(kind, moved), status).toEqual(NOWHERE);
      // The numeric id does not reach it either (the detail page accepts ids and redirects them).
      expect(await findPublicCatalogItem(kind, String(item.id))).toBeNull();
      // The admin still sees it, with its status.
      const admin = await call(ROUTES[kind].getOne, `${ROUTES[kind].collection}/${item.id}`, { bearer, params: { id: String(item.id) } });
      expect((admin.body.data as Json).status).toBe(status);
    }

    expect((await update(kind, item.id, { status: "active" })).status).toBe(200);
    expect(await publicPresence(kind, moved)).toEqual(EVERYWHERE);

    // Not featured: off the home and the featured filter, still everywhere else.
    expect((await update(kind, item.id, { is_featured: false })).status).toBe(200);
    expect(await publicPresence(kind, moved)).toEqual({ ...EVERYWHERE, featured: false, home: false });

    const deleted = await remove(kind, item.id);
    expect(deleted.status).toBe(200);
    expect(await publicPresence(kind, moved)).toEqual(NOWHERE);
    expect(await db.catalogItem.count({ where: { id: item.id } })).toBe(0);
  });

  it("a new item saved as draft never shows; published later, it does", async () => {
    const tag = uniqueTag();
    const created = await create(kind, { name: `Borrador ${tag}`, slug: `borrador-${tag}`, description: "Borrador.", status: "draft", is_featured: true });
    expect(created.status).toBe(201);
    const item = created.body.data as { id: number; slug: string };
    expect(await publicPresence(kind, item)).toEqual(NOWHERE);
    // A PUT that leaves status out keeps it: renaming a draft never publishes it.
    const renamed = await update(kind, item.id, { name: `Borrador renombrado ${tag}` });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ status: "draft", is_featured: true, name: `Borrador renombrado ${tag}` });
    expect(await publicPresence(kind, item)).toEqual(NOWHERE);
    expect((await update(kind, item.id, { status: "active" })).status).toBe(200);
    expect((await publicPresence(kind, item)).sitemap).toBe(true);
    expect((await remove(kind, item.id)).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------
// XSS: every vector in every field, through POST and PUT.
// ---------------------------------------------------------------------------------------------

const RICH_FIELDS = ["content_html", "long_description"] as const;
const TEXT_FIELDS = ["name", "description", "meta_title", "meta_description", "meta_keywords", "contact_email", "contact_phone", "category"] as const;
const URL_FIELDS = ["demo_url", "documentation_url", "image"] as const;
const LIST_FIELDS = ["features", "specifications", "benefits", "use_cases", "faq", "gallery_images", "videos"] as const;
const ALL_FIELDS = [...RICH_FIELDS, ...TEXT_FIELDS, ...URL_FIELDS, ...LIST_FIELDS];

/** A body with the vector in every field (the FAQ entry as "question: answer" with the vector on both sides). */
function vectorBody(vector: string, tag: string): Json {
  const body: Json = { slug: `xss-${tag}` };
  for (const field of [...RICH_FIELDS, ...TEXT_FIELDS, ...URL_FIELDS]) body[field] = vector;
  for (const field of LIST_FIELDS) body[field] = field === "faq" ? [`${vector}: ${vector}`] : [vector, `Texto ${vector}`];
  body.name = `XSS ${vector}`;
  return body;
}

/** Spanish: the refusal's message and each field's message use Spanish words (not zod's English). */
function expectSpanishRefusal(result: { status: number; body: Json }, label: string) {
  expect(result.status, `${label}: ${JSON.stringify(result.body)}`).toBe(422);
  expect(result.body.message).toBe("Revisa los campos marcados.");
  const errors = result.body.errors as Record<string, string[]>;
  for (const [field, messages] of Object.entries(errors)) {
    expect(ALL_FIELDS as readonly string[], label).toContain(field.split(".")[0]);
    for (const message of messages) {
      expect(message, `${label} ${field}`).not.toMatch(/\b(Invalid|Expected|Too big|Too small|must be|received)\b/);
      expect(message, `${label} ${field}`).toMatch(/[áéíóúñ]|debe|puede|obligatori|válid|solo|Cada|como máximo|Ingresa|Contiene|permitid/i);
    }
  }
  return errors;
}

/** The stored item has no vector left in its rich fields; text fields hold what was sent, as text. */
function expectSafeStored(stored: Json, sent: Json, label: string) {
  for (const field of RICH_FIELDS) {
    const html = stored[field];
    if (html === null) continue;
    expect(typeof html).toBe("string");
    expect(richHtmlProblems(html as string), `${label} ${field}: ${html as string}`).toEqual([]);
    expect(html as string, `${label} ${field}`).not.toMatch(/<(script|img|svg|iframe|object|embed|style|meta|base|link|form|math)\b/i);
  }
  for (const field of ["name", "description", "meta_title", "meta_description", "meta_keywords"] as const) {
    if (field in sent && typeof sent[field] === "string") expect(stored[field], `${label} ${field}`).toBe((sent[field] as string).trim() || null);
  }
}

describe.each(KINDS)("the OWASP XSS vectors through the admin API of %s", (kind) => {
  it.each(XSS_VECTORS.map((vector) => [`${vector.id}. ${vector.name}`, vector] as const))(
    "%s: POST and PUT answer 201/200 or a Spanish 422, never 500; what is stored is safe",
    async (label, vector) => {
      const tag = uniqueTag();
      let body = vectorBody(vector.html, tag);
      let created = await create(kind, body);
      expect(created.status, `${label}: ${JSON.stringify(created.body)}`).not.toBe(500);
      if (created.status === 422) {
        // Drop (or, for required fields, replace) what was refused: the rest must be accepted.
        const errors = expectSpanishRefusal(created, `POST ${label}`);
        body = { ...body };
        for (const field of Object.keys(errors).map((key) => key.split(".")[0])) {
          if (field === "name") body.name = `XSS ${vector.id} ${tag}`;
          else if (field === "description") body.description = `Descripción ${vector.id}`;
          else delete body[field];
        }
        created = await create(kind, body);
      }
      expect(created.status, `${label}: ${JSON.stringify(created.body)}`).toBe(201);
      const stored = created.body.data as Json;
      expectSafeStored(stored, body, `POST ${label}`);
      const id = stored.id as number;

      // The same vector again through PUT, over a clean item, field by field group.
      for (const group of [RICH_FIELDS, TEXT_FIELDS, URL_FIELDS, LIST_FIELDS] as const) {
        const patch: Json = {};
        const full = vectorBody(vector.html, tag);
        for (const field of group) patch[field] = full[field];
        const updated = await update(kind, id, patch);
        expect(updated.status, `PUT ${label}: ${JSON.stringify(updated.body)}`).not.toBe(500);
        if (updated.status === 422) expectSpanishRefusal(updated, `PUT ${label}`);
        else {
          expect(updated.status).toBe(200);
          expectSafeStored(updated.body.data as Json, patch, `PUT ${label}`);
        }
      }
      // Never public in a form that was not sanitized: the public read returns the stored value.
      const row = await db.catalogItem.findUniqueOrThrow({ where: { id } });
      for (const html of [row.contentHtml, row.longDescription]) if (html) expect(richHtmlProblems(html)).toEqual([]);
      expect((await remove(kind, id)).status).toBe(200);
    },
  );
});

describe("oversized rich HTML", () => {
  it("2 MB of HTML is refused with a Spanish 413 (body limit) and 250 kB in content_html with a 422; nothing is stored", async () => {
    const tag = uniqueTag();
    const huge = await create("product", {
      name: `Enorme ${tag}`,
      slug: `enorme-${tag}`,
      description: "x",
      content_html: `<p>${"<strong>a</strong>".repeat(2 * 1024 * 1024 / 18)}</p>`,
    });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toMatch(/demasiado grande/);
    const large = await create("product", { name: `Grande ${tag}`, slug: `grande-${tag}`, description: "x", content_html: `<p>${"a".repeat(250_000)}</p>` });
    expect(large.status).toBe(422);
    expect((large.body.errors as Json).content_html).toBeDefined();
    expect(await db.catalogItem.count({ where: { slug: { in: [`enorme-${tag}`, `grande-${tag}`] } } })).toBe(0);
  });
});
