import "server-only";
import { moneyString } from "@/lib/billing/money";
import { invoiceState } from "@/lib/billing/state";
import { businessDate, calendarDate } from "@/lib/dates";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { PRIVACY_POLICY_VERSION } from "@/lib/legal/privacy";
import { MY_DATA_GROUPS, type MyDataGroup } from "./data-map";

// "Mis datos": everything the product holds about one person, as one JSON document (snake_case
// keys, instants in ISO 8601 UTC, calendar days as "YYYY-MM-DD", money as decimal strings beside
// their currency). Credentials never appear: no password hash, no second-factor secret or
// recovery codes, no token or token hash of any kind. Every table is read in batches by id, one
// section after the other, so the route can stream the file and a person with thousands of rows
// never has them all in memory; collectMyData gathers the same sections into one object.
// Which table feeds which group is the data map (lib/privacy/data-map.ts).

/** Rows read per query; nested groups (invoices, tickets, conversations) read fewer at a time. */
const BATCH = 500;
const NESTED_BATCH = 50;

export const MY_DATA_EXPLANATION =
  "Este archivo reúne todos los datos personales que Lumen Consultoría TI guarda sobre ti en su plataforma, " +
  "como lo prevén la Ley N.° 29733 de Protección de Datos Personales y su reglamento (D.S. 016-2024-JUS). " +
  "Cada grupo corresponde a una parte del servicio: tu perfil, tus suscripciones, comprobantes y pagos (que " +
  "conservamos el tiempo que exige la ley tributaria), tus tickets de soporte, los mensajes que nos enviaste " +
  "desde tu correo, las hojas del Libro de Reclamaciones, tus solicitudes sobre datos personales, tus " +
  "notificaciones, tus sesiones y accesos a la API, el registro de actividad de tu cuenta y los correos que te " +
  "enviamos o recibimos de ti. Por seguridad no incluimos contraseñas, códigos ni claves de acceso (solo " +
  "guardamos sus huellas cifradas). Las fechas con hora están en UTC; los importes, en la moneda indicada. " +
  "Si encuentras un dato incorrecto puedes corregirlo en Mi perfil o escribirnos.";

const iso = (value: Date | null | undefined): string | null => (value ? value.toISOString() : null);
const day = (value: Date | null | undefined): string | null => (value ? calendarDate(value) : null);
const money = (value: Prisma.Decimal | string | number): string => moneyString(value.toString());
/** Case-insensitive equality: addresses typed by people may have capitals. */
const sameAddress = (email: string) => ({ equals: email, mode: "insensitive" as const });

// ── The person ─────────────────────────────────────────────────────────────────────────────

const PROFILE_SELECT = {
  id: true,
  name: true,
  email: true,
  emailVerified: true,
  image: true,
  role: true,
  billingName: true,
  taxId: true,
  signature: true,
  privacyVersion: true,
  privacyAcceptedAt: true,
  totpEnabledAt: true,
  anonymizedAt: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.UserSelect;

type ProfileRow = Prisma.UserGetPayload<{ select: typeof PROFILE_SELECT }>;

function profileOf(user: ProfileRow, recoveryCodesLeft: number) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    email_verified: user.emailVerified !== null,
    email_verified_at: iso(user.emailVerified),
    role: user.role,
    image: user.image,
    billing_name: user.billingName,
    tax_id: user.taxId,
    signature: user.signature,
    privacy_version: user.privacyVersion,
    privacy_accepted_at: iso(user.privacyAcceptedAt),
    second_factor: {
      enabled: user.totpEnabledAt !== null,
      enabled_since: iso(user.totpEnabledAt),
      recovery_codes_left: user.totpEnabledAt !== null ? recoveryCodesLeft : 0,
    },
    anonymized_at: iso(user.anonymizedAt),
    created_at: iso(user.createdAt),
    updated_at: iso(user.updatedAt),
  };
}

export type MyDataProfile = ReturnType<typeof profileOf>;

// ── One reader per group: each yields its rows in batches, oldest first ────────────────────

type Person = { id: string; email: string };

