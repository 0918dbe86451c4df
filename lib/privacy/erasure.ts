import "server-only";
import { recordAudit, SYSTEM_ACTOR, type AuditActor } from "@/lib/audit/service";
import { db } from "@/lib/db";
import { conflict, notFound } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { mediaStorage } from "@/lib/media/storage";

// The erasure of a client account at its owner's request (right of cancellation, Ley 29733):
// personal data is deleted or replaced wherever the law lets us, and what tax law obliges us to
// keep stays exactly as it was. What happens to each model, explicitly:
//
// | model                                   | what happens |
// |-----------------------------------------|--------------|
// | User                                    | anonymised: name "Usuario eliminado", e-mail eliminado-<id>@anonimo.invalid, no password, image, signature, billing name, tax id, verified date or second factor; anonymizedAt set. The row stays: invoices, payments, credit notes and customer credits point to it. |
// | Session, ApiToken, Account (Google)     | deleted: signed out everywhere at once, and no way to sign in again |
// | PasswordResetToken, EmailVerificationToken, VerificationToken, TwoFactorRecoveryCode, TwoFactorChallenge | deleted |
// | Notification (the user's own)           | deleted |
// | Notification (admins', about the user's tickets, contact messages, payment reports, subscriptions) | deleted: their text names the client |
// | Ticket, TicketReply, TicketEvent, their MailAttachment rows and files | deleted: support conversations carry no fiscal duty, and a redacted shell would still hold the person's words in the staff's replies |
// | ContactMessage sent with the account's e-mail | anonymised (name, e-mail, phone, company, subject, message, address, user agent); the visitor's e-mailed answers (inbound entries) lose their text and attachments. Staff replies and notes stay. |
// | PaymentReport                           | voucher file deleted; a report linked to a payment (fiscal) is kept with its voucher and operation number blanked, the others (pending, rejected) deleted |
// | Subscription (active or paused)         | cancelled (an erased account cannot keep being billed), each with an audit entry |
// | Invoice, InvoiceLine, CreditNote, CreditNoteLine, ElectronicDocument, Payment, CustomerCredit, InvoiceReminder | KEPT unchanged: they carry their own customer snapshot (customer_name, customer_tax_id, customer_email) that tax law requires for years |
// | AuditLog                                | kept (security record); its author now reads "Usuario eliminado" |
// | DataRequest                             | kept: the request and its answer are the proof it was handled |
// | Complaint (Libro de Reclamaciones)      | kept: a legal record, not linked to the account |
// | OutboundEmail log rows to the old e-mail | recipient replaced by the anonymised address |
// | InboundEmail log rows from the old e-mail | sender replaced by the anonymised address, subject replaced |
//
// lib/privacy/data-map.ts classifies every model with the same rules (onErasure): a new model
// that holds personal data is added there (the build refuses it otherwise) and, when its rule is
// delete or anonymize, here.

/** What replaces the person's words wherever a text of theirs must stay in place. */
export const ERASED_TEXT = "[Contenido eliminado a pedido del titular]";

/** The name an erased account shows everywhere (the audit trail included). */
export const ERASED_NAME = "Usuario eliminado";

const SUBSCRIPTION_CANCEL_REASON = "Cuenta eliminada a pedido del titular (derecho de cancelación).";

/** The address an erased account gets: lower-case (users.email's check), unique (the id), never deliverable (.invalid, RFC 2606). */
export function erasedEmail(userId: string): string {
  return `eliminado-${userId.toLowerCase()}@anonimo.invalid`;
}

export type ErasureSummary = {
  tickets: number;
  contact_messages: number;
  payment_reports_deleted: number;
  payment_reports_blanked: number;
  files: number;
  subscriptions_cancelled: number;
  sessions: number;
  api_tokens: number;
  /** What stays for the tax authority. */
  invoices_kept: number;
  credit_notes_kept: number;
  payments_kept: number;
};

export type ErasureOutcome = {
  summary: ErasureSummary;
  /** Storage keys of files to delete once the transaction has committed (a file cannot roll back). */
  files: string[];
};

const uniq = (values: (string | null)[]) => [...new Set(values.filter((value): value is string => !!value))];

/**
 * Erases the personal data of client `userId` inside the caller's transaction (see the table
 * above). 404 for an unknown user, 409 for an admin or an account already erased. `actor` signs
 * the audit entries of the subscriptions it cancels. The files to delete come back in `files`:
 * delete them after the commit (removeErasedFiles).
 */
