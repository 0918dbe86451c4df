import { daysBetween } from "@/lib/dates";
import { compareMoney } from "./money";
import type { InvoiceStatusCode } from "./labels";

// What state an invoice is in, in one place. The database stores whether it is pending, paid or
// cancelled; "overdue" and "partially paid" follow from the money and the calendar, so they are
// derived here each time it is read and never stored (a stored "vencida" would be stale the
// moment someone pays). Every date is a Lima calendar day ("YYYY-MM-DD", lib/dates.ts), so the
// answer is the same whatever the server's time zone: an invoice due today is overdue tomorrow.
// Pure: client components use it too.

export type StoredInvoiceStatus = "pending" | "paid" | "cancelled";

export type InvoiceStateInput = {
  status: StoredInvoiceStatus;
  /** What was paid so far (a decimal string or number). */
  amountPaid: string | number;
  /** The due date as a Lima calendar day, or null when it has none. */
  dueDate: string | null;
};

/** An open invoice past its due date is "overdue" (partly paid or not); otherwise partly paid, or pending. */
export function invoiceState(input: InvoiceStateInput, today: string): InvoiceStatusCode {
  if (input.status !== "pending") return input.status;
  if (input.dueDate !== null && input.dueDate < today) return "overdue";
  return compareMoney(input.amountPaid, 0) > 0 ? "partially_paid" : "pending";
}

/** Whole days from the due date to `today` (Lima days): 1 the day after it, 0 on it, negative before. */
export function daysPastDue(dueDate: string, today: string): number {
  return daysBetween(dueDate, today);
}

/** The ageing buckets of money past due, by days late: 0–30, 31–60, 61–90, > 90. */
export const AGEING_BUCKETS = [
  { key: "d0_30", label: "0–30 días", max: 30 },
  { key: "d31_60", label: "31–60 días", max: 60 },
  { key: "d61_90", label: "61–90 días", max: 90 },
  { key: "d90_plus", label: "Más de 90 días", max: Number.POSITIVE_INFINITY },
] as const;
export type AgeingBucketKey = (typeof AGEING_BUCKETS)[number]["key"];

export function ageingBucket(daysLate: number): AgeingBucketKey {
  return AGEING_BUCKETS.find((bucket) => daysLate <= bucket.max)!.key;
}
