import "server-only";
import { businessDate, calendarDate } from "@/lib/dates";
import { db } from "@/lib/db";
import { runExclusively } from "@/lib/jobs/claim";
import type { Prisma, SunatStatus } from "@/lib/generated/prisma/client";
import { cdrMatches, cdrOutcome, parseCdr, type Cdr } from "./cdr";
import { createDueCarriers } from "./carriers";
import { sunatConfig } from "./config";
import { signDocument, issuerSettings } from "./documents";
import { sunatCodeDescription } from "./error-codes";
import { createBillServiceClient, isRetryableFault, SunatFault, SunatTransportError } from "./soap";
import { OUT_OF_WINDOW, withinSendWindow } from "./rules";
import { zipXml } from "./zip";

// The send queue: every document that must reach SUNAT is a row claimed by one process at a time
// (claimed_until, a lease: a process that dies lets it go after CLAIM_SECONDS), sent, and answered.
// Network errors and SUNAT's temporary codes put it back with a growing delay; a document SUNAT has
// answered (accepted, observed, rejected) is never sent again. Facturas and their notes go one by one
// (sendBill → CDR); summaries and voidings go with sendSummary → ticket → getStatus.

const CLAIM_SECONDS = 120;
/** Delays after the 1st, 2nd, … failed attempt; the last one repeats. */
const RETRY_DELAYS_S = [10, 30, 120, 600, 1800, 3600];
/** How soon a ticket is asked about again while SUNAT is still processing it. */
const POLL_DELAYS_S = [2, 5, 10, 30, 60, 300];

const retryDelay = (attempts: number, delays = RETRY_DELAYS_S) => delays[Math.min(Math.max(attempts - 1, 0), delays.length - 1)] * 1000;
const later = (ms: number) => new Date(Date.now() + ms);

type Claimed = { id: number; kind: string; status: SunatStatus; attempts: number; name: string; xml: string | null; ticket: string | null; documentId: string; issueDate: Date };

/** Claims the next document due for work (among `only`, when given), or null. */
async function claimNext(only: number[] | null = null): Promise<Claimed | null> {
  const rows = await db.$queryRaw<{ id: number }[]>`
    UPDATE electronic_documents SET claimed_until = clock_timestamp() + make_interval(secs => ${CLAIM_SECONDS}),
      attempts = attempts + 1, updated_at = clock_timestamp()
    WHERE id = (
      SELECT id FROM electronic_documents
      WHERE next_attempt_at <= clock_timestamp()
        AND (claimed_until IS NULL OR claimed_until < clock_timestamp())
        AND (${only}::int[] IS NULL OR id = ANY(${only}::int[]))
        AND (
          (status = 'pending' AND (kind IN ('01', 'RC', 'RA') OR (kind = '07' AND document_id LIKE 'F%') OR xml IS NULL))
          OR (status = 'sent' AND ticket IS NOT NULL AND kind IN ('RC', 'RA'))
        )
      ORDER BY next_attempt_at, id
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id`;
  if (rows.length === 0) return null;
  return db.electronicDocument.findUniqueOrThrow({
    where: { id: rows[0].id },
    select: { id: true, kind: true, status: true, attempts: true, name: true, xml: true, ticket: true, documentId: true, issueDate: true },
  });
}

/**
 * Writes the outcome of an attempt and lets the document go. Only while it still waits for an
 * answer: SUNAT's answer (accepted, observed, rejected, voided) is final, so a late or duplicate
 * attempt (another instance whose lease had lapsed) can never overwrite it.
 */
async function release(id: number, data: Prisma.ElectronicDocumentUpdateManyMutationInput) {
  await db.electronicDocument.updateMany({ where: { id, status: { in: ["pending", "sent"] } }, data: { ...data, claimedUntil: null } });
}

const describe = (code: string, fallback?: string) => (sunatCodeDescription(code) ?? fallback ?? `Código ${code} de SUNAT`).slice(0, 1000);

