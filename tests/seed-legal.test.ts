// The seeded Libro de Reclamaciones and data requests: every state the admin screens show, with
// numbers and deadlines as the real write paths would give them. Checked on a freshly migrated
// and seeded database of its own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "../lib/db";
import { businessDate, calendarDate } from "@/lib/dates";
import { addBusinessDays, businessDaysLeft } from "@/lib/legal/business-days";
import { dataRequestDueDate } from "@/lib/privacy/data-request-terms";
import { deployMigrations } from "../prisma/migrate";
import { seedDatabase } from "../prisma/seed";
import { createTestDatabase, type TestDatabase } from "./setup/databases";

type Db = ReturnType<typeof createPrismaClient>;
const devEnv = { NODE_ENV: "development" } as NodeJS.ProcessEnv;

describe("seeded legal records", () => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase("seedlegal");
    await deployMigrations(database.url, { log: () => {} });
    db = createPrismaClient(database.url);
    await seedDatabase(db, devEnv);
  });
  afterAll(async () => {
    await db?.$disconnect();
    await database?.drop();
  });

  it("numbers the sheets gap-free per year in filing order, each due 15 business days after filing", async () => {
    const sheets = await db.complaint.findMany({ orderBy: { submittedAt: "asc" } });
    expect(sheets.length).toBe(4);
    const perYear = new Map<number, number[]>();
    for (const sheet of sheets) perYear.set(sheet.year, [...(perYear.get(sheet.year) ?? []), sheet.sequence]);
    for (const [year, sequences] of perYear) {
      expect(sequences).toEqual(sequences.map((_, index) => index + 1));
      const counter = await db.complaintCounter.findUniqueOrThrow({ where: { year } });
      expect(counter.last).toBe(sequences.length);
    }
    for (const sheet of sheets) {
      expect(calendarDate(sheet.dueDate)).toBe(addBusinessDays(businessDate(sheet.submittedAt), 15));
      expect(sheet.privacyVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it("shows a sheet answered (with its e-mails sent), one in time, one about to fall due and one overdue", async () => {
    const today = businessDate();
    const sheets = await db.complaint.findMany();
    const answered = sheets.filter((sheet) => sheet.answer !== null);
    const open = sheets.filter((sheet) => sheet.answer === null).map((sheet) => businessDaysLeft(today, calendarDate(sheet.dueDate)));
    expect(answered).toHaveLength(1);
    expect(answered[0].answeredAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(open.some((left) => left < 0)).toBe(true);
    expect(open.some((left) => left >= 0 && left <= 3)).toBe(true);
    expect(open.some((left) => left > 10)).toBe(true);
    const mails = await db.outboundEmail.findMany({ where: { relatedType: "complaint", relatedId: String(answered[0].id) } });
    expect(mails.map((mail) => [mail.kind, mail.status]).sort()).toEqual([
      ["complaint", "sent"],
      ["complaint_answer", "sent"],
    ]);
    // A minor's sheet names the guardian.
    expect(sheets.filter((sheet) => sheet.isMinor).every((sheet) => sheet.guardianName && sheet.guardianDocumentNumber)).toBe(true);
  });

  it("seeds data requests pending, completed and rejected, an account deletion among the pending, each with its term", async () => {
    const requests = await db.dataRequest.findMany({ include: { user: { select: { email: true, anonymizedAt: true } } } });
    expect(new Set(requests.map((request) => request.status))).toEqual(new Set(["pending", "completed", "rejected"]));
    const deletion = requests.find((request) => request.kind === "cancellation" && request.status === "pending");
    expect(deletion?.user).toMatchObject({ email: deletion?.email, anonymizedAt: null });
    for (const request of requests) {
      expect(calendarDate(request.dueDate)).toBe(dataRequestDueDate(request.kind, businessDate(request.submittedAt)));
      expect(request.status === "pending").toBe(request.resolvedAt === null);
    }
  });

  it("a second run adds no legal record", async () => {
    const summary = await seedDatabase(db, devEnv);
    expect([summary.created.complaints, summary.created.dataRequests]).toEqual([0, 0]);
  });
});
