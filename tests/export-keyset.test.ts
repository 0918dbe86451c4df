// Every CSV export reads its list by keyset: each batch is the rows after the last row of the
// batch before, in the list's own order. Per export, with a small batch size and rows inserted
// between batches: every row that existed when the export began comes out exactly once, in the
// order the list shows, and none twice. (The 100,000-row run through a route handler, with a
// second connection writing, is tests/export-keyset-100k.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportAdminInvoices, exportAdminPayments, exportAdminSubscriptions, listAdminInvoices, listAdminPayments, listAdminSubscriptions } from "@/lib/billing/admin-queries";
import { exportAdminCatalogItems, listAdminCatalogItems, listAdminCatalogRows, type AdminCatalogFilter } from "@/lib/catalog/admin-list";
import { CATALOG_CATEGORIES } from "@/lib/catalog/categories";
import { exportContactMessages, listContactMessages } from "@/lib/contact/admin-queries";
import { db } from "@/lib/db";
import type { CatalogKind } from "@/lib/generated/prisma/client";
import { exportHref } from "@/lib/list/export-link";
import { keysetBatches } from "@/lib/list/keyset";
import { readListQuery } from "@/lib/list/query";
import { adminTicketListQuerySchema } from "@/lib/support/schema";
import { exportAdminTickets, listAdminTickets, type AdminTicketFilter } from "@/lib/support/queries";
import { createTestUser, uniqueTag, type TestUser } from "./helpers/auth";
import { createTestInvoice } from "./helpers/billing";
import { createMessage } from "./helpers/contact-inbox";

const tag = uniqueTag();
let client: TestUser;

beforeAll(async () => {
  client = await createTestUser({ name: `Exportación ${tag}` });
});

afterAll(async () => {
  await db.contactMessage.deleteMany({ where: { subject: { contains: tag } } });
  await db.catalogItem.deleteMany({ where: { name: { contains: tag } } });
  if (client) {
    await db.payment.deleteMany({ where: { userId: client.id } });
    await db.invoice.deleteMany({ where: { userId: client.id } });
    await db.user.delete({ where: { id: client.id } });
  }
});

/** Reads an export to the end, calling `between` after each batch (while the export is paused). */
async function drain<T extends { id: number }>(batches: AsyncGenerator<T[], void, unknown>, between: (round: number) => Promise<unknown> = async () => {}) {
  const ids: number[] = [];
  let round = 0;
  for await (const batch of batches) {
    ids.push(...batch.map((row) => row.id));
    await between(round++);
  }
  return ids;
}

/** Every id of `existing` exactly once in `exported`, no id twice, and `existing` in its order. */
function expectEachOnceInOrder(exported: number[], existing: number[]) {
  const times = new Map<number, number>();
  for (const id of exported) times.set(id, (times.get(id) ?? 0) + 1);
  expect([...times].filter(([, count]) => count > 1).map(([id]) => id), "exported twice").toEqual([]);
  expect(existing.filter((id) => !times.has(id)), "missing").toEqual([]);
  const known = new Set(existing);
  expect(exported.filter((id) => known.has(id))).toEqual(existing);
}

describe("keysetBatches", () => {
  it("asks for the rows after the last one read, and stops after a short batch", async () => {
    const rows = [1, 2, 3, 4, 5, 6, 7].map((id) => ({ id }));
    const asked: (number | null)[] = [];
    const batches = keysetBatches({
      fetchAfter: async (last: { id: number } | null, take) => {
        asked.push(last?.id ?? null);
        // A row is written ahead of the cursor between batches: it is never read.
        if (last) rows.unshift({ id: -last.id });
        return rows.filter((row) => row.id > (last?.id ?? 0)).slice(0, take);
      },
      toItem: (row) => row.id,
      batchSize: 3,
    });
    const seen: number[][] = [];
    for await (const batch of batches) seen.push(batch);
    expect(seen).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(asked).toEqual([null, 3, 6]);
  });
});