/**
 * Every row a query finds, `size` at a time, in the order of their ids: each batch asks for the
 * rows after the last id read (never an offset), so rows written meanwhile neither repeat nor
 * push others out, and only one batch is held at a time.
 */
async function* batchesById<Row extends { id: number }, Item>(options: {
  fetch: (after: { id?: { gt: number } }, take: number) => Promise<Row[]>;
  toItem: (row: Row) => Item;
  batchSize: number;
}): AsyncGenerator<Item[]> {
  let after: { id?: { gt: number } } = {};
  for (;;) {
    const rows = await options.fetch(after, options.batchSize);
    if (rows.length > 0) yield rows.map(options.toItem);
    if (rows.length < options.batchSize) return;
    after = { id: { gt: rows[rows.length - 1].id } };
  }
}

/** The same for tables whose ids are text (cuid). */
async function* batchesByTextId<Row extends { id: string }, Item>(options: {
  fetch: (after: { id?: { gt: string } }, take: number) => Promise<Row[]>;
  toItem: (row: Row) => Item;
  batchSize: number;
}): AsyncGenerator<Item[]> {
  let after: { id?: { gt: string } } = {};
  for (;;) {
    const rows = await options.fetch(after, options.batchSize);
    if (rows.length > 0) yield rows.map(options.toItem);
    if (rows.length < options.batchSize) return;
    after = { id: { gt: rows[rows.length - 1].id } };
  }
}

async function* linkedAccounts(person: Person) {
  yield* batchesByTextId({
    fetch: (after, take) =>
      db.account.findMany({
        where: { userId: person.id, ...after },
        orderBy: { id: "asc" },
        take,
        select: { id: true, provider: true, type: true, createdAt: true },
      }),
    toItem: (row) => ({ provider: row.provider, type: row.type, linked_at: iso(row.createdAt) }),
    batchSize: BATCH,
  });
}

async function* subscriptions(person: Person) {
  yield* batchesById({
    fetch: (after, take) =>
      db.subscription.findMany({
        where: { userId: person.id, ...after },
        orderBy: { id: "asc" },
        take,
      }),
    toItem: (row) => ({
      id: row.id,
      plan_name: row.planName,
      catalog_item_id: row.catalogItemId,
      amount: money(row.amount),
      currency: row.currency,
      billing_period: row.billingPeriod,
      status: row.status,
      started_at: iso(row.startedAt),
      next_billing_date: day(row.nextBillingDate),
      cancel_requested_at: iso(row.cancelRequestedAt),
      cancel_reason: row.cancelReason,
      cancelled_at: iso(row.cancelledAt),
      created_at: iso(row.createdAt),
    }),
    batchSize: BATCH,
  });
}

const INVOICE_INCLUDE = {
  lines: { orderBy: { position: "asc" } },
  payments: { orderBy: { id: "asc" }, select: { id: true, amount: true, currency: true, method: true, reference: true, status: true, paidAt: true } },
  creditNotes: {
    orderBy: { id: "asc" },
    include: { lines: { orderBy: { position: "asc" } }, electronicDocument: { select: { status: true } } },
  },
  electronicDocument: { select: { status: true, sentAt: true, answeredAt: true, responseCode: true, responseDescription: true } },
  reminders: { orderBy: { sentOn: "asc" }, select: { step: true, sentOn: true, daysLate: true } },
} as const satisfies Prisma.InvoiceInclude;

type InvoiceRow = Prisma.InvoiceGetPayload<{ include: typeof INVOICE_INCLUDE }>;

const lineOf = (line: { position: number; description: string; quantity: Prisma.Decimal; unitPrice: Prisma.Decimal; lineTotal: Prisma.Decimal }) => ({
  position: line.position,
  description: line.description,
  quantity: line.quantity.toString(),
  unit_price: money(line.unitPrice),
  line_total: money(line.lineTotal),
});

