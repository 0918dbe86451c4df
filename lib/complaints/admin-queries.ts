import "server-only";
import { db } from "@/lib/db";
import { addDays, businessDate, calendarDate, dateColumn } from "@/lib/dates";
import { notFound } from "@/lib/errors";
import type { Complaint, Prisma } from "@/lib/generated/prisma/client";
import { parseRecordId } from "@/lib/ids";
import { businessDaysLeft } from "@/lib/legal/business-days";
import { PERSONAL_DOCUMENT_LABELS } from "@/lib/legal/personal-document";
import { keysetAfter, keysetBatches, keysetOrderBy, type KeysetOrder } from "@/lib/list/keyset";
import { readList, type ListOf, type PageRequest } from "@/lib/list/paging";
import {
  COMPLAINT_ADMIN_MESSAGES,
  COMPLAINT_ANSWER_MAIL_KIND,
  COMPLAINT_RELATED_TYPE,
  COMPLAINT_STATE_LABELS,
  type AnswerEmailStatus,
  type ComplaintListQuery,
  type ComplaintState,
} from "./admin-schema";
import { COMPLAINT_GOOD_TYPE_LABELS, COMPLAINT_KIND_LABELS } from "./labels";

// The back office's reads of the Libro de Reclamaciones ("Libro de Reclamaciones" and GET
// /api/v1/admin/complaints…): every sheet, server-paged, newest submitted first or nearest due
// date first, filtered by state (on today's date in Lima), kind, period of submission and a
// search; each row with its deadline in business days and where the answer's e-mail stands.
// The authority's export reads a period in keyset batches. Never cached: a sheet's state
// changes with the calendar.

/** Most rows the unpaged list answers (GET without ?page). */
export const MAX_UNPAGED_COMPLAINTS = 500;

/** The first instant of a Lima day (Lima is UTC−5 all year). */
const limaMidnight = (day: string) => new Date(`${day}T00:00:00.000-05:00`);

const contains = (q: string) => ({ contains: q, mode: "insensitive" as const });

export type AnswerEmailContract = {
  status: AnswerEmailStatus;
  /** When the latest attempt was logged or last changed; null when none. */
  at: string | null;
  /** Why it failed (short, no credentials); null otherwise. */
  error: string | null;
};

export type ComplaintRowContract = {
  id: number;
  number: string;
  submitted_at: string;
  consumer: { name: string; document_type: string; document_type_label: string; document_number: string; email: string };
  kind: string;
  kind_label: string;
  good_type: string;
  good_type_label: string;
  amount_claimed: string | null;
  currency: string | null;
  /** The last business day to answer (Lima), "YYYY-MM-DD". */
  due_date: string;
  /** Business days from today to the due date (0 on it, negative after it); null once answered. */
  days_left: number | null;
  state: ComplaintState;
  state_label: string;
  answered_at: string | null;
  answer_email: AnswerEmailContract;
};

export type ComplaintDetailContract = ComplaintRowContract & {
  year: number;
  sequence: number;
  address: string;
  phone: string | null;
  is_minor: boolean;
  guardian: { name: string; document_type: string; document_type_label: string; document_number: string } | null;
  good_description: string;
  detail: string;
  consumer_request: string;
  privacy_version: string;
  privacy_accepted_at: string;
  answer: string | null;
  answered_by: { id: string | null; name: string | null } | null;
  /** The sheet's PDF for admins. */
  pdf_url: string;
};

const rowSelect = {
  id: true,
  number: true,
  submittedAt: true,
  consumerName: true,
  documentType: true,
  documentNumber: true,
  email: true,
  kind: true,
  goodType: true,
  amountClaimed: true,
  currency: true,
  dueDate: true,
  answeredAt: true,
} satisfies Prisma.ComplaintSelect;

type ComplaintRow = Prisma.ComplaintGetPayload<{ select: typeof rowSelect }>;

/** A sheet's state on `today` (Lima): answered, or pending until its due date passes, then overdue. */
export function complaintState(sheet: { answeredAt: Date | null; dueDate: Date }, today: string): ComplaintState {
  if (sheet.answeredAt) return "answered";
  return calendarDate(sheet.dueDate) < today ? "overdue" : "pending";
}

const NO_EMAIL: AnswerEmailContract = { status: "none", at: null, error: null };