describe("exportHref and readListQuery", () => {
  it("the export link carries the list's filters, search and sort, never its page", () => {
    const { query } = readListQuery(adminTicketListQuerySchema, { status: "open", q: " vpn ", page: "3", per_page: "50", sort: "activity", id: "9" });
    expect(exportHref("/api/v1/admin/tickets", query)).toBe("/api/v1/admin/tickets/export?status=open&q=vpn&sort=activity");
    expect(exportHref("/api/v1/admin/invoices", { status: "", q: null, user_id: undefined })).toBe("/api/v1/admin/invoices/export");
  });

  it("a malformed URL reads as the list's defaults, with what was wrong", () => {
    const request = new URL("http://localhost/api/v1/admin/tickets?status=pendiente&q=x").searchParams;
    const { query, problem } = readListQuery(adminTicketListQuerySchema, request);
    expect(query).toEqual(adminTicketListQuerySchema.parse({}));
    expect(problem).toMatchObject({ kind: "invalid", fieldErrors: { status: [expect.any(String)] } });
    expect(readListQuery(adminTicketListQuerySchema, { status: ["open", "closed"] }).query.status).toBe("open");
    expect(readListQuery(adminTicketListQuerySchema, new URLSearchParams("status=open&status=closed")).query.status).toBe("closed");
  });
});

describe("contact messages export", () => {
  it("pages by keyset (created_at, id) while newer messages arrive", async () => {
    const start = Date.now() - 3_600_000;
    // Two messages share an instant: the id decides between them.
    for (const offset of [0, 1000, 1000, 2000, 3000, 4000, 5000]) await createMessage(tag, { createdAt: new Date(start + offset) });
    const existing = (await listContactMessages({ q: tag, assigned: undefined }, { page: 1, perPage: 100 })).data.map((row) => row.id);
    expect(existing).toHaveLength(7);
    const exported = await drain(exportContactMessages({ q: tag, assigned: undefined }, 2), () => createMessage(tag));
    expectEachOnceInOrder(exported, existing);
  });
});

describe.each(["product", "service"] as const)("%s export", (kind: CatalogKind) => {
  const [first, second] = CATALOG_CATEGORIES[kind];
  let sequence = 0;
  const item = (data: { price?: string | null; category?: string | null; status?: "active" | "inactive" | "draft"; featured?: boolean; order?: number; name?: string }) => {
    sequence += 1;
    return db.catalogItem.create({
      data: {
        kind,
        name: `${data.name ?? "Elemento"} ${tag}`,
        slug: `keyset-${tag}-${kind}-${sequence}`,
        description: "Para la exportación",
        priceFrom: data.price ?? null,
        category: data.category ?? null,
        status: data.status ?? "draft",
        isFeatured: data.featured ?? false,
        orderIndex: data.order ?? 5,
      },
    });
  };

  beforeAll(async () => {
    // Ties in every sortable column, nulls among the nullable ones.
    await item({ price: "10.00", category: first, status: "draft", featured: true, order: 1, name: "Beta" });
    await item({ price: null, category: null, status: "active", featured: false, order: 1, name: "Alfa" });
    await item({ price: "10.00", category: second, status: "inactive", featured: true, order: 2, name: "Beta" });
    await item({ price: "5.50", category: first, status: "draft", featured: false, order: 2, name: "Gamma" });
    await item({ price: null, category: second, status: "active", featured: true, order: 3, name: "Alfa" });
    await item({ price: "99.99", category: null, status: "inactive", featured: false, order: 3, name: "Delta" });
    await item({ price: "5.50", category: first, status: "active", featured: false, order: 1, name: "Delta" });
  });

  const sorts: AdminCatalogFilter[] = [
    {},
    { sort: "price_from", dir: "asc" },
    { sort: "price_from", dir: "desc" },
    { sort: "category", dir: "asc" },
    { sort: "category", dir: "desc" },
    { sort: "status", dir: "asc" },
    { sort: "status", dir: "desc" },
    { sort: "is_featured", dir: "desc" },
    { sort: "is_featured", dir: "asc" },
    { sort: "name", dir: "desc" },
    { sort: "order_index", dir: "asc" },
    { sort: "created_at", dir: "desc" },
  ];

  it.each(sorts)("in the list's order, each item once (sort %o)", async (sorting) => {
    const filter = { q: tag, ...sorting };
    const existing = (await listAdminCatalogItems(kind, filter)).map((row) => row.id);
    expect(existing).toHaveLength(7);
    expectEachOnceInOrder(await drain(exportAdminCatalogItems(kind, filter, 2)), existing);
  });

  it("items written between batches ahead of the cursor neither repeat nor push out the others", async () => {
    const filter = { q: tag };
    const existing = (await listAdminCatalogItems(kind, filter)).map((row) => row.id);
    // order_index 0 sorts before every existing item.
    const exported = await drain(exportAdminCatalogItems(kind, filter, 2), () => item({ order: 0, name: "Nuevo" }));
    expectEachOnceInOrder(exported, existing);
  });

  it("the list screens read the same page in the same order, with only the list's columns", async () => {
    const filter: AdminCatalogFilter = { q: tag, sort: "price_from", dir: "desc" };
    const page = { page: 2, perPage: 3 };
    const [items, rows] = await Promise.all([listAdminCatalogItems(kind, filter, page), listAdminCatalogRows(kind, filter, page)]);
    expect(rows.data).toHaveLength(3);
    expect(rows.total).toBe(items.total);
    expect(rows.data).toEqual(
      items.data.map(({ id, name, slug, features, price_from, currency, category, status, is_featured }) => ({ id, name, slug, features, price_from, currency, category, status, is_featured })),
    );
  });
});

