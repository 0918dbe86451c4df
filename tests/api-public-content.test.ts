// Integration tests of the public content API (GET /api/v1/testimonials, /technologies, /sectors,
// /pages, /case-studies and /settings/public), calling the route handlers directly against the
// seeded test database. Expectations come from the database itself (queried here with Prisma) or
// from the contract's fixed Spanish texts.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getCaseStudies } from "@/app/api/v1/case-studies/route";
import { GET as getPages } from "@/app/api/v1/pages/route";
import { GET as getSectors } from "@/app/api/v1/sectors/route";
import { GET as getPublicSettings } from "@/app/api/v1/settings/public/route";
import { GET as getTechnologies } from "@/app/api/v1/technologies/route";
import { GET as getTestimonials } from "@/app/api/v1/testimonials/route";
import { PRODUCT_CATEGORIES } from "@/lib/catalog/categories";
import { TECHNOLOGY_CATEGORIES } from "@/lib/content/technology-categories";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { callList, expect422, expectSameIds, expectSnakeCaseKeys, ids, listData, type Json } from "./helpers/public-api";

// The contract's field lists.
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

// Rows this file creates (all non-public), removed at the end. Seeded rows are never touched.
const marker = `api-test-${randomBytes(4).toString("hex")}`;
const created = { testimonials: [] as number[] };

beforeAll(async () => {
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
  await db.testimonial.deleteMany({ where: { id: { in: created.testimonials } } });
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
