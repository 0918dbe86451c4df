// Integration tests of the public REST API, calling the route handlers directly against the
// seeded test database. Expectations come from the database itself (queried here with Prisma)
// or from the contract's fixed Spanish texts.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getCaseStudies } from "@/app/api/v1/case-studies/route";
import { GET as getPages } from "@/app/api/v1/pages/route";
import { GET as getProduct } from "@/app/api/v1/products/[slug]/route";
import { GET as getProducts } from "@/app/api/v1/products/route";
import { GET as getSectors } from "@/app/api/v1/sectors/route";
import { GET as getService } from "@/app/api/v1/services/[slug]/route";
import { GET as getServices } from "@/app/api/v1/services/route";
import { GET as getPublicSettings } from "@/app/api/v1/settings/public/route";
import { GET as getTechnologies } from "@/app/api/v1/technologies/route";
import { GET as getTestimonials } from "@/app/api/v1/testimonials/route";
import { PRODUCT_CATEGORIES, SERVICE_CATEGORIES } from "@/lib/catalog/categories";
import { TECHNOLOGY_CATEGORIES } from "@/lib/content/technology-categories";
import { db } from "@/lib/db";
import type { CatalogKind, Prisma } from "@/lib/generated/prisma/client";

type Json = Record<string, unknown>;
type ListHandler = (request: Request, context: { params: Promise<Record<string, never>> }) => Promise<Response>;
type DetailHandler = (request: Request, context: { params: Promise<{ slug: string }> }) => Promise<Response>;

const BASE = "http://localhost";
const noParams = { params: Promise.resolve({}) } as { params: Promise<Record<string, never>> };

async function callList(handler: ListHandler, path: string) {
  const response = await handler(new Request(`${BASE}${path}`), noParams);
  return { response, body: (await response.json()) as Json };
}

async function callDetail(handler: DetailHandler, path: string, slug: string) {
  const response = await handler(new Request(`${BASE}${path}/${encodeURIComponent(slug)}`), { params: Promise.resolve({ slug }) });
  return { response, body: (await response.json()) as Json };
}

async function listData(handler: ListHandler, path: string): Promise<Json[]> {
  const { response, body } = await callList(handler, path);
  expect(response.status, `${path} → ${JSON.stringify(body)}`).toBe(200);
  expect(Object.keys(body)).toEqual(["data"]);
  expect(Array.isArray(body.data)).toBe(true);
  return body.data as Json[];
}

const ids = (items: Json[]) => items.map((item) => item.id);

/**
 * Other test files share the database and may add or remove rows at the same moment:
 * compare the answer with the database, and on a mismatch ask both once more.
 */
async function expectSameIds(answer: () => Promise<Json[]>, expected: () => Promise<number[]>) {
  let actual: unknown[] = [];
  let wanted: number[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    wanted = await expected();
    actual = ids(await answer());
    if (JSON.stringify(actual) === JSON.stringify(wanted)) break;
  }
  expect(actual).toEqual(wanted);
  return wanted;
}

/** Every key at every depth of a response is snake_case: no camelCase leaks. */
function expectSnakeCaseKeys(value: unknown, path = "$") {
  if (Array.isArray(value)) return value.forEach((entry, i) => expectSnakeCaseKeys(entry, `${path}[${i}]`));
  if (value && typeof value === "object") {
    for (const [key, entry] of Object.entries(value)) {
      expect(key, `${path}.${key}`).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
      expectSnakeCaseKeys(entry, `${path}.${key}`);
    }
  }
}

async function expect422(handler: ListHandler, path: string, field: string) {
  const { response, body } = await callList(handler, path);
  expect(response.status, `${path} → ${JSON.stringify(body).slice(0, 300)}`).toBe(422);
  expect(typeof body.message).toBe("string");
  const errors = body.errors as Record<string, string[]>;
  expect(Object.keys(errors)).toContain(field);
  expect(errors[field].length).toBeGreaterThan(0);
  for (const message of errors[field]) {
    expect(message).toMatch(/[a-záéíóúñ]/i);
    expect(message).not.toMatch(/^(Invalid|Expected|Too)/); // zod's English defaults never reach a client
  }
  // The refused value is never echoed back (a 10 kB value must not come back as 10 kB).
  expect(JSON.stringify(body).length).toBeLessThan(600);
  return body;
}

