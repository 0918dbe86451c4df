import "server-only";
import { after } from "next/server";
import type { Actor, AdminActor } from "@/lib/auth/actor";
import { recordAudit } from "@/lib/audit/service";
import { normalizeIp, rateLimitAddress, UNKNOWN_IP } from "@/lib/client-address";
import { db } from "@/lib/db";
import { businessDate, dateColumn, formatCalendarDate } from "@/lib/dates";
import { conflict, fieldErrors, forbidden, invalid, notFound, parseWith, rateLimited } from "@/lib/errors";
import { parseRecordId } from "@/lib/ids";
import { PRIVACY_POLICY_VERSION } from "@/lib/legal/privacy";
import { PERSONAL_DOCUMENT_LABELS } from "@/lib/legal/personal-document";
import { sendMail } from "@/lib/mail";
import { notifyAdmins, notifyUser } from "@/lib/notifications/service";
import { hitRateLimit, type RateLimitRule } from "@/lib/rate-limit";
import { absoluteUrl } from "@/lib/site-url";
import { DATA_REQUEST_KIND_LABELS, DATA_REQUEST_MESSAGES, ERASURE_KEEPS, RECEIPT_SUBJECT_PREFIX, type DataRequestKindCode } from "./data-request-labels";
import { getDataRequest, type DataRequestDetail } from "./data-request-queries";
import { DATA_REQUEST_HONEYPOT, dataRequestResolveSchema, dataRequestSchema, type DataRequestInput } from "./data-request-schema";
import { dataRequestDueDate, DATA_REQUEST_TERM_DAYS } from "./data-request-terms";
import { eraseAccount, removeErasedFiles, type ErasureSummary } from "./erasure";

// The one write path of requests about personal data (Ley 29733): a signed-in client's
// "Solicitar eliminación", the public "Derechos ARCO" form, and the admin's answer, which for a
// cancellation from an account erases it in the same transaction. Each write is one transaction
// with its audit entry and the admins' bell notifications; the e-mails go after the commit and
// leave their state in the outbound log (lib/mail.ts), which the admin's detail shows.

const ENTITY = "data_request";
const MESSAGES = DATA_REQUEST_MESSAGES;

/** The public form: 5 requests per 10 minutes per address, like the contact form. */
export const DATA_REQUEST_RATE_LIMIT: RateLimitRule = { limit: 5, windowSeconds: 600 };

/** What the requester learns at once: its number and the last day of our term. */
export type DataRequestReceipt = { id: number; due_date: string; status: "pending" };

export type DataRequestMeta = { ipAddress: string; userAgent: string | null };

/**
 * Runs a task once the response has been sent (Next's `after`), so a slow mail server never
 * delays the person. Outside a request (scripts, tests) it runs now.
 */
async function afterResponse(task: () => Promise<void>): Promise<void> {
  try {
    after(task);
  } catch {
    await task();
  }
}

/** Sends one e-mail about request `id`; a failure is logged (and kept as `failed` in the outbound log), never thrown. */
async function mailAbout(id: number, to: string, subject: string, text: string): Promise<void> {
  try {
    await sendMail({ to, subject, text, kind: "data_request", related: { type: ENTITY, id }, automatic: true });
  } catch (error) {
    console.error(`[privacy] La solicitud ${id} se guardó, pero no se pudo enviar el correo`, (error as Error).message);
  }
}

const termText = (kind: DataRequestKindCode) => `${DATA_REQUEST_TERM_DAYS[kind]} días hábiles`;

function receiptText(id: number, name: string, kind: DataRequestKindCode, dueDate: string, extra: string[] = []): string {
  return [
    `Hola, ${name}:`,
    "",
    `Recibimos tu solicitud n.º ${id} de ${DATA_REQUEST_KIND_LABELS[kind].toLowerCase()} de datos personales (Ley N.° 29733).`,
    `La responderemos dentro de ${termText(kind)}: a más tardar el ${formatCalendarDate(dueDate)}.`,
    ...extra,
    "",
    `Puedes conocer tus derechos en ${absoluteUrl("/derechos-arco")} y nuestra política en ${absoluteUrl("/privacidad")}.`,
  ].join("\n");
}

