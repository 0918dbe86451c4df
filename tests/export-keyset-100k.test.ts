// Every CSV export streams by keyset: an export of 100,000 rows while another connection inserts
// rows into the same list has no row twice and none missing. Driven through the real route
// handler (GET /api/v1/admin/tickets/export), with the concurrent writes on a second connection.
// 100,000 rows would weigh on every other file's unfiltered lists and exports (and on the one
// embedded server they share), so this file runs against a database of its own (fresh,
// migrated, not seeded): lib/db is replaced by a client on it before anything imports it.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as exportTickets } from "@/app/api/v1/admin/tickets/export/route";
import { db } from "@/lib/db";
import { createTestUser, tokenFor, uniqueTag, type TestUser } from "./helpers/auth";

vi.mock("@/lib/db", async () => {
  const { createTestDatabase } = await import("./setup/databases");
  const { deployMigrations } = await import("../prisma/migrate");
  const actual = await vi.importActual<typeof import("@/lib/db")>("@/lib/db");
  const database = await createTestDatabase("vitest_export_keyset");
  await deployMigrations(database.url, { log: () => {} });
  const isolated = actual.createPrismaClient(database.url);
  return {
    createPrismaClient: actual.createPrismaClient,
    db: isolated,
    isolatedDatabaseUrl: database.url,
    dropIsolatedDatabase: async () => {
      await isolated.$disconnect();
      await database.drop();
    },
  };
});

type IsolatedDb = { isolatedDatabaseUrl: string; dropIsolatedDatabase: () => Promise<void> };

const ROWS = 100_000;
/** Rows the second connection inserts after each chunk of the download it reads. */
const INSERTED_PER_CHUNK = 25;

let admin: TestUser;
let adminToken: string;
let owner: TestUser;
let writer: pg.Client;
const tag = uniqueTag();

beforeAll(async () => {
  admin = await createTestUser({ role: "admin" });
  adminToken = await tokenFor(admin);
  owner = await createTestUser({ name: `Carga ${tag}` });
  const { isolatedDatabaseUrl } = (await import("@/lib/db")) as unknown as IsolatedDb;
  writer = new pg.Client({ connectionString: isolatedDatabaseUrl });
  await writer.connect();
});

afterAll(async () => {
  await writer?.end();
  await ((await import("@/lib/db")) as unknown as IsolatedDb).dropIsolatedDatabase();
});

/** Ticket numbers ("#42") of a CSV download, in order: the first cell of every row but the header. */
function ticketIds(csv: string): number[] {
  const lines = csv.replace(/^\uFEFF/, "").split("\r\n").filter(Boolean).slice(1);
  return lines.map((line) => {
    const match = /^"#(\d+)"/.exec(line);
    if (!match) throw new Error(`Unexpected CSV row: ${line.slice(0, 80)}`);
    return Number(match[1]);
  });
}

describe("GET /api/v1/admin/tickets/export of 100,000 rows while another connection inserts", () => {
  it("has every row that existed when it began exactly once", { timeout: 120_000 }, async () => {
    // One statement: distinct creation instants (one millisecond apart), all of one client, closed.
    await db.$executeRaw`
      INSERT INTO tickets (user_id, subject, description, status, priority, closed_at, created_at, updated_at)
      SELECT ${owner.id}, ${`Carga ${tag} `} || g, 'Carga de prueba', 'closed', 'low',
             timestamp '2020-01-01' + g * interval '1 millisecond',
             timestamp '2020-01-01' + g * interval '1 millisecond',
             timestamp '2020-01-01' + g * interval '1 millisecond'
      FROM generate_series(1, ${ROWS}) AS g`;
    const before = await db.ticket.findMany({ where: { userId: owner.id }, select: { id: true } });
    expect(before).toHaveLength(ROWS);

    const response = await exportTickets(
      new Request(`http://localhost/api/v1/admin/tickets/export?user_id=${owner.id}&status=closed`, { headers: { authorization: `Bearer ${adminToken}` } }),
      { params: Promise.resolve({}) },
    );
    expect(response.status).toBe(200);

    // Read the download chunk by chunk; after each chunk the second connection inserts rows of
    // the same filter both newer (ahead of the export's order, newest first) and older (behind it).
    const reader = response.body!.getReader();
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    let csv = "";
    let chunks = 0;
    let inserted = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      csv += decoder.decode(value, { stream: true });
      chunks += 1;
      await writer.query(
        `INSERT INTO tickets (user_id, subject, description, status, priority, closed_at, created_at, updated_at)
         SELECT $1, $2 || g, 'Concurrente', 'closed', 'low', t, t, t
         FROM generate_series(1, $3::int) AS g,
              LATERAL (SELECT CASE WHEN g % 2 = 0 THEN timestamp '2021-01-01' ELSE timestamp '2019-01-01' END + ($4::int + g) * interval '1 millisecond' AS t) AS at`,
        [owner.id, `Concurrente ${tag} `, INSERTED_PER_CHUNK, inserted],
      );
      inserted += INSERTED_PER_CHUNK;
    }
    csv += decoder.decode();

    expect(chunks).toBeGreaterThan(10);
    const ids = ticketIds(csv);
    const seen = new Map<number, number>();
    for (const id of ids) seen.set(id, (seen.get(id) ?? 0) + 1);
    const repeated = [...seen].filter(([, times]) => times > 1).map(([id]) => id);
    const missing = before.map((row) => row.id).filter((id) => !seen.has(id));
    expect({ repeated: repeated.length, missing: missing.length }).toEqual({ repeated: 0, missing: 0 });
    // Nothing but the filter's rows, in the list's order (newest first).
    expect(ids.length).toBeGreaterThanOrEqual(ROWS);
    expect(ids.length).toBeLessThanOrEqual(ROWS + inserted);
  });
});
