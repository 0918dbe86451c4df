// Integration tests of the public catalogue API (GET /api/v1/products, /services and one item by
// slug or id), calling the route handlers directly against the seeded test database.
// Expectations come from the database itself (queried here with Prisma) or from the contract's
// fixed Spanish texts.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getProduct } from "@/app/api/v1/products/[slug]/route";
import { GET as getProducts } from "@/app/api/v1/products/route";
import { GET as getService } from "@/app/api/v1/services/[slug]/route";
import { GET as getServices } from "@/app/api/v1/services/route";
import { PRODUCT_CATEGORIES, SERVICE_CATEGORIES } from "@/lib/catalog/categories";
import { db } from "@/lib/db";
import type { CatalogKind, Prisma } from "@/lib/generated/prisma/client";
import { callDetail, callList, expect422, expectSameIds, expectSnakeCaseKeys, ids, listData, type Json } from "./helpers/public-api";

// The contract's field lists.
const CATALOG_FIELDS = [
  "id", "name", "slug", "description", "long_description", "content_html", "features", "price_from", "currency",
  "billing_period", "category", "is_featured", "status", "demo_url", "documentation_url", "image", "order_index",
  "gallery_images", "videos", "specifications", "benefits", "use_cases", "faq", "contact_email", "contact_phone",
  "meta_title", "meta_description", "meta_keywords", "created_at", "updated_at",
];
const CATALOG_LIST_FIELDS = ["features", "gallery_images", "videos", "specifications", "benefits", "use_cases", "faq"];

const CATALOG_ORDER: Prisma.CatalogItemOrderByWithRelationInput[] = [{ orderIndex: "asc" }, { name: "asc" }, { id: "asc" }];

function expectCatalogItemShape(item: Json, kind: CatalogKind) {
  expect(Object.keys(item)).toEqual(expect.arrayContaining(CATALOG_FIELDS));
  for (const field of CATALOG_LIST_FIELDS) {
    expect(Array.isArray(item[field]), `${kind} ${item.slug}.${field}`).toBe(true);
    for (const entry of item[field] as unknown[]) expect(typeof entry).toBe("string");
  }
  expect(item.price_from === null || typeof item.price_from === "number").toBe(true);
  expect(typeof item.is_featured).toBe("boolean");
  expect(Number.isInteger(item.order_index)).toBe(true);
  expect(item.status).toBe("active");
  expectSnakeCaseKeys(item);
}

// Rows this file creates (all non-public), removed at the end. Seeded rows are never touched.
const marker = `api-test-${randomBytes(4).toString("hex")}`;
const created = { catalog: [] as number[] };
let hiddenProduct: { id: number; slug: string };
let inactiveService: { id: number; slug: string };

function catalogRow(kind: CatalogKind, status: "draft" | "inactive", category: string): Prisma.CatalogItemCreateInput {
  return {
    kind,
    status,
    category,
    name: `${marker} ${kind} ${status}`,
    slug: `${marker}-${kind}-${status}`,
    description: "Fila de prueba que el público nunca debe ver.",
    isFeatured: true,
    orderIndex: -1000, // would come first if it leaked
    features: ["Uno"],
  };
}

beforeAll(async () => {
  const product = await db.catalogItem.create({ data: catalogRow("product", "draft", PRODUCT_CATEGORIES[0]) });
  const service = await db.catalogItem.create({ data: catalogRow("service", "inactive", SERVICE_CATEGORIES[0]) });
  created.catalog.push(product.id, service.id);
  hiddenProduct = { id: product.id, slug: product.slug };
  inactiveService = { id: service.id, slug: service.slug };
});

afterAll(async () => {
  await db.catalogItem.deleteMany({ where: { id: { in: created.catalog } } });
});