function invoiceOf(row: InvoiceRow, today: string) {
  return {
    id: row.id,
    number: row.invoiceNumber,
    document_type: row.series.startsWith("F") ? "factura" : row.series.startsWith("B") ? "boleta" : "comprobante",
    issued_at: day(row.issuedAt),
    due_date: day(row.dueDate),
    description: row.description,
    currency: row.currency,
    subtotal: money(row.subtotal),
    tax_rate: row.taxRate.toString(),
    tax_amount: money(row.taxAmount),
    total: money(row.amount),
    amount_paid: money(row.amountPaid),
    amount_credited: money(row.amountCredited),
    status: invoiceState({ status: row.status, amountPaid: row.amountPaid.toString(), dueDate: day(row.dueDate) }, today),
    paid_at: iso(row.paidAt),
    cancelled_at: iso(row.cancelledAt),
    cancel_reason: row.cancelReason,
    subscription_id: row.subscriptionId,
    period_start: day(row.periodStart),
    customer: { name: row.customerName, tax_id: row.customerTaxId, email: row.customerEmail },
    issuer: { name: row.issuerName, tax_id: row.issuerTaxId, address: row.issuerAddress },
    lines: row.lines.map(lineOf),
    payments: row.payments.map((payment) => ({
      id: payment.id,
      amount: money(payment.amount),
      currency: payment.currency,
      method: payment.method,
      reference: payment.reference,
      status: payment.status,
      paid_at: iso(payment.paidAt),
    })),
    credit_notes: row.creditNotes.map((note) => ({
      number: note.number,
      issued_at: day(note.issuedAt),
      reason_code: note.reasonCode,
      reason: note.description,
      currency: note.currency,
      subtotal: money(note.subtotal),
      tax_amount: money(note.taxAmount),
      total: money(note.amount),
      reversed_at: iso(note.reversedAt),
      sunat_status: note.electronicDocument?.status ?? null,
      lines: note.lines.map(lineOf),
    })),
    sunat: row.electronicDocument
      ? {
          status: row.electronicDocument.status,
          code: row.electronicDocument.responseCode,
          description: row.electronicDocument.responseDescription,
          sent_at: iso(row.electronicDocument.sentAt),
          answered_at: iso(row.electronicDocument.answeredAt),
        }
      : null,
    reminders: row.reminders.map((reminder) => ({ step: reminder.step, sent_on: day(reminder.sentOn), days_late: reminder.daysLate })),
    created_at: iso(row.createdAt),
  };
}

async function* invoices(person: Person) {
  const today = businessDate();
  yield* batchesById({
    fetch: (after, take) =>
      db.invoice.findMany({
        where: { userId: person.id, ...after },
        orderBy: { id: "asc" },
        take,
        include: INVOICE_INCLUDE,
      }),
    toItem: (row) => invoiceOf(row, today),
    batchSize: NESTED_BATCH,
  });
}

async function* payments(person: Person) {
  yield* batchesById({
    fetch: (after, take) =>
      db.payment.findMany({
        where: { userId: person.id, ...after },
        orderBy: { id: "asc" },
        take,
        include: { invoice: { select: { invoiceNumber: true } } },
      }),
    toItem: (row) => ({
      id: row.id,
      invoice_id: row.invoiceId,
      invoice_number: row.invoice?.invoiceNumber ?? null,
      amount: money(row.amount),
      currency: row.currency,
      method: row.method,
      reference: row.reference,
      status: row.status,
      paid_at: iso(row.paidAt),
      created_at: iso(row.createdAt),
    }),
    batchSize: BATCH,
  });
}

async function* paymentReports(person: Person) {
  yield* batchesById({
    fetch: (after, take) =>
      db.paymentReport.findMany({
        where: { userId: person.id, ...after },
        orderBy: { id: "asc" },
        take,
        include: { invoice: { select: { invoiceNumber: true } } },
      }),
    toItem: (row) => ({
      id: row.id,
      invoice_id: row.invoiceId,
      invoice_number: row.invoice.invoiceNumber,
      amount: money(row.amount),
      currency: row.currency,
      paid_on: day(row.paidOn),
      method: row.method,
      reference: row.reference,
      // The file itself stays in storage; it can be downloaded from the invoice in the portal.
      voucher: row.voucherKey ? { name: row.voucherName, mime: row.voucherMime, bytes: row.voucherBytes } : null,
      status: row.status,
      reject_reason: row.rejectReason,
      reviewed_at: iso(row.reviewedAt),
      payment_id: row.paymentId,
      created_at: iso(row.createdAt),
    }),
    batchSize: BATCH,
  });
}