describe("tickets export", () => {
  beforeAll(async () => {
    const base = Date.now() - 7_200_000;
    await db.ticket.createMany({
      data: [0, 1000, 1000, 2000, 3000, 4000, 5000].map((offset, index) => ({
        userId: client.id,
        subject: `Exportación ${tag} ${index}`,
        description: "Para la exportación",
        status: "closed" as const,
        createdAt: new Date(base + offset),
      })),
    });
  });
  const newTicket = () => db.ticket.create({ data: { userId: client.id, subject: `Nuevo ${tag}`, description: "Nuevo", status: "closed" } });

  it.each<AdminTicketFilter>([{}, { sort: "created", dir: "asc" }, { sort: "activity", dir: "desc" }, { sort: "activity", dir: "asc" }])(
    "pages by keyset while tickets are opened (sort %o)",
    async (sorting) => {
      const filter = { user_id: client.id, ...sorting };
      const existing = (await listAdminTickets(filter)).map((row) => row.id);
      expect(existing.length).toBeGreaterThanOrEqual(7);
      expectEachOnceInOrder(await drain(exportAdminTickets(filter, 2), newTicket), existing);
    },
  );
});

describe("billing exports", () => {
  beforeAll(async () => {
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    // Invoices of a few days, two of them on the same day; each with a failed payment (no money received).
    for (const [index, daysAgo] of [9, 8, 8, 7, 6, 5, 4].entries()) {
      await createTestInvoice(db, {
        userId: client.id,
        issuedAt: day(daysAgo),
        payments: [{ amount: "1.00", status: "failed", paidAt: new Date(Date.now() - (daysAgo * 24 + index) * 3_600_000) }],
      });
    }
    await db.subscription.createMany({
      data: [0, 1, 2, 3, 4, 5, 6].map((index) => ({
        userId: client.id,
        planName: `Plan ${tag} ${index}`,
        amount: "10.00",
        status: "cancelled" as const,
        createdAt: new Date(Date.now() - (10 - index) * 60_000),
      })),
    });
  });

  it("subscriptions: by keyset (created_at, id) while new ones are created", async () => {
    const existing = (await listAdminSubscriptions({ user_id: client.id })).map((row) => row.id);
    expect(existing).toHaveLength(7);
    const exported = await drain(exportAdminSubscriptions({ user_id: client.id }, 2), () =>
      db.subscription.create({ data: { userId: client.id, planName: `Nuevo ${tag}`, amount: "10.00", status: "cancelled" } }),
    );
    expectEachOnceInOrder(exported, existing);
  });

  it("invoices: by keyset (issued_at, id) while new ones are issued", async () => {
    const existing = (await listAdminInvoices({ user_id: client.id })).map((row) => row.id);
    expect(existing.length).toBeGreaterThanOrEqual(7);
    const exported = await drain(exportAdminInvoices({ user_id: client.id }, 2), () => createTestInvoice(db, { userId: client.id }));
    expectEachOnceInOrder(exported, existing);
  });

  it("payments: by keyset (paid_at, id) while new ones are recorded", async () => {
    const existing = (await listAdminPayments({ user_id: client.id })).map((row) => row.id);
    expect(existing.length).toBeGreaterThanOrEqual(7);
    const exported = await drain(exportAdminPayments({ user_id: client.id }, 2), () =>
      createTestInvoice(db, { userId: client.id, payments: [{ amount: "1.00", status: "failed", paidAt: new Date() }] }),
    );
    expectEachOnceInOrder(exported, existing);
  });
});
