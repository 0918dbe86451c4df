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
import { randomBytes } from "node:crypto";
import { pathToFileURL } from "node:url";
import { hashPassword } from "../lib/auth/password";
import type { Prisma, PrismaClient, TicketStatus } from "../lib/generated/prisma/client";
import { addDays, businessDate, dateColumn } from "../lib/dates";
import { formatInvoiceNumber, INVOICE_SERIES } from "../lib/billing/labels";
import { addMoney, balanceDue, compareMoney, invoiceTotals, type InvoiceTotals } from "../lib/billing/money";
import { otherClientAccounts } from "./seed-data/billing-clients";
import { caseStudies } from "./seed-data/case-studies";
import { demoClientAccount } from "./seed-data/demo-account";
import { adminNotifications, contactMessages, replyTemplates } from "./seed-data/inbox";
import { contactMessageHistory } from "./seed-data/inbox-history";
import { pages } from "./seed-data/pages";
import { products } from "./seed-data/products";
import { sectors } from "./seed-data/sectors";
import { services } from "./seed-data/services";
import { siteSettings } from "./seed-data/site-settings";
import { seedElectronicInvoicing } from "./seed-sunat";
import { technologies } from "./seed-data/technologies";
import { testimonials } from "./seed-data/testimonials";
import type { CatalogItemSeed, ClientAccountSeed, InvoiceSeed, PaymentSeed, TicketSeed } from "./seed-data/types";
import { CATALOG_MEDIA_INCLUDE, serializeCatalogItem } from "../lib/catalog/serialize";
import { discardDemoUploads, prepareDemoUploads, seedDemoUploads, siteImageId } from "./seed-media";
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
  "invoiceLines",
  "payments",
  "electronicDocuments",
  "tickets",
  "ticketReplies",
  "ticketEvents",
  "contactMessages",
  "notifications",
  "replyTemplates",
  "auditLogs",
  "catalogVersions",
  "media",
] as const;
export type SeedTable = (typeof SEED_TABLES)[number];

