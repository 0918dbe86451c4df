import { existsSync } from "node:fs";
import path from "node:path";
import bcrypt from "bcryptjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "../lib/db";
import { deployMigrations } from "../prisma/migrate";
import { CATALOG_HISTORY_DEMO, seedDatabase } from "../prisma/seed";
import { createTestDatabase, type TestDatabase } from "./setup/databases";

type Db = ReturnType<typeof createPrismaClient>;

async function freshDb() {
  const database = await createTestDatabase("seed");
  await deployMigrations(database.url, { log: () => {} });
  return { database, db: createPrismaClient(database.url) };
}

async function rowCounts(db: Db) {
  const tables = await db.$queryRaw<{ table_name: string }[]>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'
    ORDER BY table_name`;
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [{ count }] = await db.$queryRawUnsafe<{ count: number }[]>(`SELECT count(*)::int AS count FROM "${table_name}"`);
    counts[table_name] = count;
  }
  return counts;
}

const devEnv = { NODE_ENV: "development" } as NodeJS.ProcessEnv;

describe("demo seed", () => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    ({ database, db } = await freshDb());
    await seedDatabase(db, devEnv);
  });
  afterAll(async () => {
    await db.$disconnect();
    await database.drop();
  });

  it("is a no-op when run again", async () => {
    const before = await rowCounts(db);
    const settingsBefore = await db.siteSettings.findUniqueOrThrow({ where: { id: 1 } });
    await seedDatabase(db, devEnv);
    expect(await rowCounts(db)).toEqual(before);
    expect(await db.siteSettings.findUniqueOrThrow({ where: { id: 1 } })).toEqual(settingsBefore);
  });

  it("gives every seeded product and service its version 1 by the admin, and one product a second save", async () => {
    const items = await db.catalogItem.findMany({ include: { versions: { orderBy: { version: "asc" }, include: { author: true } } } });
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.versions[0]?.version, item.slug).toBe(1);
      expect(item.versions[0]?.author?.role).toBe("admin");
    }
    const edited = items.filter((item) => item.versions.length > 1);
    expect(edited.map((item) => item.slug)).toEqual([CATALOG_HISTORY_DEMO.slug]);
    const [first, second] = edited[0].versions;
    expect(second.changedFields).toEqual(["description"]);
    expect((first.snapshot as { description: string }).description).toBe(CATALOG_HISTORY_DEMO.previousDescription);
    expect((second.snapshot as { description: string }).description).toBe(edited[0].description);
    expect(second.createdAt.getTime()).toBeGreaterThan(first.createdAt.getTime());
  });

  it("fills the public catalogue over every public category, with every field", async () => {
    const include = { image: true, gallery: { include: { media: true } } } as const;
    const products = await db.catalogItem.findMany({ where: { kind: "product", status: "active" }, include });
    const services = await db.catalogItem.findMany({ where: { kind: "service", status: "active" }, include });
    expect(products.length).toBeGreaterThanOrEqual(8);
    expect(services.length).toBeGreaterThanOrEqual(10);
    expect(new Set(products.map((p) => p.category))).toEqual(new Set(["ERP", "CRM", "E-commerce", "Gestión Documental"]));
    expect(new Set(services.map((s) => s.category))).toEqual(
      new Set(["Business Intelligence", "Automatización", "Integración", "Desarrollo", "Consultoría"]),
    );
    expect(products.filter((p) => p.isFeatured).length).toBeGreaterThanOrEqual(3);
    expect(services.filter((s) => s.isFeatured).length).toBeGreaterThanOrEqual(3);

    for (const item of [...products, ...services]) {
      for (const [field, value] of Object.entries(item)) {
        if (field === "imageId" || field === "image") continue; // checked below
        expect(value, `${item.kind} ${item.slug}: ${field} is empty`).not.toBeNull();
        if (Array.isArray(value)) expect(value.length, `${item.kind} ${item.slug}: ${field} is empty`).toBeGreaterThan(0);
      }
      expect(item.description).not.toMatch(/lorem ipsum/i);
      for (const entry of item.faq) expect(entry, `FAQ of ${item.slug} is "pregunta: respuesta"`).toMatch(/^[^:]+\?:\s*\S/);
      expect(item.image, `${item.kind} ${item.slug} has a main image`).not.toBeNull();
      for (const media of [item.image!, ...item.gallery.map((g) => g.media)]) {
        expect(media.alt.trim(), `${item.slug}: every image has alt text`).not.toBe("");
        if (media.source === "site") expect(existsSync(path.join("public", media.sitePath!)), `${media.sitePath} is a local file under public/`).toBe(true);
      }
    }
  });

  it("fills sectors, technologies, testimonials, pages, case studies and company settings", async () => {
    expect(await db.sector.count()).toBeGreaterThanOrEqual(6);
    const technologies = await db.technology.findMany();
    expect(technologies.length).toBeGreaterThanOrEqual(12);
    expect(new Set(technologies.map((t) => t.category))).toEqual(
      new Set(["Inteligencia Artificial", "Desarrollo Web", "Desarrollo Móvil", "Base de Datos", "Cloud Computing", "DevOps"]),
    );
    const testimonials = await db.testimonial.findMany();
    expect(testimonials.length).toBeGreaterThanOrEqual(8);
    expect(new Set(testimonials.map((t) => t.status)).size).toBeGreaterThan(1);
    expect(testimonials.filter((t) => t.status === "published" && t.isActive && t.isFeatured).length).toBeGreaterThanOrEqual(3);
    expect(await db.page.count({ where: { status: "published" } })).toBeGreaterThan(0);
    expect(await db.caseStudy.count({ where: { status: "published" } })).toBeGreaterThan(0);

    const settings = await db.siteSettings.findUniqueOrThrow({ where: { id: 1 } });
    expect(settings.contactPhone).toMatch(/^\+51/);
    expect(settings.contactAddress).toMatch(/Lima/);
    expect(settings.businessHours).toBeTruthy();
    expect(settings.socialLinkedin).toMatch(/^https:\/\//);
  });

  it("creates the demo admin and client with hashed passwords and their billing and support records", async () => {
    const admin = await db.user.findUniqueOrThrow({ where: { email: "admin@lumenti.pe" } });
    const client = await db.user.findUniqueOrThrow({
      where: { email: "cliente@lumenti.pe" },
      include: { subscriptions: true, invoices: true, payments: true, tickets: { include: { replies: true } } },
    });
    expect(admin.role).toBe("admin");
    expect(client.role).toBe("client");
    expect(await bcrypt.compare("Admin#2026", admin.passwordHash!)).toBe(true);
    expect(await bcrypt.compare("Cliente#2026", client.passwordHash!)).toBe(true);
    expect(bcrypt.getRounds(admin.passwordHash!)).toBe(12);
    expect(client.subscriptions.some((s) => s.status === "active")).toBe(true);
    expect(new Set(client.invoices.map((i) => i.status))).toEqual(new Set(["paid", "pending"]));
    expect(client.payments.length).toBeGreaterThan(0);
    expect(client.tickets.length).toBeGreaterThan(0);
    expect(client.tickets.some((t) => t.replies.length > 0)).toBe(true);
  });
  it("gives the admin's demo replies their audit trail (Registro de actividad is not empty)", async () => {
    const admin = await db.user.findUniqueOrThrow({ where: { email: "admin@lumenti.pe" } });
    const replied = await db.contactMessage.findMany({
      where: { repliedAt: { not: null } },
      select: { id: true, repliedAt: true, entries: { where: { kind: "reply" }, orderBy: { createdAt: "asc" }, select: { authorId: true, createdAt: true } } },
    });
    expect(replied.length).toBeGreaterThan(0);
    for (const message of replied) {
      expect(message.entries.length).toBeGreaterThan(0);
      expect(message.entries.every((reply) => reply.authorId === admin.id)).toBe(true);
      expect(message.entries[0].createdAt).toEqual(message.repliedAt);
      const replies = await db.auditLog.findMany({ where: { entityType: "contact_message", entityId: String(message.id), action: "contact_message.reply" } });
      expect(replies).toHaveLength(message.entries.length);
      expect(replies.every((entry) => entry.actorId === admin.id)).toBe(true);
    }
  });

  it("shows the demo inbox as conversations: replies and the visitor's e-mailed answers, notes, events, an assignment", async () => {
    const admin = await db.user.findUniqueOrThrow({ where: { email: "admin@lumenti.pe" } });
    const messages = await db.contactMessage.findMany({ include: { entries: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] } } });
    const kinds = (entries: { kind: string }[]) => entries.map((entry) => entry.kind);

    // Two staff replies with the visitor's e-mailed answer in between, each reply with its own Message-ID.
    const conversation = messages.find((m) => kinds(m.entries.filter((e) => e.kind !== "event" && e.kind !== "note")).join() === "reply,inbound,reply");
    expect(conversation).toBeDefined();
    const [first, answer, second] = conversation!.entries.filter((e) => e.kind !== "event" && e.kind !== "note");
    expect(answer).toMatchObject({ fromAddress: conversation!.email, authorId: null, deliveryStatus: null });
    expect(answer.originalText).toContain(answer.body!);
    expect(answer.originalText).toMatch(/escribió:\n> /);
    expect(answer.originalText).not.toContain("{{");
    expect(new Set([first.mailMessageId, answer.mailMessageId, second.mailMessageId]).size).toBe(3);
    expect(conversation!.firstResponseAt).toEqual(first.sentAt);

    // Every e-mailed answer is in the inbound log, and made its conversation unread again (the system's doing).
    const answers = messages.flatMap((m) => m.entries).filter((e) => e.kind === "inbound");
    expect(answers.length).toBeGreaterThanOrEqual(2);
    for (const entry of answers) {
      const logged = await db.inboundEmail.findUniqueOrThrow({ where: { id: entry.inboundEmailId! } });
      expect(logged).toMatchObject({ messageId: entry.mailMessageId, outcome: "contact_entry", relatedType: "contact_message", relatedId: String(entry.messageId), receivedAt: entry.createdAt });
      const unread = await db.auditLog.findFirstOrThrow({ where: { entityType: "contact_message", entityId: String(entry.messageId), action: "contact_message.inbound" } });
      expect(unread).toMatchObject({ actorId: null, createdAt: entry.createdAt, details: { before: { status: "replied" }, after: { status: "new" } } });
    }

    const warned = messages.flatMap((m) => m.entries).filter((e) => e.authWarning !== null);
    expect(warned.map((e) => [e.kind, e.authWarning])).toEqual([
      ["inbound", "No se pudo verificar que el remitente sea quien dice ser: falló DMARC (dkim=fail, spf=softfail)."],
    ]);

    const replies = messages.flatMap((m) => m.entries).filter((e) => e.kind === "reply");
    const sent = replies.filter((e) => e.deliveryStatus === "sent");
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((e) => e.serverResponse === "250 2.0.0 Ok: queued" && e.sentAt !== null && e.deliveryError === null)).toBe(true);
    const failed = replies.filter((e) => e.deliveryStatus === "failed");
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ sentAt: null, serverResponse: null, deliveryError: expect.stringMatching(/^No se pudo enviar el correo: /) });
    // Its conversation has no first response: nothing reached the visitor.
    expect(messages.find((m) => m.id === failed[0].messageId)!.firstResponseAt).toBeNull();

    const notes = messages.flatMap((m) => m.entries).filter((e) => e.kind === "note");
    expect(notes.length).toBeGreaterThan(0);
    for (const note of notes) {
      expect(note.authorId).toBe(admin.id);
      const audit = await db.auditLog.findFirstOrThrow({ where: { entityType: "contact_note", entityId: String(note.id) } });
      expect(audit).toMatchObject({ action: "contact_note.create", actorId: admin.id, details: { before: null, after: { message_id: note.messageId, body: note.body } } });
    }

    // Every closed or archived message says so in its thread, and remembers where it came from.
    const settled = messages.filter((m) => m.status === "closed" || m.status === "archived");
    expect(settled.some((m) => m.status === "closed")).toBe(true);
    for (const message of settled) {
      const last = message.entries.at(-1)!;
      expect(last).toMatchObject({ kind: "event", event: message.status, authorId: admin.id, data: { from: message.previousStatus, to: message.status } });
      expect(message.statusChangedAt).toEqual(last.createdAt);
      const audit = await db.auditLog.findFirstOrThrow({ where: { entityType: "contact_message", entityId: String(message.id), action: `contact_message.${message.status === "closed" ? "close" : "archive"}` } });
      expect(audit.details).toEqual({ before: { status: message.previousStatus }, after: { status: message.status } });
    }

    const assigned = messages.filter((m) => m.assignedToId !== null);
    expect(assigned.map((m) => m.assignedToId)).toEqual([admin.id]);
    expect(assigned[0].entries.find((e) => e.kind === "event" && e.event === "assigned")?.data).toEqual({ to_id: admin.id, to_name: admin.name });
    expect(await db.auditLog.count({ where: { action: "contact_message.assign", entityId: String(assigned[0].id) } })).toBe(1);
  });
});

describe("demo seed in production", () => {
  it("refuses to run without the user variables and writes nothing", async () => {
    const { database, db } = await freshDb();
    try {
      await expect(
        seedDatabase(db, { NODE_ENV: "production", ADMIN_EMAIL: "ops@example.pe" } as NodeJS.ProcessEnv),
      ).rejects.toThrow(/ADMIN_PASSWORD/);
      expect(Object.values(await rowCounts(db)).every((count) => count === 0)).toBe(true);
    } finally {
      await db.$disconnect();
      await database.drop();
    }
  });

  it("creates the users given by the variables", async () => {
    const { database, db } = await freshDb();
    try {
      await seedDatabase(db, {
        NODE_ENV: "production",
        ADMIN_EMAIL: "Ops@Example.PE",
        ADMIN_PASSWORD: "una-clave-larga-1",
        CLIENT_EMAIL: "cliente@example.pe",
        CLIENT_PASSWORD: "otra-clave-larga-2",
      } as NodeJS.ProcessEnv);
      const admin = await db.user.findUniqueOrThrow({ where: { email: "ops@example.pe" } });
      expect(admin.role).toBe("admin");
      expect(await db.user.count({ where: { email: "admin@lumenti.pe" } })).toBe(0);
    } finally {
      await db.$disconnect();
      await database.drop();
    }
  });
});