// ── "Solicitar eliminación" ──────────────────────────────────────────────────

/**
 * A signed-in client asks to erase its account: a pending `cancellation` request with its name,
 * e-mail and due date (10 business days), the admins told in the bell, the client e-mailed a
 * receipt that says what is kept. One pending request per account: a second is a 409 that gives
 * the first one's due date. An admin account cannot ask (403).
 */
export async function requestAccountDeletion(actor: Actor): Promise<DataRequestReceipt> {
  if (actor.role === "admin") throw forbidden(MESSAGES.adminCannotDelete);
  const today = businessDate();
  const dueDate = dataRequestDueDate("cancellation", today);
  const created = await db.$transaction(async (tx) => {
    // The account row is locked, so two requests at once make one.
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM users WHERE id = ${actor.id} FOR UPDATE`;
    if (locked.length === 0) throw notFound(MESSAGES.accountGone);
    const user = await tx.user.findUniqueOrThrow({ where: { id: actor.id }, select: { name: true, email: true, anonymizedAt: true } });
    if (user.anonymizedAt) throw conflict(MESSAGES.accountGone);
    const pending = await tx.dataRequest.findFirst({ where: { userId: actor.id, kind: "cancellation", status: "pending" }, select: { dueDate: true } });
    if (pending) throw conflict(MESSAGES.deletionPending(formatCalendarDate(pending.dueDate.toISOString().slice(0, 10))));
    const row = await tx.dataRequest.create({
      data: {
        kind: "cancellation",
        userId: actor.id,
        name: user.name.slice(0, 200),
        email: user.email,
        ipAddress: normalizeIp(actor.ipAddress),
        submittedAt: new Date(),
        dueDate: dateColumn(dueDate),
      },
      select: { id: true },
    });
    await recordAudit(tx, actor, {
      action: `${ENTITY}.create`,
      entityType: ENTITY,
      entityId: row.id,
      after: { kind: "cancellation", origin: "account", status: "pending", due_date: dueDate },
    });
    await notifyAdmins(
      {
        type: "data_request",
        title: "Solicitud de eliminación de datos",
        body: `${user.name} (${user.email}) pidió eliminar su cuenta y sus datos personales. Plazo: ${formatCalendarDate(dueDate)}.`,
        link: `/admin/data-requests?id=${row.id}`,
        data: { data_request_id: row.id },
      },
      tx,
    );
    return { id: row.id, name: user.name, email: user.email };
  });

  await afterResponse(() =>
    mailAbout(
      created.id,
      created.email,
      `${RECEIPT_SUBJECT_PREFIX} de eliminación de datos`,
      receiptText(created.id, created.name, "cancellation", dueDate, [
        "",
        "Cuando la atendamos eliminaremos tu cuenta y tus datos personales, y ya no podrás iniciar sesión.",
        "Tus comprobantes electrónicos y sus datos obligatorios se conservan por obligación tributaria, igual que tus pagos; también conservamos las hojas del Libro de Reclamaciones y el registro de esta solicitud.",
      ]),
    ),
  );
  return { id: created.id, due_date: dueDate, status: "pending" };
}

// ── The public "Derechos ARCO" form ──────────────────────────────────────────

/** True when the hidden honeypot field came back filled in: only bots do that. */
function honeypotFilled(input: unknown): boolean {
  if (typeof input !== "object" || input === null) return false;
  const value = (input as Record<string, unknown>)[DATA_REQUEST_HONEYPOT];
  if (value === undefined || value === null) return false;
  return typeof value !== "string" || value.trim() !== "";
}

/**
 * The public form and POST /api/v1/data-requests: anyone exercises a right (access,
 * rectification, cancellation, opposition, portability) with their name, e-mail and identity
 * document; the consent to the privacy text is required and stored with its version. A filled
 * honeypot is a bot: it is answered as if it worked (id 0) and nothing is stored, counted or
 * sent. 422 per field, 429 past 5 per 10 minutes per address. The admins are told in the bell;
 * the person gets an e-mailed receipt with the request number and the due date.
 */
export async function submitDataRequest(input: unknown, meta: DataRequestMeta): Promise<DataRequestReceipt> {
  const today = businessDate();
  if (honeypotFilled(input)) {
    const kind = (input as { kind?: unknown }).kind;
    const known = typeof kind === "string" && Object.hasOwn(DATA_REQUEST_TERM_DAYS, kind) ? (kind as DataRequestKindCode) : "access";
    return { id: 0, due_date: dataRequestDueDate(known, today), status: "pending" };
  }
  const parsed = dataRequestSchema.safeParse(input);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error), MESSAGES.invalid);
  const request: DataRequestInput = parsed.data;

  const ipAddress = normalizeIp(meta.ipAddress) ?? UNKNOWN_IP;
  const limit = await hitRateLimit(`data-request:ip:${rateLimitAddress(ipAddress)}`, DATA_REQUEST_RATE_LIMIT);
  if (!limit.allowed) throw rateLimited(limit.retryAfterSeconds, MESSAGES.tooMany(Math.max(1, Math.ceil(limit.retryAfterSeconds / 60))));

  const dueDate = dataRequestDueDate(request.kind, today);
  const now = new Date();
  const id = await db.$transaction(async (tx) => {
    const row = await tx.dataRequest.create({
      data: {
        kind: request.kind,
        name: request.name,
        email: request.email,
        documentType: request.document_type,
        documentNumber: request.document_number,
        detail: request.detail,
        privacyVersion: PRIVACY_POLICY_VERSION,
        privacyAcceptedAt: now,
        ipAddress: ipAddress === UNKNOWN_IP ? null : ipAddress,
        submittedAt: now,
        dueDate: dateColumn(dueDate),
      },
      select: { id: true },
    });
    // A visitor has no account: the entry has no author (the request row keeps its address).
    await recordAudit(tx, { id: null, ipAddress: "" }, {
      action: `${ENTITY}.submit`,
      entityType: ENTITY,
      entityId: row.id,
      after: { kind: request.kind, origin: "form", status: "pending", due_date: dueDate, privacy_version: PRIVACY_POLICY_VERSION },
    });
    await notifyAdmins(
      {
        type: "data_request",
        title: `Nueva solicitud ARCO: ${DATA_REQUEST_KIND_LABELS[request.kind]}`,
        body: `${request.name} (${request.email}). Plazo: ${formatCalendarDate(dueDate)}.`,
        link: `/admin/data-requests?id=${row.id}`,
        data: { data_request_id: row.id },
      },
      tx,
    );
    return row.id;
  });

  await afterResponse(() =>
    mailAbout(
      id,
      request.email,
      `${RECEIPT_SUBJECT_PREFIX} de derechos ARCO (n.º ${id})`,
      receiptText(id, request.name, request.kind, dueDate, [
        "",
        `Documento indicado: ${PERSONAL_DOCUMENT_LABELS[request.document_type]} ${request.document_number}.`,
        "Si necesitamos verificar tu identidad, te escribiremos a este correo.",
      ]),
    ),
  );
  return { id, due_date: dueDate, status: "pending" };
}

// ── The admin's answer ───────────────────────────────────────────────────────

function resultText(detail: DataRequestDetail, outcome: "completed" | "rejected", resolution: string, erased: boolean): string {
  const kind = DATA_REQUEST_KIND_LABELS[detail.kind].toLowerCase();
  const lines = [`Hola, ${detail.name}:`, ""];
  if (outcome === "rejected") {
    lines.push(`Revisamos tu solicitud n.º ${detail.id} de ${kind} de datos personales y no podemos atenderla.`, "", `Motivo: ${resolution}`);
  } else if (erased) {
    lines.push(
      `Atendimos tu solicitud n.º ${detail.id}: eliminamos tu cuenta y tus datos personales. Ya no podrás iniciar sesión.`,
      "",
      "Conservamos, por obligación legal:",
      ...ERASURE_KEEPS.map((item) => `- ${item}`),
      "",
      resolution,
    );
  } else {
    lines.push(`Atendimos tu solicitud n.º ${detail.id} de ${kind} de datos personales.`, "", resolution);
  }
  lines.push(
    "",
    "Si no estás conforme con esta respuesta, puedes presentar una reclamación ante la Autoridad Nacional de Protección de Datos Personales del Ministerio de Justicia y Derechos Humanos.",
  );
  return lines.join("\n");
}

export type DataRequestResolution = DataRequestDetail & { erasure: ErasureSummary | null };

/**
 * "Completar" / "Rechazar" and POST /api/v1/admin/data-requests/{id}/resolve `{ outcome,
 * resolution }`: admins only; the answer text (1–2000 characters) is e-mailed to the person.
 * Only a pending request (409 otherwise: two admins answering at once answer once). Completing a
 * cancellation that came from an account erases that account (lib/privacy/erasure.ts) in the
 * same transaction; its files are deleted after the commit.
 */
export async function resolveDataRequest(actor: AdminActor, rawId: unknown, input: unknown): Promise<DataRequestResolution> {
  if (actor.role !== "admin") throw forbidden();
  const id = parseRecordId(rawId, MESSAGES.notFound);
  const { outcome, resolution } = parseWith(dataRequestResolveSchema, input, MESSAGES.invalid);
  const result = await db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM data_requests WHERE id = ${id} FOR UPDATE`;
    if (locked.length === 0) throw notFound(MESSAGES.notFound);
    const row = await tx.dataRequest.findUniqueOrThrow({ where: { id }, select: { id: true, kind: true, status: true, userId: true, name: true } });
    if (row.status !== "pending") throw conflict(MESSAGES.alreadyResolved);
    const erasure = outcome === "completed" && row.kind === "cancellation" && row.userId ? await eraseAccount(tx, row.userId, actor) : null;
    await tx.dataRequest.update({ where: { id }, data: { status: outcome, resolution, resolvedAt: new Date(), resolvedById: actor.id } });
    await recordAudit(tx, actor, {
      action: outcome === "completed" ? `${ENTITY}.complete` : `${ENTITY}.reject`,
      entityType: ENTITY,
      entityId: id,
      before: { status: "pending", resolution: null },
      after: { status: outcome, resolution, kind: row.kind, ...(erasure && { account_erased: true, erasure: erasure.summary }) },
    });
    // A client whose request was rejected reads it in the bell too; an erased one has no bell left.
    if (row.userId && !erasure) {
      await notifyUser(
        row.userId,
        {
          type: "data_request_resolved",
          title: outcome === "completed" ? "Atendimos tu solicitud de datos personales" : "No pudimos atender tu solicitud de datos personales",
          body: resolution.slice(0, 500),
          link: "/client/profile",
          data: { data_request_id: id },
        },
        tx,
      );
    }
    return erasure;
  });

  if (result) await removeErasedFiles(result.files);
  const detail = await getDataRequest(id);
  const erased = result !== null;
  const subject =
    outcome === "rejected"
      ? `Respuesta a tu solicitud de datos personales (n.º ${id})`
      : erased
        ? `Eliminamos tus datos personales (solicitud n.º ${id})`
        : `Atendimos tu solicitud de datos personales (n.º ${id})`;
  await mailAbout(id, detail.email, subject, resultText(detail, outcome, resolution, erased));
  return { ...(await getDataRequest(id)), erasure: result?.summary ?? null };
}
