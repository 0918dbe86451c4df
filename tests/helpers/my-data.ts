// A client with one of everything the product can hold about a person ("Mis datos"), written
// straight to the database as the services would leave it, together with the secrets that must
// never reach the export: the password hash, an API token, the second factor's secret and
// recovery codes, Google's tokens, the session and reset-link hashes. Shared by the export's tests
// and the data map's test (every exported group must have a row for this client).
import { randomBytes } from "node:crypto";
import { createApiToken } from "@/lib/auth/api-tokens";
import { createSession } from "@/lib/auth/sessions";
import { addDays, businessDate, dateColumn } from "@/lib/dates";
import { db } from "@/lib/db";
import { createTestUser, uniqueTag, type TestUser } from "./auth";
import { createTestInvoice } from "./billing";

export type PersonFixture = {
  user: TestUser;
  /** The plain bearer token "<id>|<secret>", which also signs the tests' requests. */
  token: string;
  invoiceNumber: string;
  ticketSubject: string;
  contactSubject: string;
  complaintNumber: string;
  /** Values that must never appear anywhere in the export. */
  secrets: string[];
};

const hex = (bytes: number) => randomBytes(bytes).toString("hex");

/** A complaint number of this run's own (the sheets' real numbering is the complaints service's). */
let complaintSequence = 900_000 + Math.floor(Math.random() * 90_000);