async function* customerCredits(person: Person) {
  yield* batchesById({
    fetch: (after, take) =>
      db.customerCredit.findMany({
        where: { userId: person.id, ...after },
        orderBy: { id: "asc" },
        take,
      }),
    toItem: (row) => ({
      id: row.id,
      kind: row.kind,
      amount: money(row.amount),
      currency: row.currency,
      credit_note_id: row.creditNoteId,
      invoice_id: row.invoiceId,
      reference: row.reference,
      created_at: iso(row.createdAt),
    }),
    batchSize: BATCH,
  });
}

const ATTACHMENT_SELECT = { fileName: true, mime: true, bytes: true } as const satisfies Prisma.MailAttachmentSelect;
const attachmentOf = (file: { fileName: string; mime: string; bytes: number }) => ({ file_name: file.fileName, mime: file.mime, bytes: file.bytes });

/** Who did something on the person's own record: them, the consultancy's staff, or the system. */
const whoFor = (personId: string, actorId: string | null) => (actorId === null ? "system" : actorId === personId ? "me" : "staff");

async function* tickets(person: Person) {
  yield* batchesById({
    fetch: (after, take) =>
      db.ticket.findMany({
        where: { userId: person.id, ...after },
        orderBy: { id: "asc" },
        take,
        include: {
          replies: {
            orderBy: [{ createdAt: "asc" }, { id: "asc" }],
            select: { id: true, body: true, fromStaff: true, viaEmail: true, fromAddress: true, createdAt: true, attachments: { orderBy: { id: "asc" }, select: ATTACHMENT_SELECT } },
          },
          events: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { actorId: true, fromStatus: true, toStatus: true, createdAt: true } },
        },
      }),
    toItem: (row) => ({
      id: row.id,
      subject: row.subject,
      description: row.description,
      status: row.status,
      priority: row.priority,
      created_at: iso(row.createdAt),
      updated_at: iso(row.updatedAt),
      closed_at: iso(row.closedAt),
      replies: row.replies.map((reply) => ({
        id: reply.id,
        from: reply.fromStaff ? "staff" : "me",
        body: reply.body,
        via_email: reply.viaEmail,
        from_address: reply.fromStaff ? null : reply.fromAddress,
        attachments: reply.attachments.map(attachmentOf),
        created_at: iso(reply.createdAt),
      })),
      events: row.events.map((event) => ({ by: whoFor(person.id, event.actorId), from_status: event.fromStatus, to_status: event.toStatus, created_at: iso(event.createdAt) })),
    }),
    batchSize: NESTED_BATCH,
  });
}

async function* contactMessages(person: Person) {
  yield* batchesById({
    fetch: (after, take) =>
      db.contactMessage.findMany({
        where: { email: sameAddress(person.email), ...after },
        orderBy: { id: "asc" },
        take,
        select: {
          id: true,
          name: true,
          email: true,
          phone: true,
          company: true,
          subject: true,
          message: true,
          status: true,
          origin: true,
          ipAddress: true,
          userAgent: true,
          privacyVersion: true,
          privacyAcceptedAt: true,
          mergedIntoId: true,
          deletedAt: true,
          createdAt: true,
          sector: { select: { name: true } },
          entries: {
            orderBy: [{ createdAt: "asc" }, { id: "asc" }],
            select: { kind: true, body: true, event: true, fromAddress: true, deliveryStatus: true, sentAt: true, createdAt: true, attachments: { orderBy: { id: "asc" }, select: ATTACHMENT_SELECT } },
          },
        },
      }),
    toItem: (row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      company: row.company,
      sector: row.sector?.name ?? null,
      subject: row.subject,
      message: row.message,
      status: row.status,
      origin: row.origin,
      ip_address: row.ipAddress,
      user_agent: row.userAgent,
      privacy_version: row.privacyVersion,
      privacy_accepted_at: iso(row.privacyAcceptedAt),
      merged_into_id: row.mergedIntoId,
      deleted_at: iso(row.deletedAt),
      created_at: iso(row.createdAt),
      // Every entry of the conversation, the staff's internal notes included: they are about the person too.
      entries: row.entries.map((entry) => ({
        kind: entry.kind,
        body: entry.body,
        event: entry.event,
        from_address: entry.fromAddress,
        delivery_status: entry.deliveryStatus,
        sent_at: iso(entry.sentAt),
        attachments: entry.attachments.map(attachmentOf),
        created_at: iso(entry.createdAt),
      })),
    }),
    batchSize: NESTED_BATCH,
  });
}

