import "server-only";
import { revalidatePath } from "next/cache";
import type { AdminActor } from "@/lib/auth/actor";
import { recordAudit } from "@/lib/audit/service";
import { db } from "@/lib/db";
import { businessDate } from "@/lib/dates";
import { conflict, forbidden, notFound, parseWith } from "@/lib/errors";
import type { Complaint } from "@/lib/generated/prisma/client";
import { parseRecordId } from "@/lib/ids";
import { mailErrorText, sendMail, smtpConfigured } from "@/lib/mail";
import { hitRateLimit, releaseRateLimit } from "@/lib/rate-limit";
import { answerEmailStates, getAdminComplaint, type ComplaintDetailContract } from "./admin-queries";
import { COMPLAINT_ADMIN_MESSAGES, COMPLAINT_ANSWER_MAIL_KIND, COMPLAINT_RELATED_TYPE, complaintAnswerSchema } from "./admin-schema";
import { COMPLAINT_KIND_LABELS } from "./labels";
import { complaintIssuer } from "./register-pdf";
import { complaintSheetFilename, complaintSheetPdf } from "./sheet-pdf";

// The answer to a sheet of the Libro de Reclamaciones: written once, by an admin, never changed
// (the database refuses any other change to a sheet). The answer, its date and who wrote it are
// stored in one transaction with the audit entry, only while the sheet has no answer (a second
// answer, even at the same moment, is a 409). After the commit the consumer is e-mailed the answer
// with the sheet's PDF; that e-mail's state is the mail log's (outbound_emails, kind
// complaint_answer), and "Reenviar" sends it again when it did not go out.

const ENTITY = "complaint";
const M = COMPLAINT_ADMIN_MESSAGES;

/** A send still `sending` after this long died on the way: "Reenviar" may try again. */
export const ANSWER_SEND_STALE_MS = 2 * 60_000;

/** One send of a sheet's answer at a time, whoever starts it: the claim lasts until the send ends, or this long. */
const SEND_CLAIM = { limit: 1, windowSeconds: 60 };
const claimKey = (id: number) => `complaint-answer-mail:${id}`;

const limaDay = (at: Date) => {
  const [year, month, day] = businessDate(at).split("-");
  return `${day}/${month}/${year}`;
};

/** The consumer's e-mail: the answer in full, the sheet it answers, and the sheet's PDF attached. */
async function answerMail(sheet: Complaint) {
  const issuer = await complaintIssuer();
  const text = [
    `Hola, ${sheet.consumerName}:`,
    "",
    `Respondemos a tu ${COMPLAINT_KIND_LABELS[sheet.kind].toLocaleLowerCase("es-PE")} registrado en nuestro Libro de Reclamaciones con la hoja N.° ${sheet.number}, presentada el ${limaDay(sheet.submittedAt)}.`,
    "",
    "Nuestra respuesta:",
    "",
    sheet.answer ?? "",
    "",
    "Adjuntamos la hoja de reclamación con esta respuesta en PDF; consérvala.",
    "",
    issuer.name,
    ...(issuer.tax_id ? [`RUC ${issuer.tax_id}`] : []),
    ...(issuer.address ? [issuer.address] : []),
  ].join("\n");
  return {
    to: sheet.email,
    subject: `Respuesta a tu hoja de reclamación N.° ${sheet.number}`,
    text,
    replyTo: issuer.email ?? undefined,
    kind: COMPLAINT_ANSWER_MAIL_KIND,
    related: { type: COMPLAINT_RELATED_TYPE, id: sheet.id },
    attachments: [{ filename: complaintSheetFilename(sheet), content: await complaintSheetPdf(sheet), contentType: "application/pdf" }],
  };
}

/**
 * Sends the answer's e-mail under the sheet's send claim. Never throws for the mail itself: a
 * refused or unreachable server is logged as failed (what the screens show, with "Reenviar").
 */
async function deliverAnswer(id: number): Promise<void> {
  const sheet = await db.complaint.findUnique({ where: { id } });
  if (!sheet?.answer) return;
  try {
    await sendMail(await answerMail(sheet));
  } catch (error) {
    console.error(`[complaints] No se pudo enviar la respuesta de la hoja ${sheet.number}:`, mailErrorText(error));
  } finally {
    await releaseRateLimit([claimKey(id)]).catch(() => undefined);
  }
}

/** Takes the sheet's send claim; false when another send of it is under way. */
async function claimSend(id: number): Promise<boolean> {
  return (await hitRateLimit(claimKey(id), SEND_CLAIM)).allowed;
}