export async function eraseAccount(tx: Prisma.TransactionClient, userId: string, actor: AuditActor = SYSTEM_ACTOR): Promise<ErasureOutcome> {
  // The user row is locked: a second erasure, a profile change or a sign-in wait for this one.
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;
  if (locked.length === 0) throw notFound("La cuenta ya no existe.");
  const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, email: true, role: true, anonymizedAt: true } });
  if (user.role === "admin") throw conflict("Las cuentas de administrador no se eliminan con una solicitud de datos: quítale el rol de administrador antes.");
  if (user.anonymizedAt) throw conflict("Los datos de esta cuenta ya fueron eliminados.");
  const oldEmail = user.email;
  const newEmail = erasedEmail(user.id);
  const now = new Date();
  const files: string[] = [];

  // Support tickets: deleted with their replies, events and attachments (rows cascade).
  const tickets = await tx.ticket.findMany({ where: { userId }, select: { id: true } });
  const ticketIds = tickets.map((ticket) => ticket.id);
  if (ticketIds.length > 0) {
    const attachments = await tx.mailAttachment.findMany({ where: { ticketReply: { ticketId: { in: ticketIds } } }, select: { storageKey: true } });
    files.push(...attachments.map((attachment) => attachment.storageKey));
    await tx.ticket.deleteMany({ where: { id: { in: ticketIds } } });
  }

  // Contact messages sent with the account's address: anonymised, with the person's e-mailed answers.
  const messages = await tx.contactMessage.findMany({ where: { email: oldEmail }, select: { id: true } });
  const messageIds = messages.map((message) => message.id);
  if (messageIds.length > 0) {
    await tx.contactMessage.updateMany({
      where: { id: { in: messageIds } },
      data: { name: ERASED_NAME, email: newEmail, phone: null, company: null, subject: null, message: ERASED_TEXT, ipAddress: null, userAgent: null },
    });
  }
  const inboundEntries = await tx.contactEntry.findMany({
    where: { kind: "inbound", OR: [{ messageId: { in: messageIds } }, { fromAddress: oldEmail }] },
    select: { id: true, attachments: { select: { id: true, storageKey: true } } },
  });
  if (inboundEntries.length > 0) {
    const attachments = inboundEntries.flatMap((entry) => entry.attachments);
    files.push(...attachments.map((attachment) => attachment.storageKey));
    if (attachments.length > 0) await tx.mailAttachment.deleteMany({ where: { id: { in: attachments.map((attachment) => attachment.id) } } });
    await tx.contactEntry.updateMany({
      where: { id: { in: inboundEntries.map((entry) => entry.id) } },
      data: { body: ERASED_TEXT, originalText: null, fromAddress: null, authWarning: null },
    });
  }

  // Payment reports: the vouchers go; a report that became a payment stays (fiscal), blanked.
  const reports = await tx.paymentReport.findMany({ where: { userId }, select: { id: true, paymentId: true, voucherKey: true } });
  files.push(...uniq(reports.map((report) => report.voucherKey)));
  const linked = reports.filter((report) => report.paymentId !== null).map((report) => report.id);
  const unlinked = reports.filter((report) => report.paymentId === null).map((report) => report.id);
  if (linked.length > 0) {
    await tx.paymentReport.updateMany({
      where: { id: { in: linked } },
      data: { voucherKey: null, voucherName: null, voucherMime: null, voucherBytes: null, reference: null },
    });
  }
  if (unlinked.length > 0) await tx.paymentReport.deleteMany({ where: { id: { in: unlinked } } });

  // Subscriptions still billing: cancelled, each one audited.
  const open = await tx.subscription.findMany({ where: { userId, status: { in: ["active", "paused"] } }, select: { id: true, status: true, planName: true, nextBillingDate: true } });
  for (const subscription of open) {
    await tx.subscription.update({
      where: { id: subscription.id },
      data: { status: "cancelled", cancelledAt: now, nextBillingDate: null, cancelReason: SUBSCRIPTION_CANCEL_REASON },
    });
    await recordAudit(tx, actor, {
      action: "subscription.erasure_cancel",
      entityType: "subscription",
      entityId: subscription.id,
      before: { status: subscription.status, next_billing_date: subscription.nextBillingDate },
      after: { status: "cancelled", next_billing_date: null, cancel_reason: SUBSCRIPTION_CANCEL_REASON },
    });
  }
  const subscriptionIds = (await tx.subscription.findMany({ where: { userId }, select: { id: true } })).map((subscription) => String(subscription.id));

  // The admins' bell entries that name the client (their tickets, messages, reports, cancellation requests).
  await tx.$executeRaw`
    DELETE FROM notifications WHERE admin_only AND (
      (data->>'ticket_id') = ANY(${ticketIds.map(String)}::text[])
      OR (data->>'contact_message_id') = ANY(${messageIds.map(String)}::text[])
      OR (data->>'payment_report_id') = ANY(${reports.map((report) => String(report.id))}::text[])
      OR (data->>'subscription_id') = ANY(${subscriptionIds}::text[]))`;

  // Credentials and the user's own records.
  const sessions = await tx.session.deleteMany({ where: { userId } });
  const apiTokens = await tx.apiToken.deleteMany({ where: { userId } });
  await tx.account.deleteMany({ where: { userId } });
  await tx.passwordResetToken.deleteMany({ where: { userId } });
  await tx.emailVerificationToken.deleteMany({ where: { userId } });
  await tx.verificationToken.deleteMany({ where: { identifier: oldEmail } });
  await tx.twoFactorRecoveryCode.deleteMany({ where: { userId } });
  await tx.twoFactorChallenge.deleteMany({ where: { userId } });
  await tx.notification.deleteMany({ where: { userId } });

  // The mail logs keep no address of the person.
  await tx.outboundEmail.updateMany({ where: { recipient: oldEmail }, data: { recipient: newEmail } });
  await tx.inboundEmail.updateMany({ where: { fromAddress: oldEmail }, data: { fromAddress: newEmail, subject: ERASED_TEXT } });

  await tx.user.update({
    where: { id: userId },
    data: {
      name: ERASED_NAME,
      email: newEmail,
      emailVerified: null,
      image: null,
      passwordHash: null,
      signature: null,
      billingName: null,
      taxId: null,
      totpSecretSealed: null,
      totpEnabledAt: null,
      totpLastStep: null,
      anonymizedAt: now,
    },
  });

  const [invoices, creditNotes, payments] = await Promise.all([
    tx.invoice.count({ where: { userId } }),
    tx.creditNote.count({ where: { userId } }),
    tx.payment.count({ where: { userId } }),
  ]);
  const keys = uniq(files);
  return {
    files: keys,
    summary: {
      tickets: ticketIds.length,
      contact_messages: messageIds.length,
      payment_reports_deleted: unlinked.length,
      payment_reports_blanked: linked.length,
      files: keys.length,
      subscriptions_cancelled: open.length,
      sessions: sessions.count,
      api_tokens: apiTokens.count,
      invoices_kept: invoices,
      credit_notes_kept: creditNotes,
      payments_kept: payments,
    },
  };
}

