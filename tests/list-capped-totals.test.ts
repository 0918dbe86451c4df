// A page's total is counted only as far as the pager can show (lib/list/paging.ts): the rows up
// to the page's end and COUNT_PAGES_AHEAD pages more. Beyond that the answer says so
// (`total_capped`), with `total` and `last_page` the bound the list exceeds; the next pages still
// answer their rows; a small list keeps its exact total; totals kept exact by triggers (the
// inbox without a search) are never capped; the CSV export still carries every row.
// Other files write to the same database meanwhile: every list here is filtered down to rows
// this file created (its own actor, its own search tag).
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as auditList } from "@/app/api/v1/admin/audit-logs/route";
import { db } from "@/lib/db";
import { COUNT_PAGES_AHEAD, countBound, readList, type Paged } from "@/lib/list/paging";
import { call, createTestUser, tokenFor, uniqueTag, type TestUser } from "./helpers/auth";
import { adminCall, createAdmin, createMessage, routes, type AdminCaller } from "./helpers/contact-inbox";

type Page = Paged<{ id: number }>;
const ids = (page: Page) => page.data.map((row) => row.id);

/** More rows than a first page of one row counts: (1 + 10) × 1 = 11. */
const ROWS = 15;

afterEach(() => vi.restoreAllMocks());

describe("readList", () => {
  const rows = async () => [] as never[];

  it("asks the count for one row past the bound: (page + 10) × per_page + 1", async () => {
    const limits: number[] = [];
    await readList({ page: 3, perPage: 20 }, { rows, count: async (limit) => (limits.push(limit), 0) });
    expect(COUNT_PAGES_AHEAD).toBe(10);
    expect(limits).toEqual([261]);
    expect(countBound({ page: 3, perPage: 20 })).toBe(260);
  });

  it("caps at the bound when the count reaches past it, and keeps an exact total within it", async () => {
    const capped = await readList({ page: 3, perPage: 20 }, { rows, count: async (limit) => limit });
    expect(capped).toMatchObject({ current_page: 3, per_page: 20, total: 260, last_page: 13, total_capped: true });
    const exact = await readList({ page: 3, perPage: 20 }, { rows, count: async () => 260 });
    expect(exact).toMatchObject({ total: 260, last_page: 13, total_capped: false });
    const past = await readList({ page: 9, perPage: 20 }, { rows, count: async () => 37 });
    expect(past).toMatchObject({ current_page: 9, data: [], total: 37, last_page: 2, total_capped: false });
  });

  it("never caps a total kept exact elsewhere, however large", async () => {
    const page = await readList({ page: 1, perPage: 20 }, { rows, exactCount: async () => 100_000 });
    expect(page).toMatchObject({ total: 100_000, last_page: 5_000, total_capped: false });
  });
});