function requireAdminActor(actor: AdminActor): AdminActor {
  // The type says admin; a caller that forged one is refused all the same.
  if (actor.role !== "admin") throw forbidden();
  return actor;
}

/**
 * "Responder" (POST /api/v1/admin/complaints/{id}/answer `{ answer }`): stores the answer once
 * and e-mails it to the consumer with the sheet's PDF. 404 unknown sheet, 409 already answered
 * ("Esta hoja ya fue respondida."), 422 an empty, too long or hostile answer. Answers the sheet
 * as it stands after the e-mail (with the e-mail's state).
 */
export async function answerComplaint(actor: AdminActor, rawId: unknown, input: unknown): Promise<ComplaintDetailContract> {
  requireAdminActor(actor);
  const id = parseRecordId(rawId, M.notFound);
  const { answer } = parseWith(complaintAnswerSchema, input);
  const answeredAt = new Date();
  await db.$transaction(async (tx) => {
    const sheet = await tx.complaint.findUnique({ where: { id }, select: { number: true, answeredAt: true } });
    if (!sheet) throw notFound(M.notFound);
    if (sheet.answeredAt) throw conflict(M.alreadyAnswered);
    // Only while it has no answer: of two answers at once, the second finds it answered.
    const { count } = await tx.complaint.updateMany({
      where: { id, answer: null },
      data: { answer, answeredAt, answeredById: actor.id.slice(0, 40), answeredByName: actor.name.slice(0, 120) },
    });
    if (count !== 1) throw conflict(M.alreadyAnswered);
    await recordAudit(tx, actor, {
      action: `${ENTITY}.answer`,
      entityType: ENTITY,
      entityId: id,
      before: { number: sheet.number, answer: null, answered_at: null },
      after: { number: sheet.number, answer, answered_at: answeredAt, answered_by_name: actor.name },
    });
  });
  if (await claimSend(id)) await deliverAnswer(id);
  revalidateComplaintScreens(id);
  return getAdminComplaint(id);
}

/**
 * "Reenviar" (POST /api/v1/admin/complaints/{id}/resend): e-mails the answer again when its last
 * e-mail failed, found no mail configuration, was never logged, or has been `sending` for
 * ANSWER_SEND_STALE_MS (its process died). 404 unknown, 409 not answered yet, already sent,
 * outgoing mail still not configured, or a send under way (two resends at once send one e-mail). Audited (the attempt and why it was due).
 */
export async function resendComplaintAnswer(actor: AdminActor, rawId: unknown): Promise<ComplaintDetailContract> {
  requireAdminActor(actor);
  const id = parseRecordId(rawId, M.notFound);
  const sheet = await db.complaint.findUnique({ where: { id }, select: { number: true, answeredAt: true } });
  if (!sheet) throw notFound(M.notFound);
  if (!sheet.answeredAt) throw conflict(M.notAnswered);
  const email = (await answerEmailStates([id])).get(id);
  if (email?.status === "sent") throw conflict(M.alreadySent);
  if (!smtpConfigured()) throw conflict(M.mailNotConfigured);
  if (email?.status === "sending" && email.at && Date.now() - new Date(email.at).getTime() < ANSWER_SEND_STALE_MS) throw conflict(M.sending);
  if (!(await claimSend(id))) throw conflict(M.sending);
  try {
    await db.$transaction((tx) =>
      recordAudit(tx, actor, {
        action: `${ENTITY}.resend_answer`,
        entityType: ENTITY,
        entityId: id,
        before: { number: sheet.number, email_status: email?.status ?? "none", email_error: email?.error ?? null },
      }),
    );
  } catch (error) {
    await releaseRateLimit([claimKey(id)]).catch(() => undefined);
    throw error;
  }
  await deliverAnswer(id);
  revalidateComplaintScreens(id);
  return getAdminComplaint(id);
}

/** The back office's screens that show the sheet: the list, its page and the dashboard. */
function revalidateComplaintScreens(id: number): void {
  // Outside Next's server (scripts, tests) there is no cache to expire.
  if (!process.env.NEXT_RUNTIME) return;
  try {
    revalidatePath("/admin/complaints");
    revalidatePath(`/admin/complaints/${id}`);
    revalidatePath("/admin/dashboard");
  } catch (error) {
    console.error("[complaints] No se pudo revalidar el Libro de Reclamaciones:", (error as Error).message);
  }
}