/** Deletes the erased files from storage, after the commit (best effort: a failure is logged, never thrown). */
export async function removeErasedFiles(keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  try {
    await mediaStorage().delete([...keys]);
  } catch (error) {
    console.error("[privacy] No se pudieron borrar archivos de una cuenta eliminada:", (error as Error).message);
  }
}

export type ErasurePreview = {
  tickets: number;
  contact_messages: number;
  payment_reports: number;
  subscriptions_to_cancel: number;
  invoices_kept: number;
  credit_notes_kept: number;
  payments_kept: number;
};

/** What erasing account `userId` would touch, for the admin's confirmation (a read). */
export async function previewErasure(userId: string): Promise<ErasurePreview | null> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, anonymizedAt: true } });
  if (!user || user.anonymizedAt) return null;
  const [tickets, contactMessages, paymentReports, subscriptions, invoices, creditNotes, payments] = await Promise.all([
    db.ticket.count({ where: { userId } }),
    db.contactMessage.count({ where: { email: user.email } }),
    db.paymentReport.count({ where: { userId } }),
    db.subscription.count({ where: { userId, status: { in: ["active", "paused"] } } }),
    db.invoice.count({ where: { userId } }),
    db.creditNote.count({ where: { userId } }),
    db.payment.count({ where: { userId } }),
  ]);
  return {
    tickets,
    contact_messages: contactMessages,
    payment_reports: paymentReports,
    subscriptions_to_cancel: subscriptions,
    invoices_kept: invoices,
    credit_notes_kept: creditNotes,
    payments_kept: payments,
  };
}
