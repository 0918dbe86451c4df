// Idempotent seed: company settings, public content, the catalogue, the two demo accounts
// and the demo client's billing and support history.
//
// Running it again creates nothing and changes nothing: rows with a natural unique key are
// upserted with `update: {}` (an admin may have edited them since), and rows without one are
// created only when no row with the same identifying fields exists. Existing users are never
// touched (their password or role may have been changed). Everything runs in one transaction.
//
//   npm run db:seed            (DATABASE_URL required; ADMIN_/CLIENT_ EMAIL and PASSWORD
//                               required when NODE_ENV=production)
import { pathToFileURL } from "node:url";
import bcrypt from "bcryptjs";
import type { Prisma, PrismaClient } from "../lib/generated/prisma/client";
import { caseStudies } from "./seed-data/case-studies";
import { invoiceTotals } from "../lib/billing/money";
import { invoices, subscriptions, tickets } from "./seed-data/demo-account";
import { adminNotifications, contactMessages, replyTemplates } from "./seed-data/inbox";
import { contactMessageHistory } from "./seed-data/inbox-history";
import { pages } from "./seed-data/pages";
import { products } from "./seed-data/products";
import { sectors } from "./seed-data/sectors";
import { services } from "./seed-data/services";
import { siteSettings } from "./seed-data/site-settings";
import { technologies } from "./seed-data/technologies";
import { testimonials } from "./seed-data/testimonials";
import type { CatalogItemSeed } from "./seed-data/types";
import { serializeCatalogItem } from "../lib/catalog/serialize";
import { DEVELOPMENT_DEFAULTS, USER_ENV_VARS, adminProfile, clientProfile } from "./seed-data/users";

type Env = Record<string, string | undefined>;

export const SEED_TABLES = [
  "users",
  "siteSettings",
  "sectors",
  "technologies",
  "products",
  "services",
  "testimonials",
  "pages",
  "caseStudies",
  "subscriptions",
  "invoices",
  "payments",
  "tickets",
  "ticketReplies",
  "contactMessages",
  "notifications",
  "replyTemplates",
  "auditLogs",
  "catalogVersions",
] as const;
export type SeedTable = (typeof SEED_TABLES)[number];

/** Rows created by one run, per table; `total` is their sum (0 on a re-run). */
export interface SeedSummary {
  created: Record<SeedTable, number>;
  total: number;
}

export const BCRYPT_COST = 12;
const MIN_PASSWORD_LENGTH = 8;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

interface SeedAccount {
  email: string;
  password: string;
}

/**
 * Reads the two seeded accounts from the environment. Throws (before anything is written) when
 * NODE_ENV is production and a variable is missing, or when a value is unusable.
 */
export function resolveSeedAccounts(env: Env = process.env): { admin: SeedAccount; client: SeedAccount } {
  const isProduction = env.NODE_ENV === "production";
  const value = (name: (typeof USER_ENV_VARS)[number]) => env[name]?.trim() || undefined;

  if (isProduction) {
    const missing = USER_ENV_VARS.filter((name) => !value(name));
    if (missing.length > 0) {
      throw new Error(
        `Seed cancelado: en producción (NODE_ENV=production) deben definirse ${missing.join(", ")}. ` +
          "No se escribió nada en la base de datos.",
      );
    }
  }

  const pick = (name: (typeof USER_ENV_VARS)[number]) => value(name) ?? DEVELOPMENT_DEFAULTS[name];
  const admin = { email: pick("ADMIN_EMAIL").toLowerCase(), password: pick("ADMIN_PASSWORD") };
  const client = { email: pick("CLIENT_EMAIL").toLowerCase(), password: pick("CLIENT_PASSWORD") };

  for (const [label, account] of [["ADMIN", admin], ["CLIENT", client]] as const) {
    if (!EMAIL_PATTERN.test(account.email)) {
      throw new Error(`Seed cancelado: ${label}_EMAIL no es un correo electrónico válido.`);
    }
    if (account.password.length < MIN_PASSWORD_LENGTH) {
      throw new Error(`Seed cancelado: ${label}_PASSWORD debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.`);
    }
  }
  if (admin.email === client.email) {
    throw new Error("Seed cancelado: ADMIN_EMAIL y CLIENT_EMAIL deben ser distintos.");
  }
  return { admin, client };
}