/** What the CDR says about `documentId`, applied to a document; a CDR that cannot be trusted is kept and flagged. */
function answerOf(cdrZip: Buffer, documentId: string): { data: Prisma.ElectronicDocumentUpdateInput; cdr: Cdr | null; status: SunatStatus | null } {
  let cdr: Cdr;
  try {
    cdr = parseCdr(cdrZip);
  } catch (error) {
    const problem = `La constancia (CDR) recibida no se pudo leer: ${error instanceof Error ? error.message : String(error)}`;
    return { data: { status: "sent", cdr: new Uint8Array(cdrZip), cdrProblem: problem.slice(0, 500) }, cdr: null, status: null };
  }
  if (!cdrMatches(cdr, documentId)) {
    const problem = `La constancia (CDR) recibida es de otro documento (${cdr.documentId || "sin identificar"}).`;
    return { data: { status: "sent", cdr: new Uint8Array(cdrZip), cdrProblem: problem.slice(0, 500) }, cdr: null, status: null };
  }
  const outcome = cdrOutcome(cdr);
  const status: SunatStatus = outcome === "accepted" ? "accepted" : outcome === "observed" ? "observed" : "rejected";
  return {
    data: {
      status,
      cdr: new Uint8Array(cdrZip),
      cdrProblem: null,
      responseCode: cdr.responseCode,
      responseDescription: cdr.description.slice(0, 1000),
      notes: cdr.notes,
      answeredAt: new Date(),
      lastError: null,
    },
    cdr,
    status,
  };
}

/** A failed attempt: temporary problems retry later; SUNAT's rejections are final. */
async function failed(doc: Claimed, error: unknown) {
  if (error instanceof SunatFault) {
    const code = error.code;
    const numeric = Number(code);
    if (numeric >= 2000 && numeric < 4000) {
      // Rejected by a fault: SUNAT's code and description, and no CDR (answered_at marks a CDR we keep).
      await release(doc.id, { status: "rejected", responseCode: code, responseDescription: describe(code, error.message), lastError: null });
      if (doc.kind === "RC" || doc.kind === "RA") await settleCarried(doc.id, "rejected", code, describe(code, error.message), false);
      return;
    }
    if (code === "1033" || code === "1032") {
      // SUNAT already has this document (an earlier send whose answer was lost): sending it again
      // would only repeat the answer, so it waits for someone to consult its CDR in SUNAT.
      await release(doc.id, {
        status: "sent",
        responseCode: code,
        responseDescription: describe(code, error.message),
        lastError: "SUNAT ya registró este comprobante: consulta su constancia (CDR) en SUNAT Operaciones en Línea.",
        nextAttemptAt: later(365 * 24 * 3600 * 1000),
      });
      return;
    }
    const message = `SUNAT respondió ${code}: ${describe(code, error.message)}`;
    const delays = isRetryableFault(code) ? RETRY_DELAYS_S : [600, 1800, 3600];
    await release(doc.id, { lastError: message.slice(0, 1000), nextAttemptAt: later(retryDelay(doc.attempts, delays)) });
    return;
  }
  const message =
    error instanceof SunatTransportError
      ? `No se pudo comunicar con SUNAT: ${error.message.replace(/\.$/, "")}. Se reintentará automáticamente.`
      : "Error inesperado al enviar el comprobante (detalle en el registro del servidor). Se reintentará automáticamente.";
  if (!(error instanceof SunatTransportError)) console.error(`[sunat] ${doc.name}:`, error);
  await release(doc.id, { lastError: message.slice(0, 1000), nextAttemptAt: later(retryDelay(doc.attempts)) });
}

/** The documents a summary or voiding carried follow its answer. */
async function settleCarried(carrierId: number, outcome: "accepted" | "observed" | "rejected", code: string | null, description: string | null, withCdr = true) {
  const answeredAt = withCdr ? new Date() : null;
  const items = await db.electronicDocumentItem.findMany({ where: { carrierId }, select: { documentId: true, condition: true } });
  for (const item of items) {
    if (item.condition === "3") {
      await db.electronicDocument.update({
        where: { id: item.documentId },
        data:
          outcome === "rejected"
            ? { voidRequestedAt: null, lastError: `SUNAT rechazó la anulación (${code}): ${description ?? ""}`.slice(0, 1000) }
            : { status: "voided", answeredAt, lastError: null },
      });
    } else {
      await db.electronicDocument.update({
        where: { id: item.documentId },
        data:
          outcome === "rejected"
            ? { status: "rejected", responseCode: code, responseDescription: description?.slice(0, 1000) ?? null, answeredAt }
            : { status: outcome, responseCode: code ?? "0", responseDescription: description?.slice(0, 1000) ?? null, answeredAt, lastError: null },
      });
    }
  }
}

