import type { SunatStatus } from "@/lib/generated/prisma/client";
import { SUNAT_STATUS_LABELS } from "./labels";

// The `sunat` block of every invoice and credit-note answer: where its electronic document stands.

export const electronicDocumentSelect = {
  status: true,
  responseCode: true,
  responseDescription: true,
  notes: true,
  hash: true,
  sentAt: true,
  answeredAt: true,
  lastError: true,
  cdrProblem: true,
  voidRequestedAt: true,
} as const;

export type ElectronicDocumentRow = {
  status: SunatStatus;
  responseCode: string | null;
  responseDescription: string | null;
  notes: unknown;
  hash: string | null;
  sentAt: Date | null;
  answeredAt: Date | null;
  lastError: string | null;
  cdrProblem: string | null;
  voidRequestedAt: Date | null;
};

export type SunatContract = {
  status: SunatStatus;
  /** "Aceptado", "Rechazado", … */
  status_label: string;
  /** SUNAT's answer code ("0" accepted, 2xxx rejected, 4xxx observations) or null before an answer. */
  code: string | null;
  description: string | null;
  /** The CDR's observations. */
  notes: { code: string; text: string }[];
  /** The signature's digest (base64): null until the document is signed. */
  hash: string | null;
  sent_at: string | null;
  /** When SUNAT's answer (the CDR, ours or the summary's that carried it) was received: null while there is none to download. */
  answered_at: string | null;
  /** What stops or delays it, in Spanish (missing settings, a CDR that could not be trusted, a retry). */
  problem: string | null;
  /** A voiding was asked for and SUNAT has not answered it yet. */
  voiding: boolean;
};

export function serializeSunat(row: ElectronicDocumentRow | null): SunatContract {
  if (!row) {
    return { status: "pending", status_label: SUNAT_STATUS_LABELS.pending, code: null, description: null, notes: [], hash: null, sent_at: null, answered_at: null, problem: null, voiding: false };
  }
  return {
    status: row.status,
    status_label: SUNAT_STATUS_LABELS[row.status],
    code: row.responseCode,
    description: row.responseDescription,
    notes: Array.isArray(row.notes) ? (row.notes as { code: string; text: string }[]) : [],
    hash: row.hash,
    sent_at: row.sentAt?.toISOString() ?? null,
    answered_at: row.answeredAt?.toISOString() ?? null,
    problem: row.cdrProblem ?? row.lastError,
    voiding: row.voidRequestedAt !== null && row.status !== "voided",
  };
}