describe("GET /api/v1/admin/audit-logs with more entries than the count's bound", () => {
  let actor: TestUser;
  let token: string;
  /** The actor's entries, newest first. */
  const newestFirst: number[] = [];

  beforeAll(async () => {
    const admin = await createTestUser({ role: "admin" });
    token = await tokenFor(admin);
    actor = await createTestUser({ role: "admin" });
    const start = Date.now() - 3_600_000;
    for (let i = 0; i < ROWS; i += 1) {
      const entry = await db.auditLog.create({
        data: { actorId: actor.id, action: "testimonial.update", entityType: "testimonial", entityId: uniqueTag(), createdAt: new Date(start + i * 1000) },
      });
      newestFirst.unshift(entry.id);
    }
  });

  const get = async (query: string) => {
    const { status, body } = await call(auditList, `/api/v1/admin/audit-logs?user_id=${actor.id}&${query}`, { bearer: token });
    expect(status, query).toBe(200);
    return body.data as unknown as Page;
  };

  it("answers the bound as a lower bound, with the flag, and counts no further than it", async () => {
    const count = vi.spyOn(db.auditLog, "count");
    const first = await get("per_page=1");
    expect(first).toMatchObject({ current_page: 1, per_page: 1, total: 11, last_page: 11, total_capped: true });
    expect(ids(first)).toEqual([newestFirst[0]]);
    // The database is asked to count 12 rows at most, not all 15.
    expect(count).toHaveBeenCalledWith(expect.objectContaining({ take: 12 }));
    expect(await db.auditLog.count({ where: { actorId: actor.id }, take: 12 })).toBe(12);
  });

  it("serves the next pages, each counting a page further, until the whole list is within the bound", async () => {
    const second = await get("per_page=1&page=2");
    expect(second).toMatchObject({ current_page: 2, total: 12, last_page: 12, total_capped: true });
    expect(ids(second)).toEqual([newestFirst[1]]);
    const fifth = await get("per_page=1&page=5");
    expect(fifth).toMatchObject({ current_page: 5, total: ROWS, last_page: ROWS, total_capped: false });
    expect(ids(fifth)).toEqual([newestFirst[4]]);
    const last = await get(`per_page=1&page=${ROWS}`);
    expect(ids(last)).toEqual([newestFirst[ROWS - 1]]);
  });

  it("answers a page past the end with its number, no rows and the exact last page", async () => {
    expect(await get("per_page=1&page=40")).toMatchObject({ current_page: 40, data: [], total: ROWS, last_page: ROWS, total_capped: false });
  });

  it("keeps an exact total when the list fits within the bound", async () => {
    const whole = await get("per_page=20");
    expect(whole).toMatchObject({ current_page: 1, per_page: 20, total: ROWS, last_page: 1, total_capped: false });
    expect(ids(whole)).toEqual(newestFirst);
    expect(await get("per_page=2")).toMatchObject({ total: ROWS, last_page: 8, total_capped: false });
  });
});

describe("the contact inbox with more matches than the count's bound", () => {
  let admin: AdminCaller;
  const tag = uniqueTag();
  const newestFirst: number[] = [];

  beforeAll(async () => {
    admin = await createAdmin();
    const start = Date.now() - 3_600_000;
    for (let i = 0; i < ROWS; i += 1) newestFirst.unshift((await createMessage(tag, { createdAt: new Date(start + i * 1000) })).id);
  });

  const list = async (query: string) => {
    const { status, body } = await adminCall(admin, routes.listRoute.GET, `/api/v1/admin/contact-messages?${query}`);
    expect(status, query).toBe(200);
    return body.data as unknown as Page;
  };

  it("caps a search's total, serves the next pages, and is exact once within the bound", async () => {
    const first = await list(`q=${tag}&per_page=1`);
    expect(first).toMatchObject({ current_page: 1, total: 11, last_page: 11, total_capped: true });
    expect(ids(first)).toEqual([newestFirst[0]]);
    const third = await list(`q=${tag}&per_page=1&page=3`);
    expect(third).toMatchObject({ current_page: 3, total: 13, last_page: 13, total_capped: true });
    expect(ids(third)).toEqual([newestFirst[2]]);
    expect(await list(`q=${tag}&per_page=1&page=5`)).toMatchObject({ total: ROWS, last_page: ROWS, total_capped: false });
    expect(await list(`q=${tag}&per_page=20`)).toMatchObject({ total: ROWS, last_page: 1, total_capped: false });
  });

  it("keeps the trigger-kept totals without a search exact, beyond the bound", async () => {
    // At least this file's 15 messages, counted from contact_message_counts, never capped at 11.
    const all = await list("per_page=1");
    expect(all.total_capped).toBe(false);
    expect(all.total).toBeGreaterThanOrEqual(ROWS);
    expect(all.last_page).toBe(all.total);
    const fresh = await list("status=new&per_page=1");
    expect(fresh.total_capped).toBe(false);
    expect(fresh.total).toBeGreaterThanOrEqual(ROWS);
  });

  it("still exports every match: the CSV is not paged", async () => {
    const { status, text } = await adminCall(admin, routes.exportRoute.GET, `/api/v1/admin/contact-messages/export?q=${tag}`);
    expect(status).toBe(200);
    const exported = [...text.matchAll(/^\uFEFF?"(\d+)",/gm)].map((match) => Number(match[1]));
    expect(exported).toEqual(newestFirst);
  });
});
