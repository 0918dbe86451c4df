import "server-only";
import { createHash } from "node:crypto";
import { after } from "next/server";
import { recordAudit, SYSTEM_ACTOR } from "@/lib/audit/service";
import { normalizeIp, rateLimitAddress, UNKNOWN_IP } from "@/lib/client-address";
import { getSiteSettings } from "@/lib/content/settings";
import { addBusinessDays } from "@/lib/legal/business-days";
import { PERSONAL_DOCUMENT_LABELS } from "@/lib/legal/personal-document";
import { PRIVACY_POLICY_VERSION } from "@/lib/legal/privacy";
import { businessDate, calendarDate, dateColumn, formatCalendarDate } from "@/lib/dates";
import { db } from "@/lib/db";
import { conflict, fieldErrors, invalid, rateLimited } from "@/lib/errors";
import { Prisma, type Complaint } from "@/lib/generated/prisma/client";
import { sendMail } from "@/lib/mail";
import { emailAdmins } from "@/lib/notifications/email";
import { notifyAdmins } from "@/lib/notifications/service";
import { hitRateLimit, type RateLimitRule } from "@/lib/rate-limit";
import { stripUnsafeText } from "@/lib/zod";
import { COMPLAINT_ANSWER_BUSINESS_DAYS, COMPLAINT_GOOD_TYPE_LABELS, COMPLAINT_KIND_LABELS, complaintNumber } from "./labels";
import { complaintPdfPath, complaintPdfUrl } from "./pdf-link";
import { COMPLAINT_MESSAGES, complaintSubmissionSchema, HONEYPOT_FIELD, type ComplaintReceipt, type ComplaintSubmission } from "./schema";
import { complaintSheetFilename, complaintSheetPdf } from "./sheet-pdf";

// The public side of the Libro de Reclamaciones: a consumer files a sheet (hoja de reclamación)
// from the form or POST /api/v1/complaints. The sheet is numbered without gaps per year, kept
// for good (the database refuses to delete it or change it except for its answer), announced to
// the admins, and its copy is e-mailed to the consumer with the PDF attached.

export type ComplaintMeta = {
  /** The client's address (lib/client-address.ts clientIp), or "unknown". */
  ipAddress: string;
  userAgent: string | null;
};

export type SubmittedComplaint = {
  id: number;
  number: string;
  /** False when this submission repeated one already filed (same key): the same sheet, nothing sent again. */
  created: boolean;
  receipt: ComplaintReceipt;
};

/** Sheets per address and window: generous for a person, a wall for a script. */
export const COMPLAINT_RATE_LIMIT: RateLimitRule = { limit: 5, windowSeconds: 600 };

const MAX_USER_AGENT = 512; // complaints.user_agent

/** Where an admin reads and answers the sheet (the bell's link and the notice e-mail's). */
const adminComplaintPath = (id: number) => `/admin/complaints/${id}`;

/** True when the hidden honeypot field came back filled in: only bots do that. */
function honeypotFilled(input: unknown): boolean {
  if (typeof input !== "object" || input === null) return false;
  const value = (input as Record<string, unknown>)[HONEYPOT_FIELD];
  if (value === undefined || value === null) return false;
  return typeof value !== "string" || value.trim() !== "";
}

/**
 * The key of a submission that came without one (an API client): the same person sending the
 * same sheet on the same Lima day is one sheet. "auto:" keeps it apart from the form's keys
 * (which never hold a colon).
 */
function contentKey(sheet: ComplaintSubmission, today: string): string {
  const content = JSON.stringify([sheet.email, sheet.document_type, sheet.document_number, sheet.kind, sheet.detail, sheet.consumer_request, today]);
  return `auto:${createHash("sha256").update(content).digest("base64url")}`;
}

export function receiptOf(complaint: Pick<Complaint, "number" | "submittedAt" | "dueDate" | "email">): ComplaintReceipt {
  return {
    number: complaint.number,
    submitted_at: complaint.submittedAt.toISOString(),
    due_date: calendarDate(complaint.dueDate),
    email: complaint.email,
    pdf_path: complaintPdfPath(complaint.number),
  };
}

/**
 * The answer a bot gets for a filled-in honeypot: shaped like a real one, numbered 000000 (no
 * sheet ever has it, so its PDF link opens nothing).
 */
export function decoyReceipt(input: unknown): ComplaintReceipt {
  const now = new Date();
  const today = businessDate(now);
  const email = typeof (input as { email?: unknown } | null)?.email === "string" ? ((input as { email: string }).email.trim().toLowerCase().slice(0, 254)) : "";
  const number = `${today.slice(0, 4)}-000000`;
  return { number, submitted_at: now.toISOString(), due_date: addBusinessDays(today, COMPLAINT_ANSWER_BUSINESS_DAYS), email, pdf_path: complaintPdfPath(number) };
}