describe.each([
  { kind: "product" as const, path: "/api/v1/products", list: getProducts, detail: getProduct, categories: PRODUCT_CATEGORIES, missing: "Producto no encontrado" },
  { kind: "service" as const, path: "/api/v1/services", list: getServices, detail: getService, categories: SERVICE_CATEGORIES, missing: "Servicio no encontrado" },
])("GET $path", ({ kind, path, list, detail, categories, missing }) => {
  const activeIds = (where: Prisma.CatalogItemWhereInput = {}) => async () =>
    (await db.catalogItem.findMany({ where: { kind, status: "active", ...where }, orderBy: CATALOG_ORDER, select: { id: true } })).map(
      (row) => row.id,
    );

  it("lists every active item, in display order, with the contract's snake_case fields", async () => {
    const { response } = await callList(list, path);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    expect(response.headers.get("cache-control")).toMatch(/public/);
    const expected = await expectSameIds(() => listData(list, path), activeIds());
    expect(expected.length).toBeGreaterThan(0);
    for (const item of await listData(list, path)) expectCatalogItemShape(item, kind);
  });

  it("never lists draft or inactive items, whatever the filters", async () => {
    const hiddenIds = (await db.catalogItem.findMany({ where: { kind, status: { not: "active" } }, select: { id: true } })).map((r) => r.id);
    expect(hiddenIds.length).toBeGreaterThan(0); // this file's own hidden row, at least
    for (const query of ["", "?featured=true", `?category=${encodeURIComponent(categories[0])}`, `?featured=1&category=${encodeURIComponent(categories[0])}`]) {
      const listed = ids(await listData(list, `${path}${query}`));
      for (const id of hiddenIds) expect(listed, `${path}${query}`).not.toContain(id);
    }
  });

  it("filters by featured (true/false/1/0), as the database holds them", async () => {
    for (const [value, isFeatured] of [["true", true], ["1", true], ["false", false], ["0", false]] as const) {
      const expected = await expectSameIds(() => listData(list, `${path}?featured=${value}`), activeIds({ isFeatured }));
      expect(expected.length, `featured=${value}`).toBeGreaterThan(0);
    }
  });

  it("filters by each public category, alone and with featured", async () => {
    for (const category of categories) {
      const q = encodeURIComponent(category);
      const items = await listData(list, `${path}?category=${q}`);
      expect(items.every((item) => item.category === category)).toBe(true);
      await expectSameIds(() => listData(list, `${path}?category=${q}`), activeIds({ category }));
      await expectSameIds(() => listData(list, `${path}?category=${q}&featured=true`), activeIds({ category, isFeatured: true }));
    }
  });

  it("ignores unknown parameters and treats a blank filter as no filter", async () => {
    await expectSameIds(() => listData(list, `${path}?page=2&sort=name&utm_source=x`), activeIds());
    await expectSameIds(() => listData(list, `${path}?category=&featured=`), activeIds());
  });

  it("answers 422 with Spanish field errors to unknown values, never 500", async () => {
    await expect422(list, `${path}?featured=yes`, "featured");
    await expect422(list, `${path}?featured=TRUE2`, "featured");
    await expect422(list, `${path}?category=Inexistente`, "category");
    await expect422(list, `${path}?category=${encodeURIComponent(categories[0].toLowerCase() + "x")}`, "category");
    await expect422(list, `${path}?category=${"x".repeat(10_000)}`, "category");
    await expect422(list, `${path}?featured=${"1".repeat(10_000)}`, "featured");
    // A category of the other kind is not one of this kind's categories.
    const other = kind === "product" ? SERVICE_CATEGORIES[0] : PRODUCT_CATEGORIES[0];
    await expect422(list, `${path}?category=${encodeURIComponent(other)}`, "category");
  });

  it("answers one item by slug and by id, identical, with the database's values", async () => {
    const row = await db.catalogItem.findFirstOrThrow({ where: { kind, status: "active" }, orderBy: CATALOG_ORDER });
    const bySlug = await callDetail(detail, path, row.slug);
    expect(bySlug.response.status).toBe(200);
    expect(Object.keys(bySlug.body)).toEqual(["data"]);
    const item = bySlug.body.data as Json;
    expectCatalogItemShape(item, kind);
    expect(item).toMatchObject({
      id: row.id,
      slug: row.slug,
      name: row.name,
      description: row.description,
      features: row.features,
      price_from: row.priceFrom === null ? null : Number(row.priceFrom),
      currency: row.currency,
      billing_period: row.billingPeriod,
      category: row.category,
      is_featured: row.isFeatured,
      faq: row.faq,
      specifications: row.specifications,
      created_at: row.createdAt.toISOString(),
    });
    const byId = await callDetail(detail, path, String(row.id));
    expect(byId.response.status).toBe(200);
    expect(byId.body).toEqual(bySlug.body);
  });

  it("answers 404 with the fixed Spanish message for unknown, hidden or other-kind items", async () => {
    // A seeded item (the lowest id) of the other kind: other test files create active items of both
    // kinds under one slug while this runs, and such a slug rightly answers 200 for this kind too.
    const otherKind = await db.catalogItem.findFirstOrThrow({ where: { kind: kind === "product" ? "service" : "product", status: "active" }, orderBy: { id: "asc" } });
    const hidden = kind === "product" ? hiddenProduct : inactiveService;
    const maxId = (await db.catalogItem.aggregate({ _max: { id: true } }))._max.id ?? 0;
    for (const slug of [
      "no-existe-este-slug",
      hidden.slug,
      String(hidden.id),
      otherKind.slug,
      String(otherKind.id),
      String(maxId + 1000),
      "0",
      "-1",
      "99999999999999999999",
      " ",
      "x".repeat(10_000),
    ]) {
      const { response, body } = await callDetail(detail, path, slug);
      expect(response.status, slug.slice(0, 40)).toBe(404);
      expect(body).toEqual({ message: missing });
    }
  });
});
