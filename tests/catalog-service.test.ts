// The catalogue's one write path (lib/catalog/service.ts): validation, sanitized rich HTML, the
// version kept by every save ("Historial"), restore as a new save, the audit entry of each write,
// and the public reads following status changes.
import { beforeAll, describe, expect, it } from "vitest";
import { listCatalogVersions } from "@/lib/catalog/admin-queries";
import { findPublicCatalogItem, listPublicCatalogItems } from "@/lib/catalog/queries";
import {
  bulkCatalogItems,
  createCatalogItem,
  deleteCatalogItem,
  restoreCatalogVersion,
  updateCatalogItem,
} from "@/lib/catalog/service";
import { DomainError } from "@/lib/errors";
import { httpErrorFor, type HttpError } from "@/lib/http/errors";
import { db } from "@/lib/db";
import { createTestUser, uniqueTag } from "./helpers/auth";
import type { AdminActor } from "@/lib/auth/actor";

let actor: AdminActor;

beforeAll(async () => {
  const admin = await createTestUser({ role: "admin" });
  actor = { id: admin.id, ipAddress: "10.9.8.7" } as AdminActor;
});

function minimal(tag: string) {
  return { name: `Producto ${tag}`, slug: `producto-${tag}`, description: "Descripción breve del producto." };
}

/** The refusal `promise` ends in, as the REST contract answers it (status, message, field errors). */
async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return httpErrorFor(error) as HttpError;
}