// The contract's field lists.
const CATALOG_FIELDS = [
  "id", "name", "slug", "description", "long_description", "content_html", "features", "price_from", "currency",
  "billing_period", "category", "is_featured", "status", "demo_url", "documentation_url", "image", "order_index",
  "gallery_images", "videos", "specifications", "benefits", "use_cases", "faq", "contact_email", "contact_phone",
  "meta_title", "meta_description", "meta_keywords", "created_at", "updated_at",
];
const CATALOG_LIST_FIELDS = ["features", "gallery_images", "videos", "specifications", "benefits", "use_cases", "faq"];
const TESTIMONIAL_FIELDS = [
  "id", "client_name", "client_position", "client_company", "content", "rating", "image", "sector_id", "is_active",
  "is_featured", "status", "created_at",
];
const SECTOR_FIELDS = ["id", "name", "description", "long_description", "is_featured"];
const TECHNOLOGY_FIELDS = ["id", "name", "description", "category", "is_featured", "use_cases"];
const SETTINGS_FIELDS = [
  "company_name", "company_tagline", "social_linkedin", "social_twitter", "social_facebook", "contact_email",
  "contact_phone", "contact_address", "business_hours", "footer_text",
];

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
const created = { catalog: [] as number[], testimonials: [] as number[] };
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

  const sector = await db.sector.findFirstOrThrow({ orderBy: { id: "asc" } });
  const hidden: Prisma.TestimonialCreateManyInput[] = [
    { status: "private", isActive: true },
    { status: "draft", isActive: true },
    { status: "published", isActive: false },
  ].map(({ status, isActive }) => ({
    clientName: `${marker} ${status} ${isActive}`,
    content: "Testimonio de prueba que el público nunca debe ver.",
    status: status as "private" | "draft" | "published",
    isActive,
    isFeatured: true,
    sectorId: sector.id,
  }));
  const rows = await db.testimonial.createManyAndReturn({ data: hidden });
  created.testimonials.push(...rows.map((row) => row.id));
});

