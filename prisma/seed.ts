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
import { randomBytes, randomUUID } from "node:crypto";
import { pathToFileURL } from "node:url";
import { hashPassword } from "../lib/auth/password";
import type { ContactStatus, Prisma, PrismaClient, TicketStatus } from "../lib/generated/prisma/client";
import { addDays, businessDate, dateColumn } from "../lib/dates";
import { PRIVACY_POLICY_VERSION } from "../lib/legal/privacy";
import { formatInvoiceNumber, INVOICE_SERIES } from "../lib/billing/labels";
import { addMoney, balanceDue, compareMoney, invoiceTotals, type InvoiceTotals } from "../lib/billing/money";
import { otherClientAccounts } from "./seed-data/billing-clients";
import { seedCollections, seedPaymentReports } from "./seed-collections";
import { caseStudies } from "./seed-data/case-studies";
import { demoClientAccount } from "./seed-data/demo-account";
import { adminNotifications, contactMessages, QUOTED_REPLY_DATE, replyTemplates } from "./seed-data/inbox";
import { contactMessageHistory } from "./seed-data/inbox-history";
import { pages } from "./seed-data/pages";
import { products } from "./seed-data/products";
import { sectors } from "./seed-data/sectors";
import { services } from "./seed-data/services";
import { siteSettings } from "./seed-data/site-settings";
import { seedElectronicInvoicing } from "./seed-sunat";
import { seedLegalRecords } from "./seed-legal";
import { technologies } from "./seed-data/technologies";
import { testimonials } from "./seed-data/testimonials";
import type { CatalogItemSeed, ClientAccountSeed, ContactEntrySeed, ContactMessageSeed, InvoiceSeed, PaymentSeed, TicketSeed } from "./seed-data/types";
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
  "contactEntries",
  "inboundEmails",
  "notifications",
  "replyTemplates",
  "auditLogs",
  "catalogVersions",
  "media",
  "invoiceReminders",
  "paymentReports",
  "complaints",
  "dataRequests",
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
  /** Who the payment reports seeded after the transaction belong to (set inside it). */
  const reportOwners: { ids: { demoClientId: string; adminId: string } | null } = { ids: null };

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
              // As if accepted on the registration form.
              privacyVersion: PRIVACY_POLICY_VERSION,
              privacyAcceptedAt: now,
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

        // ── Collections: how to pay, and the reminders the billing run sent ───
        const collections = await seedCollections(tx, { today, instantOn });
        created.invoiceReminders += collections.reminders;
        created.auditLogs += collections.auditLogs;
        reportOwners.ids = { demoClientId: client.id, adminId: admin.id };

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
              const at = hoursLater(ticket.createdAt, reply.hoursAfterTicket);
              const fromStaff = reply.author === "admin";
              await tx.ticketReply.create({
                data: {
                  ticketId: ticket.id,
                  authorId,
                  fromStaff,
                  body: reply.body,
                  createdAt: at,
                  // A demo staff reply was e-mailed when it was written; a client's may have come back by e-mail.
                  ...(fromStaff
                    ? { deliveryStatus: "sent" as const, attemptedAt: at, sentAt: at, serverResponse: "250 2.0.0 Ok: queued", mailMessageId: `<${randomUUID()}@lumenti.pe>` }
                    : reply.emailedOriginal
                      ? { viaEmail: true, originalText: reply.emailedOriginal, fromAddress: user.email, mailMessageId: `<${randomUUID()}@cliente.pe>` }
                      : {}),
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
        // ── Contact inbox (each message with its conversation) and the admin's notifications ──
        for (const m of [...contactMessages, ...contactMessageHistory]) {
          const exists = await tx.contactMessage.findFirst({
            where: { email: m.email, subject: m.subject },
            select: { id: true },
          });
          if (exists) continue;
          const plan = planConversation(m, daysAgo(m.receivedDaysAgo));
          const message = await tx.contactMessage.create({
            data: {
              name: m.name,
              email: m.email,
              phone: m.phone,
              company: m.company,
              subject: m.subject,
              message: m.message,
              status: m.status,
              ipAddress: m.ipAddress,
              userAgent: m.userAgent,
              sectorId: sectorId(m.sectorSlug),
              createdAt: plan.receivedAt,
              readAt: plan.readAt,
              repliedAt: plan.repliedAt,
              firstResponseAt: plan.firstResponseAt,
              previousStatus: plan.previousStatus,
              statusChangedAt: plan.statusChangedAt,
              assignedToId: m.assignedToAdmin ? admin.id : null,
              // Sent through the contact form, whose consent box is required.
              privacyVersion: PRIVACY_POLICY_VERSION,
              privacyAcceptedAt: plan.receivedAt,
            },
            select: { id: true },
          });
          created.contactMessages += 1;
          const seeded = await seedConversation(tx, { id: admin.id, name: admin.name }, { id: message.id, email: m.email, subject: m.subject }, plan);
          created.contactEntries += seeded.entries;
          created.inboundEmails += seeded.inboundEmails;
          created.auditLogs += seeded.auditLogs;
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
        // ── Libro de Reclamaciones and requests about personal data ──────────
        const legal = await seedLegalRecords(tx, { today, instantOn, adminId: admin.id, adminName: admin.name });
        created.complaints += legal.complaints;
        created.dataRequests += legal.dataRequests;

        created.media += (await tx.mediaItem.count()) - mediaBefore;
      },
      { timeout: 120_000, maxWait: 20_000 },
    );
  } catch (error) {
    await discardDemoUploads(demoUploads);
    throw error;
  }

  // Payments clients reported, with their vouchers: files first, so after the transaction.
  if (reportOwners.ids) {
    const reports = await seedPaymentReports(db, { today, instantOn, ...reportOwners.ids });
    created.paymentReports += reports.paymentReports;
    created.auditLogs += reports.auditLogs;
    created.notifications += reports.notifications;
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

/** Where the demo admin's seeded actions came from (a documentation address, RFC 5737). */
const SEED_ADMIN_ADDRESS = "192.0.2.10";

/** The demo mail server's answer to every seeded reply that went out. */
const SEED_SERVER_RESPONSE = "250 2.0.0 Ok: queued";

type ConversationStep =
  | { at: Date; kind: "read" }
  | { at: Date; kind: "assigned" }
  | { at: Date; kind: "entry"; entry: ContactEntrySeed }
  | { at: Date; kind: "status"; from: ContactStatus; to: "closed" | "archived" };

/** A seeded message's final timestamps and the steps of its conversation, in order. */
type ConversationPlan = {
  receivedAt: Date;
  readAt: Date | null;
  repliedAt: Date | null;
  firstResponseAt: Date | null;
  previousStatus: ContactStatus | null;
  statusChangedAt: Date | null;
  steps: ConversationStep[];
};

/**
 * How a seeded conversation unfolded, as the inbox and the inbound mail would have made it: the
 * demo admin opens the message within two hours (or when first acting on it) and takes it when
 * assigned; each entry comes `hoursAfter` arrival; the visitor's e-mailed answer makes it unread
 * again (`new`), so the admin opens it again before acting; a close or an archive comes an hour
 * after the last entry. The first reply written is `replied_at`; the first one the mail server
 * took is the first response. Throws when the steps do not end in the seed's status.
 */
function planConversation(m: ContactMessageSeed, receivedAt: Date): ConversationPlan {
  const after = (hours: number) => new Date(receivedAt.getTime() + hours * HOUR_MS);
  const thread = [...(m.thread ?? [])].sort((x, y) => x.hoursAfter - y.hoursAfter);
  const steps: ConversationStep[] = [];
  let status: ContactStatus = "new";
  let readAt: Date | null = null;
  let statusChangedAt: Date | null = null;
  let previousStatus: ContactStatus | null = null;
  const open = (at: Date) => {
    steps.push({ at, kind: "read" });
    status = "read";
    readAt = at;
  };
  if (m.status !== "new") open(after(Math.min(2, thread[0]?.hoursAfter ?? 2)));
  if (m.assignedToAdmin) steps.push({ at: readAt ?? receivedAt, kind: "assigned" });
  for (const entry of thread) {
    const at = after(entry.hoursAfter);
    if (entry.kind === "inbound") {
      steps.push({ at, kind: "entry", entry });
      if (status !== "new") {
        status = "new";
        statusChangedAt = at;
        previousStatus = null;
      }
      continue;
    }
    if (status === "new") open(at);
    steps.push({ at, kind: "entry", entry });
    if (entry.kind === "reply") status = "replied";
  }
  if (m.status === "closed" || m.status === "archived") {
    statusChangedAt = new Date((steps.at(-1)?.at ?? receivedAt).getTime() + HOUR_MS);
    previousStatus = status;
    steps.push({ at: statusChangedAt, kind: "status", from: status, to: m.status });
    status = m.status;
  }
  if (status !== m.status) throw new Error(`Seed: la conversación "${m.subject}" termina en ${status}, no en ${m.status}.`);
  const replies = thread.filter((entry) => entry.kind === "reply");
  const sent = replies.find((entry) => (entry.delivery?.status ?? "sent") === "sent");
  return {
    receivedAt,
    readAt,
    repliedAt: replies[0] ? after(replies[0].hoursAfter) : null,
    firstResponseAt: sent ? after(sent.hoursAfter) : null,
    previousStatus,
    statusChangedAt,
    steps,
  };
}

/** A Lima date as a Spanish mail client writes it above the text it quotes. */
const quotedDate = (date: Date) =>
  new Intl.DateTimeFormat("es-PE", { dateStyle: "medium", timeStyle: "short", timeZone: "America/Lima" }).format(date);

/**
 * Writes a seeded message's thread and its audit trail as the app would have: the demo admin
 * opened it (contact_message.read), took it (assign, with its "assigned" event), replied (a reply
 * entry e-mailed with its Message-ID, sent or failed; contact_message.reply), wrote notes
 * (contact_note.create), then closed or archived it (with its event). A visitor's e-mailed answer
 * is an inbound entry logged in inbound_emails, which the system (no actor) audits when it makes
 * the conversation unread. Audit details keep only the fields that changed, in the API's names
 * (lib/contact/message-state.ts auditState).
 */
async function seedConversation(
  tx: Prisma.TransactionClient,
  admin: { id: string; name: string },
  message: { id: number; email: string; subject: string },
  plan: ConversationPlan,
): Promise<{ entries: number; inboundEmails: number; auditLogs: number }> {
  const messageId = message.id;
  const state: Record<string, string | null> = { status: "new", read_at: null, replied_at: null, assigned_to: null };
  const created = { entries: 0, inboundEmails: 0, auditLogs: 0 };
  let lastReplyAt: Date | null = null;
  const audit = async (action: string, at: Date, change: Record<string, string | null>, actorId: string | null = admin.id) => {
    const before: Record<string, string | null> = {};
    const after: Record<string, string | null> = {};
    for (const [key, value] of Object.entries(change)) {
      if (state[key] === value) continue;
      before[key] = state[key] ?? null;
      after[key] = value;
      state[key] = value;
    }
    await tx.auditLog.create({
      data: {
        actorId,
        action,
        entityType: "contact_message",
        entityId: String(messageId),
        ipAddress: actorId ? SEED_ADMIN_ADDRESS : null,
        details: { before, after },
        createdAt: at,
      },
    });
    created.auditLogs += 1;
  };
  const event = async (at: Date, name: string, data: Record<string, string | number | null>) => {
    await tx.contactEntry.create({ data: { messageId, kind: "event", event: name, data, authorId: admin.id, createdAt: at } });
    created.entries += 1;
  };

  for (const [index, step] of plan.steps.entries()) {
    if (step.kind === "read") {
      await audit("contact_message.read", step.at, { status: "read", read_at: step.at.toISOString() });
    } else if (step.kind === "assigned") {
      await audit("contact_message.assign", step.at, { assigned_to: admin.id });
      await event(step.at, "assigned", { to_id: admin.id, to_name: admin.name });
    } else if (step.kind === "status") {
      await audit(step.to === "closed" ? "contact_message.close" : "contact_message.archive", step.at, { status: step.to });
      await event(step.at, step.to, { from: step.from, to: step.to });
    } else if (step.entry.kind === "reply") {
      const delivery = step.entry.delivery ?? { status: "sent" as const };
      await tx.contactEntry.create({
        data: {
          messageId,
          kind: "reply",
          body: step.entry.body,
          authorId: admin.id,
          mailMessageId: `<seed-c${messageId}-${index}@lumenti.pe>`,
          deliveryStatus: delivery.status,
          attemptedAt: step.at,
          sentAt: delivery.status === "sent" ? step.at : null,
          serverResponse: delivery.status === "sent" ? SEED_SERVER_RESPONSE : null,
          deliveryError: delivery.status === "failed" ? delivery.error : null,
          createdAt: step.at,
        },
      });
      created.entries += 1;
      lastReplyAt = step.at;
      await audit("contact_message.reply", step.at, { status: "replied", replied_at: plan.repliedAt?.toISOString() ?? null });
    } else if (step.entry.kind === "inbound") {
      const originalText = step.entry.originalText.replace(QUOTED_REPLY_DATE, quotedDate(lastReplyAt ?? plan.receivedAt));
      const mailMessageId = `<seed-c${messageId}-${index}.respuesta@mail.example.pe>`;
      const logged = await tx.inboundEmail.create({
        data: {
          via: "smtp",
          messageId: mailMessageId,
          fromAddress: message.email,
          subject: `Re: ${message.subject} [#C-${messageId}]`.slice(0, 255),
          bytes: Buffer.byteLength(originalText) + 2_400,
          outcome: "contact_entry",
          relatedType: "contact_message",
          relatedId: String(messageId),
          reason: "Asociado por las cabeceras de respuesta.",
          receivedAt: step.at,
        },
        select: { id: true },
      });
      created.inboundEmails += 1;
      await tx.contactEntry.create({
        data: {
          messageId,
          kind: "inbound",
          body: step.entry.body,
          originalText,
          fromAddress: message.email,
          authWarning: step.entry.authWarning ?? null,
          mailMessageId,
          inboundEmailId: logged.id,
          createdAt: step.at,
        },
      });
      created.entries += 1;
      if (state.status !== "new") await audit("contact_message.inbound", step.at, { status: "new" }, null);
    } else {
      const note = await tx.contactEntry.create({
        data: { messageId, kind: "note", body: step.entry.body, authorId: admin.id, createdAt: step.at },
        select: { id: true },
      });
      created.entries += 1;
      await tx.auditLog.create({
        data: {
          actorId: admin.id,
          action: "contact_note.create",
          entityType: "contact_note",
          entityId: String(note.id),
          ipAddress: SEED_ADMIN_ADDRESS,
          details: { before: null, after: { message_id: messageId, body: step.entry.body } },
          createdAt: step.at,
        },
      });
      created.auditLogs += 1;
    }
  }
  return created;
}

/** Runs `work` and returns how many rows `count` grew by (the rows the upserts created). */
async function countNew(count: () => Promise<number>, work: () => Promise<unknown>): Promise<number> {
  const before = await count();
  await work();
  return (await count()) - before;
}

const TABLE_LABELS: Record<SeedTable, string> = {
  users: "usuarios",
  siteSettings: "configuración",
  invoiceReminders: "recordatorios de pago",
  paymentReports: "pagos informados",
  complaints: "hojas de reclamación",
  dataRequests: "solicitudes ARCO",
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
  contactEntries: "entradas de conversaciones",
  inboundEmails: "correos entrantes",
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