describe("catalogue service", () => {
  it("creates with the defaults, sanitizes rich HTML and keeps version 1 with its audit entry", async () => {
    const tag = uniqueTag();
    const item = await createCatalogItem(actor, "product", {
      ...minimal(tag),
      content_html: '<h2>Hola</h2><p onclick="alert(1)">texto <a href="javascript:alert(1)">malo</a> <a href="https://lumenti.pe">bueno</a></p><script>alert(1)</script>',
      price_from: "",
      order_index: "",
    });
    expect(item).toMatchObject({ status: "active", currency: "USD", billing_period: "monthly", order_index: 0, price_from: null, is_featured: false });
    expect(item.content_html).toBe(
      '<h2>Hola</h2><p>texto malo <a href="https://lumenti.pe" target="_blank" rel="noopener noreferrer nofollow">bueno</a></p>',
    );
    const versions = await listCatalogVersions("product", item.id);
    expect(versions.map((v) => v.version)).toEqual([1]);
    expect(versions[0].author?.id).toBe(actor.id);
    const audit = await db.auditLog.findMany({ where: { entityType: "product", entityId: String(item.id) } });
    expect(audit.map((entry) => entry.action)).toEqual(["product.create"]);
  });

  it("refuses bad input with 422 per field and a duplicate slug of the same kind with 409, changing nothing", async () => {
    const tag = uniqueTag();
    const first = await createCatalogItem(actor, "service", minimal(tag));
    const bad = await rejection(
      createCatalogItem(actor, "service", {
        name: "",
        slug: "Con Espacios",
        description: "x",
        price_from: "-3",
        currency: "GBP",
        billing_period: "weekly",
        status: "published",
        category: "ERP",
        image: "javascript:alert(1)",
        demo_url: "data:text/html,hola",
      }),
    );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.errors ?? {}).sort()).toEqual(
      ["billing_period", "category", "currency", "demo_url", "image", "name", "price_from", "slug", "status"].sort(),
    );
    const duplicate = await rejection(createCatalogItem(actor, "service", minimal(tag)));
    expect(duplicate.status).toBe(409);
    expect(duplicate.errors?.slug).toBeDefined();
    // The same slug as a product is fine: slugs are unique per kind.
    const product = await createCatalogItem(actor, "product", minimal(tag));
    expect(product.slug).toBe(first.slug);
    expect(await db.catalogItem.count({ where: { slug: first.slug } })).toBe(2);
  });

  it("takes images from the media library by id or URL, and refuses anything else or an image without alt text", async () => {
    const tag = uniqueTag();
    const main = await db.mediaItem.findUniqueOrThrow({ where: { sitePath: "/images/products/lumen-erp-pyme.svg" } });
    const gallery = await db.mediaItem.findUniqueOrThrow({ where: { sitePath: "/images/gallery/panel-ventas.svg" } });
    const item = await createCatalogItem(actor, "product", { ...minimal(tag), image: main.id, gallery_images: ["/images/gallery/panel-ventas.svg", main.id] });
    expect(item.image).toBe("/images/products/lumen-erp-pyme.svg");
    expect(item.image_id).toBe(main.id);
    expect(item.image_set).toMatchObject({ id: main.id, src: "/images/products/lumen-erp-pyme.svg", alt: main.alt });
    expect(item.gallery_image_ids).toEqual([gallery.id, main.id]);
    expect(item.gallery_images).toEqual(["/images/gallery/panel-ventas.svg", "/images/products/lumen-erp-pyme.svg"]);
    for (const image of ["//evil.example/x.png", "/\\evil.example/x.png", "javascript:alert(1)", "data:image/png;base64,AAAA", "imagen.png", "https://cdn.lumenti.pe/a.png"]) {
      const refused = await rejection(updateCatalogItem(actor, "product", item.id, { image, gallery_images: [image] }));
      expect(refused.status).toBe(422);
      expect(Object.keys(refused.errors ?? {}).sort()).toEqual(["gallery_images.0", "image"]);
    }
    // Well-formed, but not in the library.
    for (const image of ["/images/products/no-existe.svg", "/media/0123456789abcdef/foto-640-0123456789ab.webp", 2_000_000_000]) {
      const refused = await rejection(updateCatalogItem(actor, "product", item.id, { image }));
      expect(refused.status).toBe(422);
      expect(refused.errors?.image?.[0]).toMatch(/Biblioteca de medios/);
    }
    const withoutAlt = await db.mediaItem.create({ data: { source: "site", sitePath: `/images/${tag}.svg`, fileName: `${tag}.svg`, mime: "image/svg+xml", alt: "" } });
    const noAlt = await rejection(updateCatalogItem(actor, "product", item.id, { gallery_images: [withoutAlt.id] }));
    expect(noAlt.status).toBe(422);
    expect(noAlt.errors?.gallery_images?.[0]).toMatch(/texto alternativo/);
    const stored = await db.catalogItem.findUniqueOrThrow({ where: { id: item.id }, include: { gallery: { orderBy: { position: "asc" } } } });
    expect(stored.imageId).toBe(main.id);
    expect(stored.gallery.map((g) => g.mediaId)).toEqual([gallery.id, main.id]);
  });

  it("keeps a version per save with what changed; an unchanged save adds nothing; restore is a new, audited save", async () => {
    const tag = uniqueTag();
    const item = await createCatalogItem(actor, "product", { ...minimal(tag), price_from: 120.5 });
    await updateCatalogItem(actor, "product", item.id, { name: `Renombrado ${tag}`, price_from: "99.90" });
    await updateCatalogItem(actor, "product", item.id, { name: `Renombrado ${tag}` });
    let versions = await listCatalogVersions("product", item.id);
    expect(versions.map((v) => v.version)).toEqual([2, 1]);
    expect(versions[0].changed_fields.sort()).toEqual(["name", "price_from"]);
    expect(versions[0].snapshot.price_from).toBe(99.9);

    const restored = await restoreCatalogVersion(actor, "product", item.id, 1);
    expect(restored.name).toBe(`Producto ${tag}`);
    expect(restored.price_from).toBe(120.5);
    versions = await listCatalogVersions("product", item.id);
    expect(versions[0]).toMatchObject({ version: 3, restored_from: 1 });
    const actions = (await db.auditLog.findMany({ where: { entityType: "product", entityId: String(item.id) }, orderBy: { id: "asc" } })).map(
      (entry) => entry.action,
    );
    expect(actions).toEqual(["product.create", "product.update", "product.restore"]);
    expect((await rejection(restoreCatalogVersion(actor, "product", item.id, 99))).status).toBe(404);
    expect((await rejection(restoreCatalogVersion(actor, "service", item.id, 1))).status).toBe(404);
  });

  it("saves of the same item at once form one chain: each audit entry's 'before' is the previous save's 'after'", async () => {
    const tag = uniqueTag();
    const item = await createCatalogItem(actor, "product", minimal(tag));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, (_, index) => updateCatalogItem(actor, "product", item.id, { order_index: index + 1 })),
    );
    expect(outcomes.filter((outcome) => outcome.status === "rejected")).toEqual([]);
    const updates = await db.auditLog.findMany({
      where: { entityType: "product", entityId: String(item.id), action: "product.update" },
      orderBy: { id: "asc" },
    });
    const details = updates.map((entry) => entry.details as { before: { order_index: number }; after: { order_index: number } });
    expect(details[0].before.order_index).toBe(0);
    for (let i = 1; i < details.length; i += 1) expect(details[i].before.order_index).toBe(details[i - 1].after.order_index);
    const versions = await listCatalogVersions("product", item.id);
    expect(versions[0].snapshot.order_index).toBe((await db.catalogItem.findUniqueOrThrow({ where: { id: item.id } })).orderIndex);
  });

  it("a draft or inactive item is not public; bulk status change and delete count what they changed", async () => {
    const tag = uniqueTag();
    const a = await createCatalogItem(actor, "service", { ...minimal(`a-${tag}`), status: "draft" });
    const b = await createCatalogItem(actor, "service", minimal(`b-${tag}`));
    expect(await findPublicCatalogItem("service", a.slug)).toBeNull();
    expect(await findPublicCatalogItem("service", b.slug)).not.toBeNull();

    expect(await bulkCatalogItems(actor, "service", { ids: [a.id, b.id], action: "inactive" })).toEqual({ affected: 2 });
    expect((await listPublicCatalogItems("service")).some((item) => item.id === a.id || item.id === b.id)).toBe(false);
    expect(await bulkCatalogItems(actor, "service", { ids: [a.id, b.id], action: "inactive" })).toEqual({ affected: 0 });
    // A product id is not a service: skipped.
    const product = await createCatalogItem(actor, "product", minimal(tag));
    expect(await bulkCatalogItems(actor, "service", { ids: [a.id, product.id], action: "delete" })).toEqual({ affected: 1 });
    expect(await db.catalogItem.findUnique({ where: { id: product.id } })).not.toBeNull();
    await deleteCatalogItem(actor, "service", b.id);
    expect(await db.catalogItem.count({ where: { id: { in: [a.id, b.id] } } })).toBe(0);
    expect((await rejection(deleteCatalogItem(actor, "service", b.id))).status).toBe(404);
  });
});