/**
 * An earlier submission with this key, or null. The same key with another person's e-mail or
 * document is not a retry of that sheet: refused, so a key never opens someone else's sheet.
 */
async function earlierSubmission(key: string, sheet: ComplaintSubmission): Promise<Complaint | null> {
  const existing = await db.complaint.findUnique({ where: { submissionKey: key } });
  if (!existing) return null;
  if (existing.email !== sheet.email || existing.documentNumber !== sheet.document_number || existing.documentType !== sheet.document_type) {
    throw conflict(COMPLAINT_MESSAGES.keyReused, { submission_key: [COMPLAINT_MESSAGES.keyReused] });
  }
  return existing;
}

const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

/**
 * Files a sheet of the Libro de Reclamaciones (the public form's server action and
 * POST /api/v1/complaints).
 *
 * 1. A filled-in honeypot means a bot: null (the callers answer as if it worked), nothing stored.
 * 2. Validation with the shared schema → 422 with the errors per field.
 * 3. A repeat of a sheet already filed (same submission key: the form keeps one per sheet across
 *    retries; without one, the same content the same day) answers that same sheet, numbered as
 *    it was, and sends nothing again. Checked before the rate limit: a retry is never refused.
 * 4. Rate limit per address (5 per 10 minutes) → 429 with Retry-After.
 * 5. ONE transaction: the year's counter (its row lock numbers concurrent sheets one after
 *    another, without gaps), the sheet with its due date (15 business days) and the privacy
 *    version accepted, the audit entry and the admins' notifications. Two submissions with the
 *    same key at once: the second one's insert breaks the key's uniqueness, its transaction rolls
 *    back (the counter with it, so no number is lost) and it answers the first one's sheet.
 * 6. After the response: the consumer's copy with the PDF, and a notice to each admin. Their
 *    failure is logged and never fails the request: the sheet is already safe.
 */