async function work(doc: Claimed, client: ReturnType<typeof createBillServiceClient>) {
  if (!doc.xml) {
    // Not signed yet (settings were incomplete): try again; a boleta then waits for its summary.
    // Under the invoice's row lock: a due date being changed at this moment is signed before or after, never half.
    const signed = await db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM invoices WHERE id = (SELECT invoice_id FROM electronic_documents WHERE id = ${doc.id}) FOR UPDATE`;
      return signDocument(doc.id, tx);
    });
    await release(doc.id, signed ? { nextAttemptAt: new Date() } : { nextAttemptAt: later(retryDelay(doc.attempts, [60, 300, 900, 3600])) });
    return;
  }
  try {
    if (doc.kind === "RC" || doc.kind === "RA") {
      if (doc.status === "pending") {
        const ticket = await client.sendSummary(`${doc.name}.zip`, zipXml(doc.name, doc.xml));
        await release(doc.id, { status: "sent", ticket, sentAt: new Date(), lastError: null, attempts: 0, nextAttemptAt: later(POLL_DELAYS_S[0] * 1000) });
        await db.electronicDocument.updateMany({ where: { carriers: { some: { carrierId: doc.id, condition: "1" } }, status: "pending" }, data: { status: "sent", sentAt: new Date() } });
        return;
      }
      const status = await client.getStatus(doc.ticket!);
      if (status.statusCode === "98" || !status.cdrZip) {
        await release(doc.id, { nextAttemptAt: later(retryDelay(doc.attempts, POLL_DELAYS_S)), lastError: null });
        return;
      }
      const answer = answerOf(status.cdrZip, doc.documentId);
      // A CDR that cannot be trusted is kept and flagged; asking again would only repeat it.
      await release(doc.id, answer.status ? answer.data : { ...answer.data, nextAttemptAt: later(365 * 24 * 3600 * 1000) });
      if (answer.status && answer.status !== "voided" && answer.status !== "sent" && answer.status !== "pending") {
        await settleCarried(doc.id, answer.status, answer.cdr?.responseCode ?? null, answer.cdr?.description ?? null);
      }
      return;
    }
    if (!withinSendWindow(calendarDate(doc.issueDate), businessDate())) {
      // SUNAT would refuse it as late: it waits for a person (a new document replaces it).
      await release(doc.id, { lastError: OUT_OF_WINDOW, nextAttemptAt: later(365 * 24 * 3600 * 1000) });
      return;
    }
    const cdrZip = await client.sendBill(`${doc.name}.zip`, zipXml(doc.name, doc.xml));
    const answer = answerOf(cdrZip, doc.documentId);
    await release(doc.id, { ...answer.data, sentAt: new Date() });
  } catch (error) {
    await failed(doc, error);
  }
}

export type QueueRun = { processed: number; carriers: number };

/**
 * Works through what is due now (at most `limit` documents), on whichever instance calls it.
 * Without SUNAT_ENDPOINT nothing is sent (documents wait, pending).
 */
export async function runSunatQueue({ limit = 50, only = null }: { limit?: number; only?: number[] | null } = {}): Promise<QueueRun> {
  const config = sunatConfig();
  if (!config.endpoint) return { processed: 0, carriers: 0 };
  const settings = await issuerSettings();
  const carriersRun = await runExclusively("sunat-carriers", () => createDueCarriers());
  const client = createBillServiceClient({
    endpoint: config.endpoint,
    username: `${settings.ruc ?? ""}${config.solUser}`,
    password: config.solPassword,
    timeoutMs: config.timeoutMs,
  });
  let processed = 0;
  while (processed < limit) {
    const doc = await claimNext(only);
    if (!doc) break;
    await work(doc, client);
    processed += 1;
  }
  return { processed, carriers: carriersRun.ran ? carriersRun.result : 0 };
}
