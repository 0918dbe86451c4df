// Integration tests of the testimonials admin API: GET|POST /api/v1/admin/testimonials, PUT|DELETE
// /api/v1/admin/testimonials/{id} and GET /api/v1/admin/sectors, each allowed and refused with the
// database checked, the audit entry of every write, and the public list following publish /
// withdraw.
import { beforeAll, describe, expect, it } from "vitest";
import { DELETE as remove, PUT as update } from "@/app/api/v1/admin/testimonials/[id]/route";
import { GET as list, POST as create } from "@/app/api/v1/admin/testimonials/route";
import { GET as sectors } from "@/app/api/v1/admin/sectors/route";
import { db } from "@/lib/db";
import { listPublicTestimonials } from "@/lib/testimonials/queries";
import { call, createTestUser, fakeIp, tokenFor, uniqueTag, type Json, type TestUser } from "./helpers/auth";

const TESTIMONIAL_KEYS = [
  "client_company",
  "client_name",
  "client_position",
  "content",
  "created_at",
  "id",
  "image",
  "image_id",
  "image_set",
  "is_active",
  "is_featured",
  "rating",
  "sector_id",
  "status",
].sort();

let admin: TestUser;
let token: string;
let clientToken: string;
let sectorId: number;

beforeAll(async () => {
  admin = await createTestUser({ role: "admin" });
  token = await tokenFor(admin);
  clientToken = await tokenFor(await createTestUser({ role: "client" }));
  const tag = uniqueTag();
  sectorId = (
    await db.sector.create({ data: { name: `Sector ${tag}`, slug: `sector-${tag}`, description: "Sector de prueba", isActive: false } })
  ).id;
});

const post = (body: unknown, options: { bearer?: string; ip?: string } = {}) =>
  call(create, "/api/v1/admin/testimonials", { method: "POST", body, bearer: options.bearer ?? token, ip: options.ip });
const put = (id: string | number, body: unknown, bearer = token) =>
  call(update, `/api/v1/admin/testimonials/${id}`, { method: "PUT", body, bearer, params: { id: String(id) } });
const del = (id: string | number, bearer = token) =>
  call(remove, `/api/v1/admin/testimonials/${id}`, { method: "DELETE", bearer, params: { id: String(id) } });
const get = (query = "") => call(list, `/api/v1/admin/testimonials${query}`, { bearer: token });

const countNamed = (clientName: string) => db.testimonial.count({ where: { clientName } });