/** Seeds the database. Safe to run any number of times. */
export async function seedDatabase(db: PrismaClient, env: Env = process.env): Promise<SeedSummary> {
  // Validate the configuration before touching the database.
  const accounts = resolveSeedAccounts(env);
  const now = new Date();
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
  const daysAgo = (days: number) => at(-days * DAY_MS);
  const monthsAgo = (months: number) => {
    const date = new Date(now);
    date.setUTCMonth(date.getUTCMonth() - months);
    return date;
  };

  const created = Object.fromEntries(SEED_TABLES.map((table) => [table, 0])) as Record<SeedTable, number>;

  await db.$transaction(
    async (tx) => {
      // ── Accounts ──────────────────────────────────────────────────────────
      const ensureUser = async (account: SeedAccount, role: "admin" | "client", profile: { name: string; image: string; billingName?: string; taxId?: string }) => {
        const existing = await tx.user.findUnique({ where: { email: account.email } });
        if (existing) return existing;
        created.users += 1;
        return tx.user.create({
          data: {
            email: account.email,
            name: profile.name,
            image: profile.image,
            billingName: profile.billingName ?? null,
            taxId: profile.taxId ?? null,
            role,
            passwordHash: await bcrypt.hash(account.password, BCRYPT_COST),
          },
        });
      };
      const admin = await ensureUser(accounts.admin, "admin", adminProfile);
      const client = await ensureUser(accounts.client, "client", clientProfile);
      const settingsRow = await tx.siteSettings.findUnique({ where: { id: 1 } });
      const issuer = {
        issuerName: settingsRow?.companyLegalName ?? siteSettings.companyLegalName ?? siteSettings.companyName,
        issuerTaxId: settingsRow?.companyTaxId ?? siteSettings.companyTaxId ?? null,
        issuerAddress: settingsRow?.contactAddress ?? siteSettings.contactAddress ?? null,
      };

      // ── Company settings (singleton) ──────────────────────────────────────
      created.siteSettings += await countNew(
        () => tx.siteSettings.count(),
        () => tx.siteSettings.upsert({ where: { id: 1 }, update: {}, create: { id: 1, ...siteSettings } }),
      );

      // ── Public content ────────────────────────────────────────────────────
      created.sectors += await countNew(
        () => tx.sector.count(),
        async () => {
          for (const sector of sectors) {
            await tx.sector.upsert({ where: { slug: sector.slug }, update: {}, create: sector });
          }
        },
      );
      const sectorIds = new Map(
        (await tx.sector.findMany({ where: { slug: { in: sectors.map((s) => s.slug) } }, select: { id: true, slug: true } })).map(
          (s) => [s.slug, s.id],
        ),
      );
      const sectorId = (slug: string | null) => (slug ? (sectorIds.get(slug) ?? null) : null);

      created.technologies += await countNew(
        () => tx.technology.count(),
        async () => {
          for (const technology of technologies) {
            await tx.technology.upsert({ where: { slug: technology.slug }, update: {}, create: technology });
          }
        },
      );

      const upsertCatalog = async (kind: "product" | "service", items: CatalogItemSeed[]) =>
        countNew(
          () => tx.catalogItem.count({ where: { kind } }),
          async () => {
            for (const item of items) {
              await tx.catalogItem.upsert({
                where: { kind_slug: { kind, slug: item.slug } },
                update: {},
                create: { kind, ...item },
              });
            }
          },
        );
      created.products += await upsertCatalog("product", products);
      created.services += await upsertCatalog("service", services);

      // ── Catalogue history ("Historial", issue 9): every seeded item has its version 1 by the
      // seeded admin; one product has a second save, so the history shows a real change. Only
      // items without any version get them (an admin's saves are never touched).
      {
        const seeded = await tx.catalogItem.findMany({
          where: { OR: [{ kind: "product", slug: { in: products.map((p) => p.slug) } }, { kind: "service", slug: { in: services.map((s) => s.slug) } }], versions: { none: {} } },
          orderBy: { id: "asc" },
        });
        for (const row of seeded) {
          const snapshot: Partial<ReturnType<typeof serializeCatalogItem>> = serializeCatalogItem(row);
          delete snapshot.id;
          delete snapshot.created_at;
          delete snapshot.updated_at;
          const edited = row.kind === "product" && row.slug === CATALOG_HISTORY_DEMO.slug;
          const first = edited ? { ...snapshot, description: CATALOG_HISTORY_DEMO.previousDescription } : snapshot;
          await tx.catalogItemVersion.create({
            data: { itemId: row.id, version: 1, snapshot: first, changedFields: [], authorId: admin.id, createdAt: edited ? daysAgo(21) : row.createdAt },
          });
          created.catalogVersions += 1;
          if (edited) {
            await tx.catalogItemVersion.create({
              data: { itemId: row.id, version: 2, snapshot, changedFields: ["description"], authorId: admin.id, createdAt: daysAgo(4) },
            });
            created.catalogVersions += 1;
          }
        }
      }

      for (const t of testimonials) {
        const exists = await tx.testimonial.findFirst({
          where: { clientName: t.clientName, clientCompany: t.clientCompany },
          select: { id: true },
        });
        if (exists) continue;
        const { sectorSlug, daysAgo: age, ...data } = t;
        await tx.testimonial.create({ data: { ...data, sectorId: sectorId(sectorSlug), createdAt: daysAgo(age) } });
        created.testimonials += 1;
      }

      created.pages += await countNew(
        () => tx.page.count(),
        async () => {
          for (const page of pages) {
            await tx.page.upsert({ where: { slug: page.slug }, update: {}, create: page });
          }
        },
      );

      created.caseStudies += await countNew(
        () => tx.caseStudy.count(),
        async () => {
          for (const { sectorSlug, publishedDaysAgo, ...study } of caseStudies) {
            await tx.caseStudy.upsert({
              where: { slug: study.slug },
              update: {},
              create: {
                ...study,
                sectorId: sectorId(sectorSlug),
                publishedAt: study.status === "published" ? daysAgo(publishedDaysAgo) : null,
                createdAt: daysAgo(publishedDaysAgo + 2),
              },
            });
          }
        },
      );

      // ── Demo client: subscriptions, invoices, payments ────────────────────
      const subscriptionIds = new Map<string, number>();
      for (const s of subscriptions) {
        const existing = await tx.subscription.findFirst({
          where: { userId: client.id, planName: s.planName },
          select: { id: true },
        });
        if (existing) {
          subscriptionIds.set(s.planName, existing.id);
          continue;
        }
        const item = await tx.catalogItem.findUnique({
          where: { kind_slug: { kind: s.catalogKind, slug: s.catalogSlug } },
          select: { id: true },
        });
        const startedAt = monthsAgo(s.startedMonthsAgo);
        const row = await tx.subscription.create({
          data: {
            userId: client.id,
            catalogItemId: item?.id ?? null,
            planName: s.planName,
            amount: s.amount,
            currency: s.currency,
            billingPeriod: s.billingPeriod,
            status: s.status,
            startedAt,
            createdAt: startedAt,
            nextBillingDate: s.nextBillingInDays === null ? null : at(s.nextBillingInDays * DAY_MS),
            cancelledAt: s.cancelledMonthsAgo === null ? null : monthsAgo(s.cancelledMonthsAgo),
          },
        });
        subscriptionIds.set(s.planName, row.id);
        created.subscriptions += 1;
      }

      created.invoices += await countNew(
        () => tx.invoice.count(),
        async () => {
          for (const inv of invoices) {
            const issuedAt = daysAgo(inv.issuedDaysAgo);
            const [series, number] = inv.invoiceNumber.split("-");
            const totals = invoiceTotals([{ quantity: 1, unit_price: inv.amount }]);
            await tx.invoice.upsert({
              where: { invoiceNumber: inv.invoiceNumber },
              update: {},
              create: {
                invoiceNumber: inv.invoiceNumber,
                series,
                sequence: Number(number),
                ...issuer,
                customerName: client.billingName ?? client.name,
                customerTaxId: client.taxId,
                customerEmail: client.email,
                subtotal: totals.subtotal,
                taxAmount: totals.tax_amount,
                amountPaid: inv.payment ? totals.total : "0",
                lines: { create: [{ position: 1, description: inv.description, quantity: 1, unitPrice: inv.amount, lineTotal: totals.line_totals[0] }] },
                userId: client.id,
                subscriptionId: inv.subscriptionPlan ? (subscriptionIds.get(inv.subscriptionPlan) ?? null) : null,
                description: inv.description,
                amount: totals.total,
                currency: inv.currency,
                status: inv.status,
                issuedAt,
                dueDate: at((inv.dueInDaysAfterIssue - inv.issuedDaysAgo) * DAY_MS),
                paidAt: inv.payment ? at((inv.payment.paidDaysAfterIssue - inv.issuedDaysAgo) * DAY_MS) : null,
                createdAt: issuedAt,
              },
            });
          }
        },
      );

      for (const inv of invoices) {
        if (!inv.payment) continue;
        const invoice = await tx.invoice.findUnique({
          where: { invoiceNumber: inv.invoiceNumber },
          select: { id: true, userId: true, amount: true },
        });
        // An invoice number already used by someone else's invoice is left alone.
        if (!invoice || invoice.userId !== client.id) continue;
        const exists = await tx.payment.findFirst({
          where: { userId: client.id, reference: inv.payment.reference },
          select: { id: true },
        });
        if (exists) continue;
        const paidAt = at((inv.payment.paidDaysAfterIssue - inv.issuedDaysAgo) * DAY_MS);
        await tx.payment.create({
          data: {
            userId: client.id,
            invoiceId: invoice.id,
            amount: invoice.amount,
            currency: inv.currency,
            method: inv.payment.method,
            reference: inv.payment.reference,
            status: "completed",
            paidAt,
            createdAt: paidAt,
          },
        });
        created.payments += 1;
      }

      // Invoice numbering continues after the highest number of each series.
      await tx.$executeRaw`
        INSERT INTO invoice_series (series, last_number)
        SELECT series, max(sequence) FROM invoices GROUP BY series
        ON CONFLICT (series) DO UPDATE SET last_number = GREATEST(invoice_series.last_number, EXCLUDED.last_number)`;

      // ── Demo client: support tickets ──────────────────────────────────────
      for (const t of tickets) {
        const createdAt = daysAgo(t.createdDaysAgo);
        let ticket = await tx.ticket.findFirst({ where: { userId: client.id, subject: t.subject } });
        if (!ticket) {
          ticket = await tx.ticket.create({
            data: {
              userId: client.id,
              subject: t.subject,
              description: t.description,
              status: t.status,
              priority: t.priority,
              createdAt,
              closedAt: t.closedDaysAfter === null ? null : at((t.closedDaysAfter - t.createdDaysAgo) * DAY_MS),
            },
          });
          created.tickets += 1;
        }
        for (const reply of t.replies) {
          const authorId = reply.author === "admin" ? admin.id : client.id;
          const exists = await tx.ticketReply.findFirst({
            where: { ticketId: ticket.id, authorId, body: reply.body },
            select: { id: true },
          });
          if (exists) continue;
          await tx.ticketReply.create({
            data: {
              ticketId: ticket.id,
              authorId,
              fromStaff: reply.author === "admin",
              body: reply.body,
              createdAt: new Date(ticket.createdAt.getTime() + reply.hoursAfterTicket * HOUR_MS),
            },
          });
          created.ticketReplies += 1;
        }
      }

      // ── Contact inbox and the admin's notifications ───────────────────────
      for (const m of [...contactMessages, ...contactMessageHistory]) {
        const exists = await tx.contactMessage.findFirst({
          where: { email: m.email, subject: m.subject },
          select: { id: true },
        });
        if (exists) continue;
        const { sectorSlug, receivedDaysAgo, repliedAfterHours, ...data } = m;
        const receivedAt = daysAgo(receivedDaysAgo);
        const repliedAt = m.replyText ? new Date(receivedAt.getTime() + (repliedAfterHours ?? 20) * HOUR_MS) : null;
        const readAt = m.status === "new" ? null : new Date(receivedAt.getTime() + Math.min(2, repliedAfterHours ?? 2) * HOUR_MS);
        const message = await tx.contactMessage.create({
          data: {
            ...data,
            sectorId: sectorId(sectorSlug),
            createdAt: receivedAt,
            readAt,
            repliedAt,
            repliedById: repliedAt ? admin.id : null,
            // A demo reply was e-mailed when it was written.
            replySentAt: repliedAt,
          },
          select: { id: true },
        });
        created.contactMessages += 1;
        created.auditLogs += await seedInboxAudit(tx, admin.id, message.id, { status: m.status, readAt, repliedAt, replyText: m.replyText ?? null });
      }

      for (const n of adminNotifications) {
        const exists = await tx.notification.findFirst({
          where: { userId: admin.id, type: n.type, title: n.title, body: n.body },
          select: { id: true },
        });
        if (exists) continue;
        const createdAt = daysAgo(n.createdDaysAgo);
        const subject = n.contactMessage
          ? await tx.contactMessage.findFirst({ where: n.contactMessage, orderBy: { id: "asc" }, select: { id: true } })
          : null;
        await tx.notification.create({
          data: {
            userId: admin.id,
            type: n.type,
            title: n.title,
            body: n.body,
            link: subject ? `/admin/contact-messages?id=${subject.id}` : n.link,
            createdAt,
            readAt: n.read ? new Date(createdAt.getTime() + 3 * HOUR_MS) : null,
          },
        });
        created.notifications += 1;
      }

      for (const template of replyTemplates) {
        created.replyTemplates += await countNew(
          () => tx.replyTemplate.count(),
          () => tx.replyTemplate.upsert({ where: { name: template.name }, update: {}, create: template }),
        );
      }
    },
    { timeout: 120_000, maxWait: 20_000 },
  );

  const total = Object.values(created).reduce((sum, n) => sum + n, 0);
  return { created, total };
}