async function* complaints(person: Person) {
  yield* batchesById({
    fetch: (after, take) =>
      db.complaint.findMany({
        where: { email: sameAddress(person.email), ...after },
        orderBy: { id: "asc" },
        take,
      }),
    toItem: (row) => ({
      number: row.number,
      kind: row.kind,
      consumer_name: row.consumerName,
      document_type: row.documentType,
      document_number: row.documentNumber,
      address: row.address,
      phone: row.phone,
      email: row.email,
      is_minor: row.isMinor,
      guardian_name: row.guardianName,
      guardian_document_type: row.guardianDocumentType,
      guardian_document_number: row.guardianDocumentNumber,
      good_type: row.goodType,
      good_description: row.goodDescription,
      amount_claimed: row.amountClaimed === null ? null : money(row.amountClaimed),
      currency: row.currency,
      detail: row.detail,
      consumer_request: row.consumerRequest,
      privacy_version: row.privacyVersion,
      privacy_accepted_at: iso(row.privacyAcceptedAt),
      ip_address: row.ipAddress,
      user_agent: row.userAgent,
      submitted_at: iso(row.submittedAt),
      due_date: day(row.dueDate),
      answer: row.answer,
      answered_at: iso(row.answeredAt),
    }),
    batchSize: BATCH,
  });
}

async function* dataRequests(person: Person) {
  yield* batchesById({
    fetch: (after, take) =>
      db.dataRequest.findMany({
        where: { OR: [{ userId: person.id }, { email: sameAddress(person.email) }], ...after },
        orderBy: { id: "asc" },
        take,
      }),
    toItem: (row) => ({
      id: row.id,
      kind: row.kind,
      status: row.status,
      name: row.name,
      email: row.email,
      document_type: row.documentType,
      document_number: row.documentNumber,
      detail: row.detail,
      privacy_version: row.privacyVersion,
      privacy_accepted_at: iso(row.privacyAcceptedAt),
      ip_address: row.ipAddress,
      submitted_at: iso(row.submittedAt),
      due_date: day(row.dueDate),
      resolved_at: iso(row.resolvedAt),
      resolution: row.resolution,
    }),
    batchSize: BATCH,
  });
}

async function* notifications(person: Person) {
  yield* batchesById({
    fetch: (after, take) =>
      db.notification.findMany({
        where: { userId: person.id, ...after },
        orderBy: { id: "asc" },
        take,
        select: { id: true, type: true, title: true, body: true, link: true, readAt: true, createdAt: true },
      }),
    toItem: (row) => ({ type: row.type, title: row.title, body: row.body, link: row.link, read_at: iso(row.readAt), created_at: iso(row.createdAt) }),
    batchSize: BATCH,
  });
}

async function* sessions(person: Person) {
  yield* batchesByTextId({
    // Never the token column: only when the session opened, was last refreshed and ends.
    fetch: (after, take) =>
      db.session.findMany({
        where: { userId: person.id, ...after },
        orderBy: { id: "asc" },
        take,
        select: { id: true, createdAt: true, updatedAt: true, expires: true },
      }),
    toItem: (row) => ({ created_at: iso(row.createdAt), last_seen_at: iso(row.updatedAt), expires_at: iso(row.expires) }),
    batchSize: BATCH,
  });
}

async function* apiTokens(person: Person) {
  yield* batchesById({
    fetch: (after, take) =>
      db.apiToken.findMany({
        where: { userId: person.id, ...after },
        orderBy: { id: "asc" },
        take,
        select: { id: true, name: true, createdAt: true, lastUsedAt: true, expiresAt: true },
      }),
    toItem: (row) => ({ name: row.name, created_at: iso(row.createdAt), last_used_at: iso(row.lastUsedAt), expires_at: iso(row.expiresAt) }),
    batchSize: BATCH,
  });
}