/** Rows created by one run, per table; `total` is their sum (0 on a re-run). */
export interface SeedSummary {
  created: Record<SeedTable, number>;
  total: number;
}

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
  /** Today in Lima ("YYYY-MM-DD"): invoices are dated in calendar days (lib/billing/dates.ts). */
  const today = businessDate(now);
  /** A time of a Lima calendar day (UTC-5, no daylight saving), never later than now. */
  const instantOn = (day: string, time = "12:00") => {
    const instant = new Date(`${day}T${time}:00-05:00`);
    return instant.getTime() > now.getTime() ? now : instant;
  };

  const created = Object.fromEntries(SEED_TABLES.map((table) => [table, 0])) as Record<SeedTable, number>;
  // The demo uploads' files are written first (storage is not transactional) and removed again
  // if the transaction fails.
  const demoUploads = await prepareDemoUploads(db);

  try {
    await db.$transaction(
      async (tx) => {
        // ── Accounts ──────────────────────────────────────────────────────────
        const ensureUser = async (account: SeedAccount, role: "admin" | "client", profile: { name: string; image: string | null; billingName?: string; taxId?: string }) => {
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
              passwordHash: await hashPassword(account.password),
              // The demo accounts' addresses count as verified (they can link Google at once).
              emailVerified: now,
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

        // Images are items of the media library: the site's own files, imported once each.
        const mediaBefore = await tx.mediaItem.count();
        const upsertCatalog = async (kind: "product" | "service", items: CatalogItemSeed[]) =>
          countNew(
            () => tx.catalogItem.count({ where: { kind } }),
            async () => {
              for (const { image, galleryImages, ...item } of items) {
                const exists = await tx.catalogItem.findUnique({ where: { kind_slug: { kind, slug: item.slug } }, select: { id: true } });
                if (exists) continue;
                const imageId = await siteImageId(tx, image, `Imagen de ${item.name}`);
                const galleryIds: number[] = [];
                for (const [index, sitePath] of galleryImages.entries()) galleryIds.push(await siteImageId(tx, sitePath, `${item.name}: imagen ${index + 1}`));
                await tx.catalogItem.create({
                  data: { kind, ...item, imageId, gallery: { create: galleryIds.map((mediaId, position) => ({ position, mediaId })) } },
                });
              }
            },
          );
        created.products += await upsertCatalog("product", products);
        created.services += await upsertCatalog("service", services);
        await seedDemoUploads(tx, demoUploads, admin.id);

        // ── Catalogue history ("Historial"): every seeded item has its version 1 by the
        // seeded admin; one product has a second save, so the history shows a real change. Only
        // items without any version get them (an admin's saves are never touched).
        {
          const seeded = await tx.catalogItem.findMany({
            where: { OR: [{ kind: "product", slug: { in: products.map((p) => p.slug) } }, { kind: "service", slug: { in: services.map((s) => s.slug) } }], versions: { none: {} } },
            orderBy: { id: "asc" },
            include: CATALOG_MEDIA_INCLUDE,
          });
          for (const row of seeded) {
            const snapshot: Partial<ReturnType<typeof serializeCatalogItem>> = serializeCatalogItem(row);
            delete snapshot.id;
            delete snapshot.created_at;
            delete snapshot.updated_at;
            delete snapshot.image_set;
            delete snapshot.gallery_image_sets;
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
          const { sectorSlug, daysAgo: age, image, ...data } = t;
          const imageId = image ? await siteImageId(tx, image, `Foto de ${t.clientName}`) : null;
          await tx.testimonial.create({ data: { ...data, imageId, sectorId: sectorId(sectorSlug), createdAt: daysAgo(age) } });
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

        // ── Client accounts: billing and support history ──────────────────────
        // The demo client (María Quispe) and three more customers. Subscriptions and tickets are
        // found by plan name and subject; an account's invoices (with their lines and payments)
        // are seeded only while it has none, numbered by the plan of every seeded invoice.
        const clientAccounts: { user: { id: string; email: string }; seed: ClientAccountSeed }[] = [
          { user: client, seed: { ...demoClientAccount, email: client.email } },
        ];
        for (const account of otherClientAccounts) {
          const password = randomBytes(24).toString("base64url"); // not a demo login
          const user = await ensureUser({ email: account.email, password }, "client", account);
          clientAccounts.push({ user, seed: account });
        }

        const subscriptionIds = new Map<string, number>(); // "userId planName" → id
        for (const { user, seed } of clientAccounts) {
          for (const s of seed.subscriptions) {
            const existing = await tx.subscription.findFirst({ where: { userId: user.id, planName: s.planName }, select: { id: true } });
            if (existing) {
              subscriptionIds.set(`${user.id} ${s.planName}`, existing.id);
              continue;
            }
            const item = await tx.catalogItem.findUnique({
              where: { kind_slug: { kind: s.catalogKind, slug: s.catalogSlug } },
              select: { id: true },
            });
            const startedAt = monthsAgo(s.startedMonthsAgo);
            const row = await tx.subscription.create({
              data: {
                userId: user.id,
                catalogItemId: item?.id ?? null,
                planName: s.planName,
                amount: s.amount,
                currency: s.currency,
                billingPeriod: s.billingPeriod,
                status: s.status,
                startedAt,
                createdAt: startedAt,
                nextBillingDate: s.nextBillingInDays === null ? null : dateColumn(addDays(today, s.nextBillingInDays)),
                cancelledAt: s.cancelledMonthsAgo === null ? null : monthsAgo(s.cancelledMonthsAgo),
                cancelRequestedAt: s.cancelRequest ? daysAgo(s.cancelRequest.daysAgo) : null,
                cancelReason: s.cancelRequest?.reason ?? null,
              },
            });
            subscriptionIds.set(`${user.id} ${s.planName}`, row.id);
            created.subscriptions += 1;
          }
        }

        const withoutInvoices = new Set<string>();
        for (const { user } of clientAccounts) {
          if ((await tx.invoice.count({ where: { userId: user.id } })) === 0) withoutInvoices.add(user.id);
        }
        const seededInvoiceIds: number[] = [];
        // Every planned invoice in number order (so ids follow numbers), interleaving the clients.
        for (const planned of planInvoices(clientAccounts.map((account) => account.seed))) {
          const { user, seed: account } = clientAccounts[planned.account];
          if (!withoutInvoices.has(user.id)) continue;
          // A number already used (an invoice issued before the demo history) is left alone.
          if (await tx.invoice.findUnique({ where: { invoiceNumber: planned.invoiceNumber }, select: { id: true } })) continue;
          const inv = planned.invoice;
          const issuedOn = addDays(today, -inv.issuedDaysAgo);
          const payments = planned.payments.map((payment) => ({ ...payment, paidAt: instantOn(addDays(issuedOn, payment.paidDaysAfterIssue)) }));
          const paidAt = planned.status === "paid" ? payments[payments.length - 1].paidAt : null;
          const seededInvoice = await tx.invoice.create({
            data: {
              invoiceNumber: planned.invoiceNumber,
              series: planned.series,
              sequence: planned.sequence,
              userId: user.id,
              subscriptionId: inv.subscriptionPlan ? (subscriptionIds.get(`${user.id} ${inv.subscriptionPlan}`) ?? null) : null,
              periodStart: inv.subscriptionPlan ? dateColumn(issuedOn) : null,
              description: inv.description,
              subtotal: planned.totals.subtotal,
              taxAmount: planned.totals.tax_amount,
              amount: planned.totals.total,
              amountPaid: planned.amountPaid,
              currency: inv.currency,
              status: planned.status,
              ...issuer,
              customerName: account.billingName,
              customerTaxId: account.taxId,
              customerEmail: user.email,
              issuedAt: dateColumn(issuedOn),
              dueDate: dateColumn(addDays(issuedOn, inv.dueInDaysAfterIssue)),
              paidAt,
              cancelledAt: inv.cancelled ? instantOn(addDays(issuedOn, inv.cancelled.daysAfterIssue)) : null,
              cancelReason: inv.cancelled?.reason ?? null,
              createdAt: instantOn(issuedOn, "09:00"),
              lines: {
                create: inv.lines.map((line, index) => ({
                  position: index + 1,
                  description: line.description,
                  quantity: line.quantity,
                  unitPrice: line.unitPrice,
                  lineTotal: planned.totals.line_totals[index],
                })),
              },
              payments: {
                create: payments.map((payment) => ({
                  userId: user.id,
                  amount: payment.amount,
                  currency: inv.currency,
                  method: payment.method,
                  reference: payment.reference,
                  status: "completed" as const,
                  paidAt: payment.paidAt,
                  createdAt: payment.paidAt,
                })),
              },
            },
          });
          seededInvoiceIds.push(seededInvoice.id);
          created.invoices += 1;
          created.invoiceLines += inv.lines.length;
          created.payments += payments.length;
        }

        // Invoice numbering continues after the highest number of each series.
        await tx.$executeRaw`
          INSERT INTO invoice_series (series, last_number)
          SELECT series, max(sequence) FROM invoices GROUP BY series
          ON CONFLICT (series) DO UPDATE SET last_number = GREATEST(invoice_series.last_number, EXCLUDED.last_number)`;

        // ── Electronic invoicing: fiscal data, test certificate, SUNAT history ──
        created.electronicDocuments += await seedElectronicInvoicing(tx, { today, invoiceIds: seededInvoiceIds, env, demoClientId: client.id });

        // ── Support tickets, with staff replies and their status changes ──────
        for (const { user, seed } of clientAccounts) {
          for (const t of seed.tickets) {
            assertTicketSeed(t);
            const createdAt = daysAgo(t.createdDaysAgo);
            const hoursLater = (base: Date, hours: number) => new Date(base.getTime() + hours * HOUR_MS);
            const lastEvent = t.events.at(-1);
            let ticket = await tx.ticket.findFirst({ where: { userId: user.id, subject: t.subject } });
            if (!ticket) {
              ticket = await tx.ticket.create({
                data: {
                  userId: user.id,
                  subject: t.subject,
                  description: t.description,
                  status: t.status,
                  priority: t.priority,
                  createdAt,
                  closedAt: (t.status === "resolved" || t.status === "closed") && lastEvent ? hoursLater(createdAt, lastEvent.hoursAfterTicket) : null,
                },
              });
              created.tickets += 1;
            }
            for (const reply of t.replies) {
              const authorId = reply.author === "admin" ? admin.id : user.id;
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
                  createdAt: hoursLater(ticket.createdAt, reply.hoursAfterTicket),
                },
              });
              created.ticketReplies += 1;
            }
            let from: TicketStatus = "open";
            for (const event of t.events) {
              const exists = await tx.ticketEvent.findFirst({ where: { ticketId: ticket.id, fromStatus: from, toStatus: event.to }, select: { id: true } });
              if (!exists) {
                await tx.ticketEvent.create({
                  data: { ticketId: ticket.id, actorId: admin.id, fromStatus: from, toStatus: event.to, createdAt: hoursLater(ticket.createdAt, event.hoursAfterTicket) },
                });
                created.ticketEvents += 1;
              }
              from = event.to;
            }
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
              replyStatus: repliedAt ? "sent" : null,
              replyAttemptedAt: repliedAt,
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
              adminOnly: true,
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
        created.media += (await tx.mediaItem.count()) - mediaBefore;
      },
      { timeout: 120_000, maxWait: 20_000 },
    );
  } catch (error) {
    await discardDemoUploads(demoUploads);
    throw error;
  }

  const total = Object.values(created).reduce((sum, n) => sum + n, 0);
  return { created, total };
}

/** One seeded invoice with its number, its exact totals, its payments' amounts and its status. */
export type PlannedInvoice = {
  /** Index of the account in the list given to planInvoices. */
  account: number;
  invoice: InvoiceSeed;
  series: string;
  sequence: number;
  invoiceNumber: string;
  totals: InvoiceTotals;
  payments: (PaymentSeed & { amount: string })[];
  amountPaid: string;
  status: "pending" | "paid" | "cancelled";
};

/**
 * Numbers the seeded invoices as the billing service would have issued them: per series (F001
 * for a customer with a RUC, B001 with a DNI), gap-free from 1, in the order they were issued
 * (oldest first; the same day in the accounts' order), interleaving the clients. Computes each
 * invoice's totals (lib/billing/money.ts), its payments (one without an amount settles the
 * balance) and its status (paid when the payments cover the total). Throws on seed data the
 * app could never have produced. Pure: the numbers do not depend on the day it runs.
 */
export function planInvoices(accounts: readonly Pick<ClientAccountSeed, "taxId" | "invoices">[]): PlannedInvoice[] {
  const entries = accounts.flatMap((account, accountIndex) =>
    account.invoices.map((invoice, position) => ({ account: accountIndex, invoice, position, taxId: account.taxId })),
  );
  entries.sort((a, b) => b.invoice.issuedDaysAgo - a.invoice.issuedDaysAgo || a.account - b.account || a.position - b.position);
  const last = new Map<string, number>();
  return entries.map(({ account, invoice, taxId }) => {
    const where = `Seed: factura "${invoice.description}" (${invoice.issuedDaysAgo} días)`;
    if (invoice.lines.length < 1 || invoice.lines.length > 3) throw new Error(`${where}: debe tener de 1 a 3 líneas.`);
    if (invoice.cancelled && invoice.payments.length > 0) throw new Error(`${where}: una factura anulada no tiene pagos.`);
    const series = taxId.length === 11 ? INVOICE_SERIES.factura : INVOICE_SERIES.boleta;
    const sequence = (last.get(series) ?? 0) + 1;
    last.set(series, sequence);
    const totals = invoiceTotals(invoice.lines.map((line) => ({ quantity: line.quantity, unit_price: line.unitPrice })));
    let amountPaid = "0.00";
    const payments = invoice.payments.map((payment) => {
      if (payment.paidDaysAfterIssue > invoice.issuedDaysAgo) throw new Error(`${where}: un pago no puede ser posterior a hoy.`);
      const amount = payment.amount ?? balanceDue(totals.total, amountPaid);
      amountPaid = addMoney(amountPaid, amount);
      if (compareMoney(amount, 0) <= 0 || compareMoney(amountPaid, totals.total) > 0) throw new Error(`${where}: los pagos superan el total.`);
      return { ...payment, amount };
    });
    const status = invoice.cancelled ? "cancelled" : compareMoney(amountPaid, totals.total) === 0 ? "paid" : "pending";
    return { account, invoice, series, sequence, invoiceNumber: formatInvoiceNumber(series, sequence), totals, payments, amountPaid, status };
  });
}

/** A ticket's events must lead from "open" to its status, each a real change. */
function assertTicketSeed(ticket: TicketSeed): void {
  let from: TicketStatus = "open";
  for (const event of ticket.events) {
    if (event.to === from) throw new Error(`Seed: ticket "${ticket.subject}": el cambio de estado a ${event.to} no cambia nada.`);
    from = event.to;
  }
  if (from !== ticket.status) throw new Error(`Seed: ticket "${ticket.subject}": su último cambio de estado no lleva a ${ticket.status}.`);
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
 * opened it, replied, then closed or archived it (same actions and fields as lib/contact/inbox.ts
 * and reply-delivery.ts).
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
  invoiceLines: "líneas de factura",
  payments: "pagos",
  electronicDocuments: "comprobantes electrónicos",
  tickets: "tickets",
  ticketReplies: "respuestas de tickets",
  ticketEvents: "cambios de estado de tickets",
  contactMessages: "mensajes de contacto",
  notifications: "notificaciones",
  replyTemplates: "plantillas de respuesta",
  auditLogs: "registros de actividad",
  catalogVersions: "versiones del catálogo",
  media: "imágenes de la biblioteca",
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