/** The seeded product whose history has a second version: its description before the last save. */
export const CATALOG_HISTORY_DEMO = {
  slug: products[0].slug,
  previousDescription: "Versión anterior de la descripción, antes de la última revisión del equipo comercial.",
};

/** Runs `work` and returns how many rows `count` grew by (the rows the upserts created). */
/** Where the demo admin's seeded actions came from (a documentation address, RFC 5737). */
const SEED_ADMIN_ADDRESS = "192.0.2.10";

type SeededMessageState = { status: string; readAt: Date | null; repliedAt: Date | null; replyText: string | null };

/**
 * The audit trail of a seeded contact message, as the inbox would have written it: the admin
 * opened it, replied, then closed or archived it (same actions and fields as lib/contact/admin-service.ts).
 */
async function seedInboxAudit(tx: Prisma.TransactionClient, adminId: string, messageId: number, state: SeededMessageState): Promise<number> {
  const entries: { action: string; at: Date; before: Record<string, Prisma.InputJsonValue | null>; after: Record<string, Prisma.InputJsonValue | null> }[] = [];
  if (state.readAt) {
    entries.push({ action: "contact_message.read", at: state.readAt, before: { status: "new", read_at: null }, after: { status: "read", read_at: state.readAt.toISOString() } });
  }
  if (state.repliedAt && state.replyText) {
    const at = state.repliedAt.toISOString();
    entries.push({
      action: "contact_message.reply",
      at: state.repliedAt,
      before: { status: "read", reply_text: null, replied_at: null, replied_by_id: null, reply_sent_at: null },
      after: { status: "replied", reply_text: state.replyText, replied_at: at, replied_by_id: adminId, reply_sent_at: at },
    });
  }
  if (state.status === "closed" || state.status === "archived") {
    const last = entries.at(-1);
    entries.push({
      action: state.status === "closed" ? "contact_message.close" : "contact_message.archive",
      at: new Date((last?.at.getTime() ?? Date.now()) + HOUR_MS),
      before: { status: last?.after.status ?? "new" },
      after: { status: state.status },
    });
  }
  for (const entry of entries) {
    await tx.auditLog.create({
      data: {
        actorId: adminId,
        action: entry.action,
        entityType: "contact_message",
        entityId: String(messageId),
        ipAddress: SEED_ADMIN_ADDRESS,
        details: { before: entry.before, after: entry.after },
        createdAt: entry.at,
      },
    });
  }
  return entries.length;
}