/** The audit entries whose entity is the person's own account ("user" and "profile" both name it by the user's id). */
const ABOUT_ME_ENTITIES = ["user", "profile"];

async function* auditEntries(person: Person) {
  yield* batchesById({
    fetch: (after, take) =>
      db.auditLog.findMany({
        where: {
          OR: [{ actorId: person.id }, { entityType: { in: ABOUT_ME_ENTITIES }, entityId: person.id }],
          ...after,
        },
        orderBy: { id: "asc" },
        take,
      }),
    toItem: (row) => {
      const aboutMe = ABOUT_ME_ENTITIES.includes(row.entityType) && row.entityId === person.id;
      const byMe = row.actorId === person.id;
      return {
        action: row.action,
        entity_type: row.entityType,
        entity_id: row.entityId,
        by: whoFor(person.id, row.actorId),
        // The address is the person's only when they made the change; a staff member's is theirs.
        ip_address: byMe ? row.ipAddress : null,
        // What changed is the person's data when the entry is about their account; on other
        // records (a staff member's work) it is someone else's, so only the action is given.
        details: aboutMe ? row.details : null,
        created_at: iso(row.createdAt),
      };
    },
    batchSize: BATCH,
  });
}

async function* emailsSentToMe(person: Person) {
  yield* batchesById({
    fetch: (after, take) =>
      db.outboundEmail.findMany({
        where: { recipient: sameAddress(person.email), ...after },
        orderBy: { id: "asc" },
        take,
        select: { id: true, kind: true, subject: true, status: true, relatedType: true, relatedId: true, createdAt: true },
      }),
    toItem: (row) => ({
      sent_at: iso(row.createdAt),
      kind: row.kind,
      subject: row.subject,
      status: row.status,
      related: row.relatedType ? { type: row.relatedType, id: row.relatedId } : null,
    }),
    batchSize: BATCH,
  });
}

async function* emailsReceivedFromMe(person: Person) {
  yield* batchesById({
    fetch: (after, take) =>
      db.inboundEmail.findMany({
        where: { fromAddress: sameAddress(person.email), ...after },
        orderBy: { id: "asc" },
        take,
        select: { id: true, via: true, subject: true, bytes: true, outcome: true, receivedAt: true },
      }),
    toItem: (row) => ({ received_at: iso(row.receivedAt), via: row.via, subject: row.subject, bytes: row.bytes, outcome: row.outcome }),
    batchSize: BATCH,
  });
}

const LIST_READERS = {
  linked_accounts: linkedAccounts,
  subscriptions,
  invoices,
  payments,
  payment_reports: paymentReports,
  customer_credits: customerCredits,
  tickets,
  contact_messages: contactMessages,
  complaints,
  data_requests: dataRequests,
  notifications,
  sessions,
  api_tokens: apiTokens,
  audit_entries: auditEntries,
  emails_sent_to_me: emailsSentToMe,
  emails_received_from_me: emailsReceivedFromMe,
} satisfies Record<Exclude<MyDataGroup, "profile">, (person: Person) => AsyncGenerator<unknown[]>>;

export type MyDataListGroup = keyof typeof LIST_READERS;

type RowOf<G extends MyDataListGroup> = ReturnType<(typeof LIST_READERS)[G]> extends AsyncGenerator<(infer Row)[]> ? Row : never;

/** The whole export, as the JSON file has it. */
export type MyData = {
  generated_at: string;
  privacy_policy_version: string;
  explanation: string;
  profile: MyDataProfile;
} & { [G in MyDataListGroup]: RowOf<G>[] };

/** The sections of the export in order: the header values, the profile, then each group's rows in batches. */
export type MyDataSection =
  | { key: "generated_at" | "privacy_policy_version" | "explanation"; value: string }
  | { key: "profile"; value: MyDataProfile }
  | { key: MyDataListGroup; batches: AsyncGenerator<unknown[]> };