function serializeRow(row: ComplaintRow, today: string, email: AnswerEmailContract = NO_EMAIL): ComplaintRowContract {
  const due = calendarDate(row.dueDate);
  const state = complaintState(row, today);
  return {
    id: row.id,
    number: row.number,
    submitted_at: row.submittedAt.toISOString(),
    consumer: {
      name: row.consumerName,
      document_type: row.documentType,
      document_type_label: PERSONAL_DOCUMENT_LABELS[row.documentType],
      document_number: row.documentNumber,
      email: row.email,
    },
    kind: row.kind,
    kind_label: COMPLAINT_KIND_LABELS[row.kind],
    good_type: row.goodType,
    good_type_label: COMPLAINT_GOOD_TYPE_LABELS[row.goodType],
    amount_claimed: row.amountClaimed === null ? null : row.amountClaimed.toFixed(2),
    currency: row.currency,
    due_date: due,
    // `|| 0`: businessDaysLeft answers -0 past a due date when no business day has passed since.
    days_left: row.answeredAt ? null : businessDaysLeft(today, due) || 0,
    state,
    state_label: COMPLAINT_STATE_LABELS[state],
    answered_at: row.answeredAt ? row.answeredAt.toISOString() : null,
    answer_email: row.answeredAt ? email : NO_EMAIL,
  };
}

/** The whole sheet, its answer and where the answer's e-mail stands. */
export function serializeComplaintDetail(row: Complaint, today: string, email: AnswerEmailContract = NO_EMAIL): ComplaintDetailContract {
  return {
    ...serializeRow(row, today, email),
    year: row.year,
    sequence: row.sequence,
    address: row.address,
    phone: row.phone,
    is_minor: row.isMinor,
    guardian:
      row.isMinor && row.guardianName && row.guardianDocumentType && row.guardianDocumentNumber
        ? {
            name: row.guardianName,
            document_type: row.guardianDocumentType,
            document_type_label: PERSONAL_DOCUMENT_LABELS[row.guardianDocumentType],
            document_number: row.guardianDocumentNumber,
          }
        : null,
    good_description: row.goodDescription,
    detail: row.detail,
    consumer_request: row.consumerRequest,
    privacy_version: row.privacyVersion,
    privacy_accepted_at: row.privacyAcceptedAt.toISOString(),
    answer: row.answer,
    answered_by: row.answeredAt ? { id: row.answeredById, name: row.answeredByName } : null,
    pdf_url: `/api/v1/admin/complaints/${row.id}/pdf`,
  };
}

// ── Where the answer's e-mail stands ─────────────────────────────────────────

/** The latest answer e-mail logged for each of the sheets (none: no entry). */
export async function answerEmailStates(ids: number[]): Promise<Map<number, AnswerEmailContract>> {
  const states = new Map<number, AnswerEmailContract>();
  if (ids.length === 0) return states;
  const rows = await db.outboundEmail.findMany({
    where: { relatedType: COMPLAINT_RELATED_TYPE, kind: COMPLAINT_ANSWER_MAIL_KIND, relatedId: { in: ids.map(String) } },
    orderBy: { id: "desc" },
    select: { relatedId: true, status: true, error: true, updatedAt: true },
  });
  for (const row of rows) {
    const id = Number(row.relatedId);
    if (states.has(id)) continue;
    states.set(id, { status: row.status, at: row.updatedAt.toISOString(), error: row.status === "failed" ? row.error : null });
  }
  return states;
}

// ── The list ─────────────────────────────────────────────────────────────────

export type AdminComplaintFilter = Pick<ComplaintListQuery, "state" | "kind" | "from" | "to" | "q" | "sort">;

function stateWhere(state: ComplaintState, today: string): Prisma.ComplaintWhereInput {
  if (state === "answered") return { answeredAt: { not: null } };
  if (state === "overdue") return { answeredAt: null, dueDate: { lt: dateColumn(today) } };
  return { answeredAt: null, dueDate: { gte: dateColumn(today) } };
}

function complaintWhere(filter: AdminComplaintFilter, today: string): Prisma.ComplaintWhereInput {
  const and: Prisma.ComplaintWhereInput[] = [];
  if (filter.state) and.push(stateWhere(filter.state, today));
  if (filter.kind) and.push({ kind: filter.kind });
  if (filter.from) and.push({ submittedAt: { gte: limaMidnight(filter.from) } });
  if (filter.to) and.push({ submittedAt: { lt: limaMidnight(addDays(filter.to, 1)) } });
  if (filter.q) {
    const q = filter.q;
    const document = q.replace(/[\s-]/g, "").toUpperCase();
    and.push({
      OR: [
        { number: { contains: q } },
        { consumerName: contains(q) },
        { email: contains(q) },
        ...(document ? [{ documentNumber: { startsWith: document } }] : []),
      ],
    });
  }
  return and.length > 0 ? { AND: and } : {};
}

/** Newest submitted first (the default). */
const SUBMITTED_ORDER: KeysetOrder<ComplaintRow> = [
  { field: "submittedAt", dir: "desc" },
  { field: "id", dir: "desc" },
];
/** `?sort=due_date`: the nearest due date first. */
const DUE_DATE_ORDER: KeysetOrder<ComplaintRow> = [
  { field: "dueDate", dir: "asc" },
  { field: "id", dir: "asc" },
];
const complaintOrder = (filter: AdminComplaintFilter) => (filter.sort === "due_date" ? DUE_DATE_ORDER : SUBMITTED_ORDER);