describe("POST /api/v1/admin/testimonials", () => {
  it("creates with the defaults (rating 5, draft, active, not featured) and records who, what and from where", async () => {
    const name = `Cliente ${uniqueTag()}`;
    const ip = fakeIp();
    const { status, body } = await post({ client_name: `  ${name} `, content: "Excelente servicio." }, { ip });
    expect(status).toBe(201);
    const data = body.data as Json;
    expect(Object.keys(data).sort()).toEqual(TESTIMONIAL_KEYS);
    expect(data).toMatchObject({
      client_name: name,
      client_position: null,
      client_company: null,
      content: "Excelente servicio.",
      rating: 5,
      image: null,
      sector_id: null,
      is_active: true,
      is_featured: false,
      status: "draft",
    });

    const row = await db.testimonial.findUniqueOrThrow({ where: { id: data.id as number } });
    expect(row).toMatchObject({ clientName: name, rating: 5, status: "draft", isActive: true, isFeatured: false });

    const audit = await db.auditLog.findMany({ where: { entityType: "testimonial", entityId: String(row.id) } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "testimonial.create", actorId: admin.id, ipAddress: ip });
    expect(audit[0].details).toMatchObject({ before: null, after: { client_name: name, status: "draft", rating: 5 } });
  });

  it("stores every field of the contract's payload (rating as digits from a select, sector, a library image by URL)", async () => {
    const name = `Cliente ${uniqueTag()}`;
    const { status, body } = await post({
      client_name: name,
      client_position: "Gerente General",
      client_company: "Andina S.A.C.",
      content: "Línea uno\r\nLínea dos",
      rating: "4",
      image: "/images/avatars/ana-torres.svg",
      sector_id: String(sectorId),
      is_active: false,
      is_featured: true,
      status: "private",
    });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({
      client_position: "Gerente General",
      client_company: "Andina S.A.C.",
      content: "Línea uno\nLínea dos",
      rating: 4,
      image: "/images/avatars/ana-torres.svg",
      image_id: expect.any(Number),
      image_set: expect.objectContaining({ src: "/images/avatars/ana-torres.svg", alt: expect.any(String) }),
      sector_id: sectorId,
      is_active: false,
      is_featured: true,
      status: "private",
    });
    expect(await countNamed(name)).toBe(1);
  });

  it.each([
    ["rating 0", { rating: 0 }, "rating"],
    ["rating 6", { rating: 6 }, "rating"],
    ["rating 4.5", { rating: 4.5 }, "rating"],
    ["rating as words", { rating: "cinco" }, "rating"],
    ["an unknown status", { status: "borrador" }, "status"],
    ["a client name over 120 characters", { client_name: "x".repeat(121) }, "client_name"],
    ["a position over 120 characters", { client_position: "x".repeat(121) }, "client_position"],
    ["a company over 120 characters", { client_company: "x".repeat(121) }, "client_company"],
    ["content over 2000 characters", { content: "x".repeat(2001) }, "content"],
    ["an image that is not a library reference", { image: "javascript:alert(1)" }, "image"],
    ["an external image URL", { image: "https://cdn.example.pe/foto.png" }, "image"],
    ["an image path over 2048 characters", { image: `/images/${"a".repeat(2045)}` }, "image"],
    ["an image no library item has", { image: "/images/avatars/nadie.svg" }, "image"],
    ["an unknown image id", { image: 2_000_000_000 }, "image"],
    ["an unknown sector", { sector_id: 999_999_999 }, "sector_id"],
    ["a sector that is not an id", { sector_id: "abc" }, "sector_id"],
    ["is_active as text", { is_active: "yes" }, "is_active"],
    ["is_featured as a number", { is_featured: 1 }, "is_featured"],
    ["a client name that is not text", { client_name: 123 }, "client_name"],
    ["a blank client name", { client_name: "   " }, "client_name"],
    ["no content", { content: undefined }, "content"],
    ["a control character", { client_company: "Empresa\u0000" }, "client_company"],
  ])("refuses %s with a Spanish 422 and creates nothing", async (_label, override, field) => {
    const name = `Cliente ${uniqueTag()}`;
    const body = { client_name: name, content: "Muy buen trabajo.", ...override };
    const result = await post(body);
    expect(result.status).toBe(422);
    expect(result.body.message).toBe("Revisa los campos marcados.");
    expect(Object.keys(result.body.errors as Json)).toContain(field);
    expect(await countNamed(name)).toBe(0);
    const overriddenName = (override as { client_name?: unknown }).client_name;
    if (typeof overriddenName === "string") expect(await countNamed(overriddenName.trim())).toBe(0);
  });

  it("refuses a body that is not an object (422), not JSON (400) or not declared as JSON (415)", async () => {
    expect((await post([1, 2])).status).toBe(422);
    expect((await post("null")).status).toBe(422);
    expect((await post("{no es json")).status).toBe(400);
    const textPlain = await call(create, "/api/v1/admin/testimonials", {
      method: "POST",
      body: "client_name=x",
      bearer: token,
      headers: { "content-type": "text/plain" },
    });
    expect(textPlain.status).toBe(415);
  });

  it("refuses a client (403) and creates nothing", async () => {
    const name = `Cliente ${uniqueTag()}`;
    const result = await post({ client_name: name, content: "Hola" }, { bearer: clientToken });
    expect(result.status).toBe(403);
    expect(await countNamed(name)).toBe(0);
  });
});

