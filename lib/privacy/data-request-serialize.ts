import type { Prisma } from "@/lib/generated/prisma/client";
import { calendarDate } from "@/lib/dates";
import { businessDaysLeft } from "@/lib/legal/business-days";
import { PERSONAL_DOCUMENT_LABELS } from "@/lib/legal/personal-document";
import { DATA_REQUEST_KIND_LABELS, DATA_REQUEST_STATUS_LABELS, type DataRequestKindCode, type DataRequestStatusCode } from "./data-request-labels";

// A request about personal data as the contract shows it (snake_case): the admin's list and
// detail, the REST answers.

export const dataRequestSelect = {
  id: true,
  kind: true,
  status: true,
  userId: true,
  name: true,
  email: true,
  documentType: true,
  documentNumber: true,
  detail: true,
  privacyVersion: true,
  privacyAcceptedAt: true,
  submittedAt: true,
  dueDate: true,
  resolvedAt: true,
  resolution: true,
  resolvedBy: { select: { id: true, name: true } },
  user: { select: { id: true, anonymizedAt: true } },
} satisfies Prisma.DataRequestSelect;

export type DataRequestRow = Prisma.DataRequestGetPayload<{ select: typeof dataRequestSelect }>;

export type DataRequestContract = {
  id: number;
  kind: DataRequestKindCode;
  kind_label: string;
  status: DataRequestStatusCode;
  status_label: string;
  /** The client account it came from ("Solicitar eliminación"); null from the public form. */
  user_id: string | null;
  /** When that account's personal data was erased. */
  account_erased_at: string | null;
  name: string;
  email: string;
  document_type: string | null;
  document_type_label: string | null;
  document_number: string | null;
  detail: string | null;
  privacy_version: string | null;
  privacy_accepted_at: string | null;
  submitted_at: string;
  /** The last business day to answer ("YYYY-MM-DD", Lima). */
  due_date: string;
  /** Business days left until due_date on today's Lima date (0 on the day, negative once late); null once answered. */
  days_left: number | null;
  resolved_at: string | null;
  resolved_by: { id: string; name: string } | null;
  resolution: string | null;
};

export function serializeDataRequest(row: DataRequestRow, today: string): DataRequestContract {
  const dueDate = calendarDate(row.dueDate);
  return {
    id: row.id,
    kind: row.kind,
    kind_label: DATA_REQUEST_KIND_LABELS[row.kind],
    status: row.status,
    status_label: DATA_REQUEST_STATUS_LABELS[row.status],
    user_id: row.userId,
    account_erased_at: row.user?.anonymizedAt?.toISOString() ?? null,
    name: row.name,
    email: row.email,
    document_type: row.documentType,
    document_type_label: row.documentType ? PERSONAL_DOCUMENT_LABELS[row.documentType] : null,
    document_number: row.documentNumber,
    detail: row.detail,
    privacy_version: row.privacyVersion,
    privacy_accepted_at: row.privacyAcceptedAt?.toISOString() ?? null,
    submitted_at: row.submittedAt.toISOString(),
    due_date: dueDate,
    days_left: row.status === "pending" ? businessDaysLeft(today, dueDate) : null,
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    resolved_by: row.resolvedBy ? { id: row.resolvedBy.id, name: row.resolvedBy.name } : null,
    resolution: row.resolution,
  };
}
