// The benchmark's bulk dataset (scripts/lib/bench-data.ts) is what the app itself would have
// written: checked in SQL on a freshly migrated and seeded database of its own, at small counts.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_CATEGORIES, SERVICE_CATEGORIES } from "@/lib/catalog/categories";
import { createPrismaClient } from "../lib/db";
import { deployMigrations } from "../prisma/migrate";
import { seedDatabase } from "../prisma/seed";
import { insertCatalogItems, insertContactMessages, insertInvoices, insertUsers } from "../scripts/lib/bench-data";
import { createTestDatabase, type TestDatabase } from "./setup/databases";

const devEnv = { NODE_ENV: "development" } as NodeJS.ProcessEnv;
const COUNTS = { users: 40, items: 30, invoices: 300, messages: 500 };

describe("bench dataset", () => {
  let database: TestDatabase;
  let client: pg.Client;
  let before: Record<string, number>;
  let seriesBefore: Record<string, number>;

  const count = async (sql: string) => (await client.query<{ n: number }>(sql)).rows[0].n;

  beforeAll(async () => {
    database = await createTestDatabase("benchdata");
    await deployMigrations(database.url, { log: () => {} });
    const db = createPrismaClient(database.url);
    await seedDatabase(db, devEnv);
    await db.$disconnect();
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    before = {
      users: await count("SELECT count(*)::int AS n FROM users"),
      items: await count("SELECT count(*)::int AS n FROM catalog_items"),
      invoices: await count("SELECT count(*)::int AS n FROM invoices"),
      messages: await count("SELECT count(*)::int AS n FROM contact_messages"),
    };
    seriesBefore = Object.fromEntries((await client.query<{ series: string; last_number: number }>("SELECT series, last_number FROM invoice_series")).rows.map((row) => [row.series, row.last_number]));
    await insertUsers(client, COUNTS.users);
    await insertCatalogItems(client, COUNTS.items, { product: PRODUCT_CATEGORIES, service: SERVICE_CATEGORIES });
    await insertInvoices(client, COUNTS.invoices, COUNTS.users);
    await insertContactMessages(client, COUNTS.messages);
  }, 120_000);
  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });

  it("adds exactly the requested rows", async () => {
    expect(await count("SELECT count(*)::int AS n FROM users")).toBe(before.users + COUNTS.users);
    expect(await count("SELECT count(*)::int AS n FROM catalog_items")).toBe(before.items + COUNTS.items);
    expect(await count("SELECT count(*)::int AS n FROM invoices")).toBe(before.invoices + COUNTS.invoices);
    expect(await count("SELECT count(*)::int AS n FROM contact_messages")).toBe(before.messages + COUNTS.messages);
  });

  it("numbers invoices after the seeded ones, gap-free per series, and moves the counters", async () => {
    const { rows } = await client.query<{ series: string; n: number; first: number; last: number; counter: number }>(
      `SELECT i.series, count(*)::int AS n, min(i.sequence) AS first, max(i.sequence) AS last, s.last_number AS counter
       FROM invoices i JOIN invoice_series s ON s.series = i.series GROUP BY i.series, s.last_number ORDER BY i.series`,
    );
    expect(rows.map((row) => row.series)).toEqual(["B001", "F001"]);
    for (const row of rows) {
      expect(row).toMatchObject({ first: 1, last: row.n, counter: row.n });
      expect(row.counter).toBeGreaterThan(seriesBefore[row.series] ?? 0);
    }
    expect(await count("SELECT count(*)::int AS n FROM invoices WHERE invoice_number <> series || '-' || lpad(sequence::text, 8, '0')")).toBe(0);
  });

  it("gives facturas to a RUC and boletas to a DNI, with lines adding up to the subtotal and IGV 18 %", async () => {
    const bench = "FROM invoices i JOIN users u ON u.id = i.user_id WHERE u.email LIKE '%@bench.lumenti.pe'";
    expect(await count(`SELECT count(*)::int AS n ${bench}`)).toBe(COUNTS.invoices);
    expect(await count(`SELECT count(*)::int AS n ${bench} AND NOT ((i.series = 'F001' AND i.customer_tax_id ~ '^[0-9]{11}$') OR (i.series = 'B001' AND i.customer_tax_id ~ '^[0-9]{8}$'))`)).toBe(0);
    expect(await count(`SELECT count(*)::int AS n ${bench} AND i.subtotal <> (SELECT sum(l.line_total) FROM invoice_lines l WHERE l.invoice_id = i.id)`)).toBe(0);
    expect(await count(`SELECT count(*)::int AS n ${bench} AND (i.tax_amount <> round(i.subtotal * 0.18, 2) OR i.amount <> i.subtotal + i.tax_amount)`)).toBe(0);
    expect(await count("SELECT count(*)::int AS n FROM invoice_lines WHERE line_total <> quantity * unit_price")).toBe(0);
  });

  it("keeps the money consistent with each invoice's status", async () => {
    const statuses = (await client.query<{ status: string }>("SELECT DISTINCT i.status::text FROM invoices i JOIN users u ON u.id = i.user_id WHERE u.email LIKE '%@bench.lumenti.pe' ORDER BY 1")).rows.map((row) => row.status);
    expect(statuses).toEqual(["cancelled", "paid", "pending"]);
    // Paid: fully covered by one completed payment; pending and cancelled: nothing paid.
    const bench = "invoices i JOIN users u ON u.id = i.user_id AND u.email LIKE '%@bench.lumenti.pe'";
    expect(await count(`SELECT count(*)::int AS n FROM ${bench} WHERE i.status = 'paid' AND (i.amount_paid <> i.amount OR i.paid_at IS NULL OR i.amount <> (SELECT coalesce(sum(p.amount), 0) FROM payments p WHERE p.invoice_id = i.id AND p.status = 'completed'))`)).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM ${bench} WHERE i.status <> 'paid' AND (i.amount_paid <> 0 OR EXISTS (SELECT 1 FROM payments p WHERE p.invoice_id = i.id))`)).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM ${bench} WHERE i.status = 'cancelled' AND (i.cancelled_at IS NULL OR i.cancel_reason IS NULL)`)).toBe(0);
  });

  it("publishes catalogue items in the public categories, half products and half services", async () => {
    const { rows } = await client.query<{ kind: string; category: string; status: string }>("SELECT kind::text, category, status::text FROM catalog_items WHERE slug LIKE 'bench-%'");
    expect(rows).toHaveLength(COUNTS.items);
    expect(rows.filter((row) => row.kind === "product")).toHaveLength(COUNTS.items / 2);
    for (const row of rows) {
      expect(row.status).toBe("active");
      expect(row.kind === "product" ? PRODUCT_CATEGORIES : SERVICE_CATEGORIES).toContain(row.category);
    }
  });

  it("answers one in five messages with a reply entry, sent, by an admin, and its first response", async () => {
    const bench = "FROM contact_messages m WHERE m.email LIKE 'contacto%@empresa%.pe'";
    expect(await count(`SELECT count(*)::int AS n ${bench}`)).toBe(COUNTS.messages);
    const replied = await count(`SELECT count(*)::int AS n ${bench} AND m.replied_at IS NOT NULL`);
    expect(replied).toBe(COUNTS.messages / 5);
    // Each replied message has exactly one reply entry, written and sent when it was replied.
    expect(await count(`SELECT count(*)::int AS n FROM contact_entries e JOIN contact_messages m ON m.id = e.message_id WHERE m.email LIKE 'contacto%@empresa%.pe'`)).toBe(replied);
    expect(
      await count(`SELECT count(*)::int AS n ${bench} AND m.replied_at IS NOT NULL AND (SELECT count(*) FROM contact_entries e
        WHERE e.message_id = m.id AND e.kind = 'reply' AND e.delivery_status = 'sent' AND e.sent_at = m.replied_at AND e.created_at = m.replied_at
          AND e.mail_message_id IS NOT NULL AND e.server_response IS NOT NULL
          AND EXISTS (SELECT 1 FROM users u WHERE u.id = e.author_id AND u.role = 'admin')) = 1`),
    ).toBe(replied);
    expect(await count(`SELECT count(*)::int AS n ${bench} AND m.first_response_at IS DISTINCT FROM m.replied_at`)).toBe(0);
    expect(await count(`SELECT count(*)::int AS n ${bench} AND (m.status = 'replied') <> (m.replied_at IS NOT NULL)`)).toBe(0);
    expect(await count(`SELECT count(DISTINCT reply_token)::int AS n ${bench}`)).toBe(COUNTS.messages);
  });

  it("keeps the inbox's counters and search index in step with the messages", async () => {
    expect(await count("SELECT sum(total)::int AS n FROM contact_message_counts")).toBe(await count("SELECT count(*)::int AS n FROM contact_messages WHERE deleted_at IS NULL"));
    expect(await count("SELECT count(*)::int AS n FROM pg_indexes WHERE indexname = 'contact_messages_search_trgm_idx'")).toBe(1);
    expect(await count("SELECT count(*)::int AS n FROM contact_messages WHERE search_text IS NULL")).toBe(0);
    // The users' search text is filled too (their trigram index is rebuilt after the bulk load).
    expect(await count("SELECT count(*)::int AS n FROM users WHERE search_text IS NULL")).toBe(0);
    expect(await count("SELECT count(*)::int AS n FROM pg_indexes WHERE indexname = 'users_search_trgm_idx'")).toBe(1);
  });

  it("keeps the dashboard's money received in step with the payments", async () => {
    expect(await count("SELECT coalesce(sum(payments), 0)::int AS n FROM payment_received_totals")).toBe(
      await count("SELECT count(*)::int AS n FROM payments WHERE status = 'completed' AND method <> 'saldo_a_favor'"),
    );
    // The revenue chart's months hold every payment received and every refund once.
    expect(await count("SELECT coalesce(sum(entries), 0)::int AS n FROM revenue_months")).toBe(
      await count("SELECT ((SELECT count(*) FROM payments WHERE status = 'completed' AND method <> 'saldo_a_favor') + (SELECT count(*) FROM customer_credits WHERE kind = 'refund'))::int AS n"),
    );
  });

  it("keeps the weekly chart's counts in step with the messages", async () => {
    expect(await count("SELECT coalesce(sum(total), 0)::int AS n FROM contact_message_weeks")).toBe(await count("SELECT count(*)::int AS n FROM contact_messages WHERE deleted_at IS NULL"));
  });

  it("keeps the dashboard's counts in step with the users, subscriptions, invoices and tickets", async () => {
    const kept = async (key: string) => count(`SELECT coalesce((SELECT total FROM record_counts WHERE key = '${key}'), 0) AS n`);
    expect(await kept("users")).toBe(await count("SELECT count(*)::int AS n FROM users"));
    expect(await kept("active_subscriptions")).toBe(await count("SELECT count(*)::int AS n FROM subscriptions WHERE status = 'active'"));
    expect(await kept("paid_invoices")).toBe(await count("SELECT count(*)::int AS n FROM invoices WHERE status = 'paid'"));
    expect(await kept("pending_tickets")).toBe(await count("SELECT count(*)::int AS n FROM tickets WHERE status IN ('open', 'in_progress')"));
  });
});