describe("GET /api/v1/admin/testimonials", () => {
  it("lists every status newest first: plain without ?page, the paged shape with it, filtered by ?status and ?q", async () => {
    const tag = uniqueTag();
    const ids: number[] = [];
    for (const [index, status] of (["draft", "published", "private"] as const).entries()) {
      const row = await db.testimonial.create({
        data: { clientName: `Lista ${tag} ${index}`, content: "Contenido", status, createdAt: new Date(Date.now() - (3 - index) * 60_000) },
      });
      ids.push(row.id);
    }

    const plain = await get(`?q=${tag}`);
    expect(plain.status).toBe(200);
    expect(Array.isArray(plain.body.data)).toBe(true);
    expect((plain.body.data as Json[]).map((row) => row.id)).toEqual([...ids].reverse());

    const paged = await get(`?q=${tag}&page=1&per_page=2`);
    expect(paged.status).toBe(200);
    const page = paged.body.data as Json;
    expect(page).toMatchObject({ current_page: 1, per_page: 2, total: 3, last_page: 2, total_capped: false });
    expect((page.data as Json[]).map((row) => row.id)).toEqual([ids[2], ids[1]]);
    const second = (await get(`?q=${tag}&page=2&per_page=2`)).body.data as Json;
    expect((second.data as Json[]).map((row) => row.id)).toEqual([ids[0]]);

    const published = await get(`?q=${tag.toUpperCase()}&status=published`);
    expect((published.body.data as Json[]).map((row) => row.id)).toEqual([ids[1]]);
  });

  it("answers a search with pattern characters, quotes or accents without failing", async () => {
    for (const q of ["%", "_", "\\", "'; drop table testimonials; --", "ñandú"]) {
      const result = await get(`?q=${encodeURIComponent(q)}&page=1`);
      expect(result.status, q).toBe(200);
    }
  });

  it.each([
    ["an unknown status", "?status=borrador"],
    ["per_page over 100", "?page=1&per_page=101"],
    ["page 0", "?page=0"],
    ["a search over 200 characters", `?q=${"a".repeat(201)}`],
  ])("refuses %s with a Spanish 422", async (_label, query) => {
    const result = await get(query);
    expect(result.status).toBe(422);
    expect(typeof result.body.message).toBe("string");
  });
});

describe("PUT /api/v1/admin/testimonials/{id}", () => {
  it("updates the fields sent, keeps the others, and audits only what changed", async () => {
    const name = `Cliente ${uniqueTag()}`;
    const created = (await post({ client_name: name, content: "Original", client_company: "Andina", rating: 3 })).body.data as Json;
    const id = created.id as number;

    const result = await put(id, { status: "published", rating: 5, client_position: "Director" });
    expect(result.status).toBe(200);
    expect(result.body.data).toMatchObject({ id, client_name: name, client_company: "Andina", status: "published", rating: 5, client_position: "Director" });

    const row = await db.testimonial.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "published", rating: 5, clientCompany: "Andina", content: "Original", clientPosition: "Director" });

    const audit = await db.auditLog.findFirstOrThrow({ where: { entityType: "testimonial", entityId: String(id), action: "testimonial.update" } });
    expect(audit.details).toEqual({
      before: { status: "draft", rating: 3, client_position: null },
      after: { status: "published", rating: 5, client_position: "Director" },
    });

    // The full payload (as the form sends it) works too; null / "" clear optional fields.
    const full = await put(id, {
      client_name: name,
      client_position: "",
      client_company: null,
      content: "Nuevo contenido",
      rating: 2,
      image: "",
      sector_id: "",
      is_active: false,
      is_featured: true,
      status: "private",
    });
    expect(full.status).toBe(200);
    expect(await db.testimonial.findUniqueOrThrow({ where: { id } })).toMatchObject({
      clientPosition: null,
      clientCompany: null,
      content: "Nuevo contenido",
      rating: 2,
      isActive: false,
      isFeatured: true,
      status: "private",
    });
  });

  it("refuses bad input with a 422 and leaves the record as it was", async () => {
    const name = `Cliente ${uniqueTag()}`;
    const id = ((await post({ client_name: name, content: "Original", rating: 4 })).body.data as Json).id as number;
    for (const body of [{ rating: 0 }, { rating: 6 }, { status: "publicado" }, { client_name: "" }, { sector_id: 999_999_999 }, { is_active: "false" }, { content: "x".repeat(2001) }]) {
      const result = await put(id, body);
      expect(result.status, JSON.stringify(body)).toBe(422);
      expect(typeof result.body.message).toBe("string");
    }
    expect(await db.testimonial.findUniqueOrThrow({ where: { id } })).toMatchObject({ clientName: name, rating: 4, status: "draft", content: "Original" });
    expect(await db.auditLog.count({ where: { entityType: "testimonial", entityId: String(id), action: "testimonial.update" } })).toBe(0);
  });

  it("answers 404 for the id of a missing record or one that is not an id", async () => {
    for (const id of ["999999999", "abc", "0", "-1", "1.5"]) {
      const result = await put(id, { status: "published" });
      expect(result.status, id).toBe(404);
      expect(result.body.message).toBe("Testimonio no encontrado.");
    }
  });
});