async function withEmailStates(rows: ComplaintRow[], today: string): Promise<ComplaintRowContract[]> {
  const answered = rows.filter((row) => row.answeredAt).map((row) => row.id);
  const states = await answerEmailStates(answered);
  return rows.map((row) => serializeRow(row, today, states.get(row.id)));
}

/**
 * The sheets of the filter in its order: one page, or (no page) up to MAX_UNPAGED_COMPLAINTS.
 * `today` (Lima, "YYYY-MM-DD") decides the states and days left; today's date by default.
 */
export function listAdminComplaints<P extends PageRequest | undefined = undefined>(
  filter: AdminComplaintFilter,
  page?: P,
  today: string = businessDate(),
): Promise<ListOf<ComplaintRowContract, P>> {
  const where = complaintWhere(filter, today);
  const orderBy = keysetOrderBy<Prisma.ComplaintOrderByWithRelationInput>(complaintOrder(filter));
  return readList(page as P, {
    rows: async (window) => withEmailStates(await db.complaint.findMany({ where, orderBy, select: rowSelect, ...window }), today),
    count: (limit) => db.complaint.count({ where, take: limit }),
    unpagedLimit: MAX_UNPAGED_COMPLAINTS,
  });
}

export type ComplaintStateCounts = Record<ComplaintState, number> & { all: number };

/** How many sheets of the filter's kind, period and search are in each state ("Vencidas (2)"); its state is left aside. */
export async function countAdminComplaintsByState(filter: AdminComplaintFilter, today: string = businessDate()): Promise<ComplaintStateCounts> {
  const base = complaintWhere({ ...filter, state: undefined }, today);
  const count = (state?: ComplaintState) => db.complaint.count({ where: state ? { AND: [base, stateWhere(state, today)] } : base });
  const [all, pending, overdue, answered] = await Promise.all([count(), count("pending"), count("overdue"), count("answered")]);
  return { all, pending, overdue, answered };
}

/** Sheets still to answer, and how many of them are past their due date (the dashboard). */
export async function countUnansweredComplaints(today: string = businessDate()): Promise<{ unanswered: number; overdue: number }> {
  const [unanswered, overdue] = await Promise.all([
    db.complaint.count({ where: { answeredAt: null } }),
    db.complaint.count({ where: stateWhere("overdue", today) }),
  ]);
  return { unanswered, overdue };
}

// ── One sheet ────────────────────────────────────────────────────────────────

/** The sheet as stored, or null for an unknown id. */
export function findComplaintRow(id: number): Promise<Complaint | null> {
  return db.complaint.findUnique({ where: { id } });
}

/** One sheet (raw id from a route or page), whole, with its answer and mail state; 404 when unknown. */
export async function getAdminComplaint(rawId: unknown, today: string = businessDate()): Promise<ComplaintDetailContract> {
  const id = parseRecordId(rawId, COMPLAINT_ADMIN_MESSAGES.notFound);
  const row = await findComplaintRow(id);
  if (!row) throw notFound(COMPLAINT_ADMIN_MESSAGES.notFound);
  const states = row.answeredAt ? await answerEmailStates([row.id]) : new Map<number, AnswerEmailContract>();
  return serializeComplaintDetail(row, today, states.get(row.id));
}

/** The same, or null for an id that names nothing (the detail page's not-found). */
export async function findAdminComplaint(rawId: unknown, today: string = businessDate()): Promise<ComplaintDetailContract | null> {
  try {
    return await getAdminComplaint(rawId, today);
  } catch (error) {
    if ((error as { kind?: unknown }).kind === "not_found") return null;
    throw error;
  }
}

// ── The authority's export ───────────────────────────────────────────────────

const EXPORT_ORDER: KeysetOrder<Complaint> = [
  { field: "submittedAt", dir: "asc" },
  { field: "id", dir: "asc" },
];

/** Every sheet submitted in the period (Lima days, both included), oldest first, in keyset batches. */
export function exportComplaints(range: { from: string; to: string }, today: string = businessDate(), batchSize?: number): AsyncGenerator<ComplaintDetailContract[], void, unknown> {
  const where: Prisma.ComplaintWhereInput = { submittedAt: { gte: limaMidnight(range.from), lt: limaMidnight(addDays(range.to, 1)) } };
  const orderBy = keysetOrderBy<Prisma.ComplaintOrderByWithRelationInput>(EXPORT_ORDER);
  return keysetBatches({
    fetchAfter: (last: Complaint | null, take) =>
      db.complaint.findMany({ where: last ? { AND: [where, keysetAfter<Prisma.ComplaintWhereInput, Complaint>(EXPORT_ORDER, last)] } : where, orderBy, take }),
    toItem: (row: Complaint) => serializeComplaintDetail(row, today),
    batchSize,
  });
}