afterAll(async () => {
  await db.catalogItem.deleteMany({ where: { id: { in: created.catalog } } });
  await db.testimonial.deleteMany({ where: { id: { in: created.testimonials } } });
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
    const otherKind = await db.catalogItem.findFirstOrThrow({ where: { kind: kind === "product" ? "service" : "product", status: "active" } });
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

describe("GET /api/v1/testimonials", () => {
  const path = "/api/v1/testimonials";
  const publicIds = (where: Prisma.TestimonialWhereInput = {}, take?: number) => async () =>
    (
      await db.testimonial.findMany({
        where: { status: "published", isActive: true, ...where },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take,
        select: { id: true },
      })
    ).map((row) => row.id);

  it("lists the published, active testimonials, newest first, with the contract's fields", async () => {
    const expected = await expectSameIds(() => listData(getTestimonials, path), publicIds());
    expect(expected.length).toBeGreaterThan(0);
    for (const item of await listData(getTestimonials, path)) {
      expect(Object.keys(item)).toEqual(expect.arrayContaining(TESTIMONIAL_FIELDS));
      expect(item).toMatchObject({ status: "published", is_active: true });
      expect(Number.isInteger(item.rating)).toBe(true);
      expect(item.rating as number).toBeGreaterThanOrEqual(1);
      expect(item.rating as number).toBeLessThanOrEqual(5);
      expect(item.sector_id === null || Number.isInteger(item.sector_id)).toBe(true);
      expectSnakeCaseKeys(item);
    }
  });

  it("never shows drafts, private or inactive testimonials, whatever status is asked for", async () => {
    const hiddenIds = (
      await db.testimonial.findMany({ where: { OR: [{ status: { not: "published" } }, { isActive: false }] }, select: { id: true } })
    ).map((row) => row.id);
    expect(hiddenIds.length).toBeGreaterThanOrEqual(created.testimonials.length);
    for (const status of ["draft", "private", "published"]) {
      const sector = (await db.testimonial.findFirstOrThrow({ where: { id: created.testimonials[0] } })).sectorId;
      for (const query of [`?status=${status}`, `?status=${status}&featured=true`, `?status=${status}&sector_id=${sector}`]) {
        const listed = await listData(getTestimonials, `${path}${query}`);
        for (const id of hiddenIds) expect(ids(listed), query).not.toContain(id);
        expect(listed.every((item) => item.status === "published" && item.is_active === true)).toBe(true);
      }
      // status never widens nor narrows the public list
      await expectSameIds(() => listData(getTestimonials, `${path}?status=${status}`), publicIds());
    }
  });

  it("filters by featured and by sector_id, as the database holds them", async () => {
    await expectSameIds(() => listData(getTestimonials, `${path}?featured=true`), publicIds({ isFeatured: true }));
    await expectSameIds(() => listData(getTestimonials, `${path}?featured=0`), publicIds({ isFeatured: false }));
    const sectors = await db.sector.findMany({ select: { id: true } });
    let nonEmpty = 0;
    for (const { id } of sectors) {
      const expected = await expectSameIds(() => listData(getTestimonials, `${path}?sector_id=${id}`), publicIds({ sectorId: id }));
      if (expected.length) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(0);
    const maxSector = (await db.sector.aggregate({ _max: { id: true } }))._max.id ?? 0;
    expect(await listData(getTestimonials, `${path}?sector_id=${maxSector + 1000}`)).toEqual([]);
  });

  it("honours limit (1 to 50): the newest ones, as many as asked for or as exist", async () => {
    const all = await publicIds()();
    for (const limit of [1, 3, 50]) {
      await expectSameIds(() => listData(getTestimonials, `${path}?limit=${limit}`), publicIds({}, limit));
      expect((await listData(getTestimonials, `${path}?limit=${limit}`)).length).toBe(Math.min(limit, all.length));
    }
    // The home page's call: 3 featured.
    await expectSameIds(() => listData(getTestimonials, `${path}?featured=true&limit=3`), publicIds({ isFeatured: true }, 3));
  });

  it("answers 422 to bad featured, sector_id, limit and status values, never 500", async () => {
    for (const value of ["abc", "0", "51", "10000", "-1", "1.5", "1e1", " 3", "9".repeat(10_000)]) {
      await expect422(getTestimonials, `${path}?limit=${encodeURIComponent(value)}`, "limit");
    }
    for (const value of ["-1", "0", "abc", "1.5", "99999999999", "x".repeat(10_000)]) {
      await expect422(getTestimonials, `${path}?sector_id=${encodeURIComponent(value)}`, "sector_id");
    }
    for (const value of ["todos", "PUBLISHED", "archived", "p".repeat(10_000)]) {
      await expect422(getTestimonials, `${path}?status=${value}`, "status");
    }
    await expect422(getTestimonials, `${path}?featured=si`, "featured");
    const several = await expect422(getTestimonials, `${path}?limit=0&sector_id=x&status=x&featured=x`, "limit");
    expect(Object.keys(several.errors as Json).sort()).toEqual(["featured", "limit", "sector_id", "status"]);
  });
});

describe("GET /api/v1/technologies", () => {
  const path = "/api/v1/technologies";
  const activeIds = (where: Prisma.TechnologyWhereInput = {}) => async () =>
    (
      await db.technology.findMany({ where: { isActive: true, ...where }, orderBy: [{ orderIndex: "asc" }, { name: "asc" }], select: { id: true } })
    ).map((row) => row.id);

  it("lists active technologies with the contract's fields; use_cases is always an array", async () => {
    const expected = await expectSameIds(() => listData(getTechnologies, path), activeIds());
    expect(expected.length).toBeGreaterThan(0);
    for (const item of await listData(getTechnologies, path)) {
      expect(Object.keys(item)).toEqual(expect.arrayContaining(TECHNOLOGY_FIELDS));
      expect(Array.isArray(item.use_cases)).toBe(true);
      expect(TECHNOLOGY_CATEGORIES).toContain(item.category);
      expectSnakeCaseKeys(item);
    }
  });

  it("filters by featured and by each of the six categories", async () => {
    await expectSameIds(() => listData(getTechnologies, `${path}?featured=true`), activeIds({ isFeatured: true }));
    await expectSameIds(() => listData(getTechnologies, `${path}?featured=false`), activeIds({ isFeatured: false }));
    for (const category of TECHNOLOGY_CATEGORIES) {
      const q = encodeURIComponent(category);
      const expected = await expectSameIds(() => listData(getTechnologies, `${path}?category=${q}`), activeIds({ category }));
      expect(expected.length, category).toBeGreaterThan(0);
      await expectSameIds(() => listData(getTechnologies, `${path}?featured=true&category=${q}`), activeIds({ category, isFeatured: true }));
    }
  });

  it("answers 422 to unknown category or featured values", async () => {
    await expect422(getTechnologies, `${path}?category=Blockchain`, "category");
    await expect422(getTechnologies, `${path}?category=${encodeURIComponent(PRODUCT_CATEGORIES[0])}`, "category");
    await expect422(getTechnologies, `${path}?category=${"c".repeat(10_000)}`, "category");
    await expect422(getTechnologies, `${path}?featured=verdadero`, "featured");
  });
});

describe("GET /api/v1/sectors, /pages, /case-studies", () => {
  it("sectors: the active ones in display order, with the contract's fields", async () => {
    const expected = await expectSameIds(
      () => listData(getSectors, "/api/v1/sectors"),
      async () =>
        (await db.sector.findMany({ where: { isActive: true }, orderBy: [{ orderIndex: "asc" }, { name: "asc" }], select: { id: true } })).map(
          (row) => row.id,
        ),
    );
    expect(expected.length).toBeGreaterThan(0);
    for (const item of await listData(getSectors, "/api/v1/sectors?featured=true")) {
      expect(Object.keys(item)).toEqual(expect.arrayContaining(SECTOR_FIELDS));
      expectSnakeCaseKeys(item);
    }
  });

  it("pages: published only", async () => {
    const drafts = await db.page.count({ where: { status: { not: "published" } } });
    expect(drafts).toBeGreaterThan(0); // the seed holds a draft page, so the filter is really exercised
    const expected = await expectSameIds(
      () => listData(getPages, "/api/v1/pages"),
      async () => (await db.page.findMany({ where: { status: "published" }, orderBy: { slug: "asc" }, select: { id: true } })).map((r) => r.id),
    );
    expect(expected.length).toBeGreaterThan(0);
    for (const item of await listData(getPages, "/api/v1/pages")) {
      expect(item).toMatchObject({ status: "published" });
      expect(Object.keys(item)).toEqual(expect.arrayContaining(["id", "slug", "title", "content", "meta_title", "meta_description"]));
      expectSnakeCaseKeys(item);
    }
  });

  it("case studies: published only, newest first; results is an array", async () => {
    const expected = await expectSameIds(
      () => listData(getCaseStudies, "/api/v1/case-studies"),
      async () =>
        (
          await db.caseStudy.findMany({ where: { status: "published" }, orderBy: [{ publishedAt: "desc" }, { id: "desc" }], select: { id: true } })
        ).map((r) => r.id),
    );
    expect(expected.length).toBeGreaterThan(0);
    for (const item of await listData(getCaseStudies, "/api/v1/case-studies")) {
      expect(Array.isArray(item.results)).toBe(true);
      expect(item).toMatchObject({ status: "published" });
      expectSnakeCaseKeys(item);
    }
  });
});

describe("GET /api/v1/settings/public", () => {
  it("answers the company data from the settings row, with the contract's field names", async () => {
    const { response, body } = await callList(getPublicSettings, "/api/v1/settings/public");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toMatch(/public/);
    const data = body.data as Json;
    expect(Object.keys(data)).toEqual(expect.arrayContaining(SETTINGS_FIELDS));
    expectSnakeCaseKeys(data);
    const row = await db.siteSettings.findUniqueOrThrow({ where: { id: 1 } });
    const blankIsNull = (value: string | null) => value?.trim() || null;
    expect(data).toMatchObject({
      company_name: row.companyName.trim(),
      company_tagline: blankIsNull(row.companyTagline),
      contact_email: blankIsNull(row.contactEmail),
      contact_phone: blankIsNull(row.contactPhone),
      contact_address: blankIsNull(row.contactAddress),
      business_hours: blankIsNull(row.businessHours),
      social_linkedin: blankIsNull(row.socialLinkedin),
      footer_text: blankIsNull(row.footerText),
    });
    // Nothing internal: no id, no timestamps.
    expect(data).not.toHaveProperty("id");
    expect(data).not.toHaveProperty("updated_at");
  });
});