describe("DELETE /api/v1/admin/testimonials/{id}", () => {
  it("deletes, records the deleted record, and answers 404 the second time", async () => {
    const name = `Cliente ${uniqueTag()}`;
    const id = ((await post({ client_name: name, content: "Se irá" })).body.data as Json).id as number;

    const refused = await del(id, clientToken);
    expect(refused.status).toBe(403);
    expect(await countNamed(name)).toBe(1);

    const result = await del(id);
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({ id });
    expect(await countNamed(name)).toBe(0);
    const audit = await db.auditLog.findFirstOrThrow({ where: { entityType: "testimonial", entityId: String(id), action: "testimonial.delete" } });
    expect(audit.details).toMatchObject({ before: { client_name: name }, after: null });

    expect((await del(id)).status).toBe(404);
    expect((await del("abc")).status).toBe(404);
  });
});

describe("the public list follows publish and withdraw", () => {
  it("a published, active testimonial is public; withdrawn, deactivated or deleted it is not", async () => {
    const name = `Cliente ${uniqueTag()}`;
    const isPublic = async () => (await listPublicTestimonials()).some((row) => row.client_name === name);
    const isFeaturedOnHome = async () => (await listPublicTestimonials({ featured: true, limit: 1000 })).some((row) => row.client_name === name);

    const id = ((await post({ client_name: name, content: "Recomendados" })).body.data as Json).id as number;
    expect(await isPublic()).toBe(false);

    await put(id, { status: "published", is_featured: true });
    expect(await isPublic()).toBe(true);
    expect(await isFeaturedOnHome()).toBe(true);

    await put(id, { is_active: false });
    expect(await isPublic()).toBe(false);

    await put(id, { is_active: true });
    expect(await isPublic()).toBe(true);

    await put(id, { status: "draft" });
    expect(await isPublic()).toBe(false);

    await put(id, { status: "published" });
    await del(id);
    expect(await isPublic()).toBe(false);
  });
});

describe("GET /api/v1/admin/sectors", () => {
  it("lists every sector, inactive ones included, with the contract's fields", async () => {
    const { status, body } = await call(sectors, "/api/v1/admin/sectors", { bearer: token });
    expect(status).toBe(200);
    const rows = body.data as Json[];
    const mine = rows.find((row) => row.id === sectorId);
    expect(mine).toBeDefined();
    expect(Object.keys(mine!).sort()).toEqual(
      ["description", "icon", "id", "is_featured", "long_description", "name", "order_index", "slug", "updated_at"].sort(),
    );
  });

  it("refuses a client (403)", async () => {
    expect((await call(sectors, "/api/v1/admin/sectors", { bearer: clientToken })).status).toBe(403);
  });
});