async function countNew(count: () => Promise<number>, work: () => Promise<unknown>): Promise<number> {
  const before = await count();
  await work();
  return (await count()) - before;
}

const TABLE_LABELS: Record<SeedTable, string> = {
  users: "usuarios",
  siteSettings: "configuración",
  sectors: "sectores",
  technologies: "tecnologías",
  products: "productos",
  services: "servicios",
  testimonials: "testimonios",
  pages: "páginas",
  caseStudies: "casos de éxito",
  subscriptions: "suscripciones",
  invoices: "facturas",
  payments: "pagos",
  tickets: "tickets",
  ticketReplies: "respuestas de tickets",
  contactMessages: "mensajes de contacto",
  notifications: "notificaciones",
  replyTemplates: "plantillas de respuesta",
  auditLogs: "registros de actividad",
  catalogVersions: "versiones del catálogo",
};

/** One line for the console, e.g. "Seed completado: 96 registros nuevos (usuarios 2, …)". */
export function formatSeedSummary(summary: SeedSummary): string {
  const parts = SEED_TABLES.map((table) => `${TABLE_LABELS[table]} ${summary.created[table]}`).join(", ");
  return summary.total === 0
    ? `Seed completado: 0 registros nuevos, la base de datos ya estaba al día (${parts}).`
    : `Seed completado: ${summary.total} registros nuevos (${parts}).`;
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL?.trim();
  if (!url) {
    console.error("Error: falta la variable de entorno DATABASE_URL (DATABASE_URL is not set); no se ejecutó el seed.");
    process.exit(1);
  }
  const { createPrismaClient } = await import("../lib/db");
  const db = createPrismaClient(url);
  try {
    console.log(formatSeedSummary(await seedDatabase(db)));
  } catch (error) {
    console.error(error instanceof Error ? error.message : `Seed fallido: ${String(error)}`);
    process.exitCode = 1;
  } finally {
    await db.$disconnect();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