export async function submitComplaint(input: unknown, meta: ComplaintMeta): Promise<SubmittedComplaint | null> {
  if (honeypotFilled(input)) return null;

  const parsed = complaintSubmissionSchema.safeParse(input);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error), COMPLAINT_MESSAGES.invalid);
  const sheet = parsed.data;

  const now = new Date();
  const today = businessDate(now);
  const year = Number(today.slice(0, 4));
  const key = sheet.submission_key ?? contentKey(sheet, today);

  const earlier = await earlierSubmission(key, sheet);
  if (earlier) return { id: earlier.id, number: earlier.number, created: false, receipt: receiptOf(earlier) };

  const ipAddress = normalizeIp(meta.ipAddress) ?? UNKNOWN_IP;
  const limit = await hitRateLimit(`complaint:ip:${rateLimitAddress(ipAddress)}`, COMPLAINT_RATE_LIMIT);
  if (!limit.allowed) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
    throw rateLimited(limit.retryAfterSeconds, COMPLAINT_MESSAGES.tooMany(minutes));
  }

  let complaint: Complaint;
  try {
    complaint = await db.$transaction(async (tx) => {
      const [counter] = await tx.$queryRaw<{ last: number }[]>`
        INSERT INTO complaint_counters (year, last) VALUES (${year}, 1)
        ON CONFLICT (year) DO UPDATE SET last = complaint_counters.last + 1
        RETURNING last`;
      const sequence = Number(counter.last);
      const created = await tx.complaint.create({
        data: {
          year,
          sequence,
          number: complaintNumber(year, sequence),
          submissionKey: key,
          consumerName: sheet.consumer_name,
          documentType: sheet.document_type,
          documentNumber: sheet.document_number,
          address: sheet.address,
          phone: sheet.phone,
          email: sheet.email,
          isMinor: sheet.is_minor,
          guardianName: sheet.guardian_name,
          guardianDocumentType: sheet.guardian_document_type,
          guardianDocumentNumber: sheet.guardian_document_number,
          goodType: sheet.good_type,
          goodDescription: sheet.good_description,
          amountClaimed: sheet.amount_claimed,
          currency: sheet.currency,
          kind: sheet.kind,
          detail: sheet.detail,
          consumerRequest: sheet.consumer_request,
          privacyVersion: PRIVACY_POLICY_VERSION,
          privacyAcceptedAt: now,
          ipAddress,
          userAgent: meta.userAgent ? stripUnsafeText(meta.userAgent).slice(0, MAX_USER_AGENT) : null,
          submittedAt: now,
          dueDate: dateColumn(addBusinessDays(today, COMPLAINT_ANSWER_BUSINESS_DAYS)),
        },
      });
      // Filed by a visitor without an account: recorded as the system's, like other arrivals from outside.
      await recordAudit(tx, SYSTEM_ACTOR, {
        action: "complaint.submit",
        entityType: "complaint",
        entityId: created.id,
        after: { number: created.number, kind: created.kind, due_date: calendarDate(created.dueDate) },
      });
      await notifyAdmins(
        {
          type: "complaint",
          title: "Nueva hoja en el Libro de Reclamaciones",
          body: `${COMPLAINT_KIND_LABELS[created.kind]} N.° ${created.number} de ${created.consumerName}. Plazo de respuesta: ${formatCalendarDate(calendarDate(created.dueDate))}.`,
          link: adminComplaintPath(created.id),
          data: { complaint_id: created.id, number: created.number },
        },
        tx,
      );
      return created;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The same sheet filed at the same moment by another request (a double submit): that one won.
    const winner = await earlierSubmission(key, sheet);
    if (!winner) throw error;
    return { id: winner.id, number: winner.number, created: false, receipt: receiptOf(winner) };
  }

  await afterResponse(() => sendComplaintEmails(complaint));
  return { id: complaint.id, number: complaint.number, created: true, receipt: receiptOf(complaint) };
}

/**
 * Runs a task once the response has been sent (Next's `after`), so a slow mail server never
 * delays the consumer. Outside a request (scripts, tests) it simply runs now.
 */
async function afterResponse(task: () => Promise<void>): Promise<void> {
  try {
    after(task);
  } catch {
    await task();
  }
}

async function sendComplaintEmails(complaint: Complaint): Promise<void> {
  await Promise.all([emailConsumer(complaint), emailAdminsAbout(complaint)]);
}

/** The consumer's copy, with the sheet's PDF attached. Never throws: failures are logged. */
async function emailConsumer(complaint: Complaint): Promise<void> {
  try {
    const [settings, pdf] = await Promise.all([getSiteSettings(), complaintSheetPdf(complaint)]);
    const provider = (settings.companyLegalName ?? settings.companyName).replace(/\.+$/, "");
    const amount = complaint.amountClaimed ? `${complaint.currency} ${complaint.amountClaimed.toFixed(2)}` : "—";
    const lines = [
      `Hola, ${complaint.consumerName}:`,
      "",
      `Registramos tu hoja en el Libro de Reclamaciones de ${provider}. Te enviamos adjunta la hoja en PDF: guárdala como constancia.`,
      "",
      `Número: ${complaint.number}`,
      `Tipo: ${COMPLAINT_KIND_LABELS[complaint.kind]}`,
      `Fecha: ${formatCalendarDate(businessDate(complaint.submittedAt))}`,
      `Bien contratado: ${COMPLAINT_GOOD_TYPE_LABELS[complaint.goodType]}`,
      `Monto reclamado: ${amount}`,
      `Documento: ${PERSONAL_DOCUMENT_LABELS[complaint.documentType]} ${complaint.documentNumber}`,
      "",
      `Te responderemos a este correo en un plazo máximo de ${COMPLAINT_ANSWER_BUSINESS_DAYS} días hábiles, hasta el ${formatCalendarDate(calendarDate(complaint.dueDate))}.`,
      "",
      `También puedes descargar la hoja aquí: ${complaintPdfUrl(complaint.number)}`,
      "",
      "La formulación del reclamo no impide acudir a otras vías de solución de controversias ni es requisito previo para interponer una denuncia ante el INDECOPI.",
    ];
    await sendMail({
      to: complaint.email,
      subject: `Hoja de reclamación N.° ${complaint.number}`,
      text: lines.join("\n"),
      kind: "complaint",
      related: { type: "complaint", id: complaint.id },
      automatic: true,
      attachments: [{ filename: complaintSheetFilename(complaint), content: pdf, contentType: "application/pdf" }],
    });
  } catch (error) {
    console.error(`[libro-de-reclamaciones] La hoja ${complaint.number} se registró, pero no se pudo enviar su copia por correo`, error);
  }
}

/** The notice to every admin (emailAdmins logs each failure itself). */
async function emailAdminsAbout(complaint: Complaint): Promise<void> {
  await emailAdmins({
    subject: `Nueva hoja en el Libro de Reclamaciones: N.° ${complaint.number}`,
    text: [
      `Se registró un${complaint.kind === "queja" ? "a queja" : " reclamo"} en el Libro de Reclamaciones (N.° ${complaint.number}).`,
      "",
      `Consumidor: ${complaint.consumerName} (${complaint.email})`,
      `Bien contratado: ${COMPLAINT_GOOD_TYPE_LABELS[complaint.goodType]}`,
      "",
      `Plazo de respuesta: hasta el ${formatCalendarDate(calendarDate(complaint.dueDate))} (${COMPLAINT_ANSWER_BUSINESS_DAYS} días hábiles).`,
      "Respóndela desde el panel de administración:",
    ].join("\n"),
    link: adminComplaintPath(complaint.id),
    kind: "complaint_notice",
    related: { type: "complaint", id: complaint.id },
  });
}