/** The person the export is about, read first (so a missing account is a 404 before anything is sent). */
export async function openMyData(userId: string): Promise<{ profile: MyDataProfile; sections: () => AsyncGenerator<MyDataSection> }> {
  const user = await db.user.findUnique({ where: { id: userId }, select: PROFILE_SELECT });
  if (!user) throw notFound("Cuenta no encontrada.");
  const recoveryCodesLeft = await db.twoFactorRecoveryCode.count({ where: { userId, usedAt: null } });
  const profile = profileOf(user, recoveryCodesLeft);
  const person: Person = { id: user.id, email: user.email };
  const generatedAt = new Date().toISOString();

  async function* sections(): AsyncGenerator<MyDataSection> {
    yield { key: "generated_at", value: generatedAt };
    yield { key: "privacy_policy_version", value: PRIVACY_POLICY_VERSION };
    yield { key: "explanation", value: MY_DATA_EXPLANATION };
    for (const group of MY_DATA_GROUPS) {
      if (group === "profile") yield { key: "profile", value: profile };
      else yield { key: group, batches: LIST_READERS[group](person) };
    }
  }
  return { profile, sections };
}

/** Everything the product holds about the user, as one object (the JSON file's content). */
export async function collectMyData(userId: string): Promise<MyData> {
  const { sections } = await openMyData(userId);
  const data: Record<string, unknown> = {};
  for await (const section of sections()) {
    if ("batches" in section) {
      const rows: unknown[] = [];
      for await (const batch of section.batches) rows.push(...batch);
      data[section.key] = rows;
    } else data[section.key] = section.value;
  }
  return data as MyData;
}

/**
 * The export as JSON text (indented for a person to read), produced piece by piece: each batch
 * of rows is written and let go before the next is read.
 */
export async function* myDataJsonChunks(sections: AsyncGenerator<MyDataSection>): AsyncGenerator<string> {
  const indent = (json: string, spaces: number) => json.replace(/\n/g, `\n${" ".repeat(spaces)}`);
  let first = true;
  yield "{";
  for await (const section of sections) {
    yield `${first ? "" : ","}\n  ${JSON.stringify(section.key)}: `;
    first = false;
    if (!("batches" in section)) {
      yield indent(JSON.stringify(section.value, null, 2), 2);
      continue;
    }
    let empty = true;
    yield "[";
    for await (const batch of section.batches) {
      const text = batch.map((row) => `\n    ${indent(JSON.stringify(row, null, 2), 4)}`).join(",");
      yield `${empty ? "" : ","}${text}`;
      if (batch.length > 0) empty = false;
    }
    yield empty ? "]" : "\n  ]";
  }
  yield "\n}\n";
}

/** The first rows of each group and how many there are in all: what the PDF summary shows, without holding every row. */
export type MyDataSummary = {
  generated_at: string;
  profile: MyDataProfile;
  groups: { [G in MyDataListGroup]: { count: number; rows: RowOf<G>[] } };
};

export async function summarizeMyData(userId: string, rowsPerGroup = 40): Promise<MyDataSummary> {
  const { profile, sections } = await openMyData(userId);
  const groups: Record<string, { count: number; rows: unknown[] }> = {};
  let generatedAt = new Date().toISOString();
  for await (const section of sections()) {
    if (section.key === "generated_at") generatedAt = section.value;
    if (!("batches" in section)) continue;
    const group = { count: 0, rows: [] as unknown[] };
    for await (const batch of section.batches) {
      group.count += batch.length;
      // The newest rows matter most in a summary: keep the last ones read (the reads go oldest first).
      group.rows.push(...batch);
      if (group.rows.length > rowsPerGroup) group.rows.splice(0, group.rows.length - rowsPerGroup);
    }
    group.rows.reverse();
    groups[section.key] = group;
  }
  return { generated_at: generatedAt, profile, groups: groups as MyDataSummary["groups"] };
}

/** "mis-datos-2026-11-29.json" (the Lima day of the download). */
export function myDataFileName(extension: "json" | "pdf", at: Date = new Date()): string {
  return `mis-datos-${businessDate(at)}.${extension}`;
}