export async function createPersonWithEverything(label = "Cliente"): Promise<PersonFixture> {
  const tag = uniqueTag();
  const user = await createTestUser({ role: "client", name: `${label} ${tag}`, password: "Clave#segura-2026" });
  const totpSecret = `SEALED-TOTP-${hex(12)}`;
  await db.user.update({
    where: { id: user.id },
    data: {
      billingName: `${label} S.A.C. ${tag}`,
      taxId: "20100070970",
      privacyVersion: "2026-11-29",
      privacyAcceptedAt: new Date("2026-11-29T15:00:00.000Z"),
      totpSecretSealed: totpSecret,
      totpEnabledAt: new Date("2026-11-20T10:00:00.000Z"),
      emailVerified: new Date("2026-11-01T10:00:00.000Z"),
    },
  });
  const passwordHash = (await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { passwordHash: true } })).passwordHash!;

  const recoveryHash = `$2b$12$recovery${hex(20)}`;
  await db.twoFactorRecoveryCode.createMany({ data: [{ userId: user.id, codeHash: recoveryHash }, { userId: user.id, codeHash: `$2b$12$used${hex(20)}`, usedAt: new Date() }] });
  const challengeHash = hex(32);
  await db.twoFactorChallenge.create({ data: { userId: user.id, tokenHash: challengeHash, expiresAt: new Date(Date.now() + 300_000) } });

  const googleAccess = `ya29.${hex(20)}`;
  const googleRefresh = `1//refresh-${hex(20)}`;
  const googleIdToken = `eyJ.id-token.${hex(20)}`;
  await db.account.create({
    data: { userId: user.id, type: "oidc", provider: "google", providerAccountId: `g-${tag}`, access_token: googleAccess, refresh_token: googleRefresh, id_token: googleIdToken },
  });
  const sid = await createSession(user.id);
  const sessionHash = (await db.session.findFirstOrThrow({ where: { userId: user.id }, select: { sessionToken: true } })).sessionToken;
  const token = await createApiToken(user.id);
  const tokenHash = (await db.apiToken.findFirstOrThrow({ where: { userId: user.id }, select: { tokenHash: true } })).tokenHash;
  const resetHash = hex(32);
  await db.passwordResetToken.create({ data: { userId: user.id, tokenHash: resetHash, expiresAt: new Date(Date.now() + 3_600_000) } });
  const verifyHash = hex(32);
  await db.emailVerificationToken.create({ data: { userId: user.id, email: user.email, tokenHash: verifyHash, expiresAt: new Date(Date.now() + 3_600_000) } });

  // Billing: a subscription, an invoice with a line, a payment, a credit note, its SUNAT state and
  // a reminder; the client's credit, and a payment it reported with a voucher.
  const subscription = await db.subscription.create({
    data: { userId: user.id, planName: `Soporte mensual ${tag}`, amount: "150.00", currency: "PEN", billingPeriod: "monthly", nextBillingDate: dateColumn(addDays(businessDate(), 20)) },
  });
  const invoice = await createTestInvoice(db, {
    userId: user.id,
    subscriptionId: subscription.id,
    lines: [{ description: `Soporte de noviembre ${tag}`, unitPrice: "200.00" }],
    payments: [{ amount: "100.00", reference: `OP-${tag}` }],
  });
  await db.electronicDocument.create({ data: { kind: "01", invoiceId: invoice.id, name: `TEST-01-${invoice.invoiceNumber}`, documentId: invoice.invoiceNumber, issueDate: invoice.issuedAt, status: "accepted" } });
  const note = await db.creditNote.create({
    data: {
      number: `NC${hex(4)}-1`,
      series: `N${hex(1)}`.slice(0, 4),
      sequence: Math.floor(Math.random() * 1e8),
      invoiceId: invoice.id,
      userId: user.id,
      reasonCode: "04",
      description: "Descuento por volumen",
      subtotal: "10.00",
      taxAmount: "1.80",
      amount: "11.80",
      currency: "PEN",
      issuedAt: invoice.issuedAt,
      lines: { create: [{ position: 1, description: "Descuento", quantity: "1", unitPrice: "10.00", lineTotal: "10.00" }] },
    },
  });
  await db.invoiceReminder.create({ data: { invoiceId: invoice.id, step: "before", sentOn: invoice.issuedAt, daysLate: -3 } });
  await db.customerCredit.create({ data: { userId: user.id, currency: "PEN", amount: "11.80", kind: "credit_note", creditNoteId: note.id, reference: note.number } });
  await db.paymentReport.create({
    data: {
      invoiceId: invoice.id,
      userId: user.id,
      amount: "50.00",
      currency: "PEN",
      paidOn: invoice.issuedAt,
      method: "yape",
      reference: `YP-${tag}`,
      voucherKey: `vouchers/${hex(16)}.png`,
      voucherName: "yape.png",
      voucherMime: "image/png",
      voucherBytes: 48213,
    },
  });

  // Support: a ticket with the client's reply (and its attachment), a staff reply and a status change.
  const ticketSubject = `El ERP no abre ${tag}`;
  const ticket = await db.ticket.create({ data: { userId: user.id, subject: ticketSubject, description: "Muestra un error 500 desde ayer." } });
  const reply = await db.ticketReply.create({ data: { ticketId: ticket.id, authorId: user.id, body: `Adjunto la captura ${tag}` } });
  await db.mailAttachment.create({ data: { storageKey: `mail/${hex(16)}`, fileName: "captura.png", mime: "image/png", bytes: 2048, ticketReplyId: reply.id } });
  await db.ticketReply.create({ data: { ticketId: ticket.id, authorId: null, fromStaff: true, body: "Lo revisamos y te escribimos." } });
  await db.ticketEvent.create({ data: { ticketId: ticket.id, actorId: null, fromStatus: "open", toStatus: "in_progress" } });

  // What came from the client's address: a contact conversation (the address typed with capitals)
  // with a staff reply and an internal note, a sheet of the Libro de Reclamaciones, a data request.
  const contactSubject = `Cotización ${tag}`;
  const message = await db.contactMessage.create({
    data: { name: user.name, email: user.email.toUpperCase(), subject: contactSubject, message: "Quisiera una cotización del ERP.", ipAddress: "198.51.100.7", privacyVersion: "2026-11-29", privacyAcceptedAt: new Date() },
  });
  await db.contactEntry.createMany({ data: [{ messageId: message.id, kind: "reply", body: "Te enviamos la cotización." }, { messageId: message.id, kind: "note", body: "Cliente con RUC activo." }] });

  complaintSequence += 1;
  const complaintNumber = `2099-${String(complaintSequence).padStart(6, "0")}`;
  await db.complaint.create({
    data: {
      year: 2099,
      sequence: complaintSequence,
      number: complaintNumber,
      submissionKey: hex(16),
      consumerName: user.name,
      documentType: "dni",
      documentNumber: "45678912",
      address: "Av. Arequipa 123, Lima",
      email: user.email,
      goodType: "service",
      goodDescription: "Soporte mensual",
      kind: "reclamo",
      detail: "El soporte no respondió en el plazo.",
      consumerRequest: "Que se cumpla el plazo.",
      privacyVersion: "2026-11-29",
      privacyAcceptedAt: new Date(),
      dueDate: dateColumn(addDays(businessDate(), 21)),
    },
  });
  await db.dataRequest.create({
    data: { kind: "access", userId: user.id, name: user.name, email: user.email, detail: "Quiero saber qué datos tienen.", dueDate: dateColumn(addDays(businessDate(), 20)) },
  });

  await db.notification.create({ data: { userId: user.id, type: "ticket_reply", title: `Respondimos tu ticket ${tag}`, link: `/client/tickets/${ticket.id}` } });
  await db.auditLog.createMany({
    data: [
      { actorId: user.id, action: "profile.update", entityType: "profile", entityId: user.id, ipAddress: "198.51.100.7", details: { before: { name: "Antes" }, after: { name: user.name } } },
      { actorId: null, action: "user.update", entityType: "user", entityId: user.id, ipAddress: "203.0.113.250", details: { before: { role: "client" }, after: { role: "client" } } },
      { actorId: user.id, action: "ticket.create", entityType: "ticket", entityId: String(ticket.id), ipAddress: "198.51.100.7", details: { before: null, after: { subject: ticketSubject } } },
    ],
  });
  await db.outboundEmail.create({ data: { kind: "invoice", recipient: user.email, subject: `Tu comprobante ${invoice.invoiceNumber}`, status: "sent", relatedType: "invoice", relatedId: String(invoice.id) } });
  await db.inboundEmail.create({ data: { via: "smtp", messageId: `<${hex(8)}@example.pe>`, fromAddress: user.email, subject: `Re: ${ticketSubject}`, bytes: 1200, outcome: "ticket_reply" } });

  return {
    user,
    token,
    invoiceNumber: invoice.invoiceNumber,
    ticketSubject,
    contactSubject,
    complaintNumber,
    secrets: [passwordHash, token, token.split("|")[1], tokenHash, totpSecret, recoveryHash, challengeHash, googleAccess, googleRefresh, googleIdToken, sid, sessionHash, resetHash, verifyHash],
  };
}
