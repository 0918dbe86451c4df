// The invoice state rules on their own (lib/billing/state.ts, pure): which of the five states an
// invoice is in from what is stored, what was paid and the due date on a Lima calendar day, how
// late an overdue one is and in which ageing bucket it falls.
import { describe, expect, it } from "vitest";
import { AGEING_BUCKETS, ageingBucket, daysPastDue, invoiceState } from "@/lib/billing/state";
import { INVOICE_STATUS_LABELS, isOpenInvoice } from "@/lib/billing/labels";

const TODAY = "2026-12-03";

describe("invoiceState", () => {
  it("an open invoice with nothing paid is pending until its due date, then overdue", () => {
    expect(invoiceState({ status: "pending", amountPaid: "0.00", dueDate: "2026-12-04" }, TODAY)).toBe("pending");
    // Due today: still not overdue; due yesterday: overdue.
    expect(invoiceState({ status: "pending", amountPaid: "0.00", dueDate: "2026-12-03" }, TODAY)).toBe("pending");
    expect(invoiceState({ status: "pending", amountPaid: "0.00", dueDate: "2026-12-02" }, TODAY)).toBe("overdue");
  });

  it("something paid makes it partly paid; past its due date it is overdue all the same", () => {
    expect(invoiceState({ status: "pending", amountPaid: "0.01", dueDate: "2026-12-03" }, TODAY)).toBe("partially_paid");
    expect(invoiceState({ status: "pending", amountPaid: 50, dueDate: null }, TODAY)).toBe("partially_paid");
    expect(invoiceState({ status: "pending", amountPaid: "50.00", dueDate: "2026-11-30" }, TODAY)).toBe("overdue");
  });

  it("an invoice without a due date is never overdue", () => {
    expect(invoiceState({ status: "pending", amountPaid: "0.00", dueDate: null }, "2099-01-01")).toBe("pending");
  });

  it("paid and cancelled stay so whatever the date", () => {
    expect(invoiceState({ status: "paid", amountPaid: "118.00", dueDate: "2020-01-01" }, TODAY)).toBe("paid");
    expect(invoiceState({ status: "cancelled", amountPaid: "0.00", dueDate: "2020-01-01" }, TODAY)).toBe("cancelled");
  });

  it("crosses month and year ends by calendar day", () => {
    expect(invoiceState({ status: "pending", amountPaid: "0", dueDate: "2026-12-31" }, "2027-01-01")).toBe("overdue");
    expect(invoiceState({ status: "pending", amountPaid: "0", dueDate: "2027-01-01" }, "2026-12-31")).toBe("pending");
  });

  it("every state has its Spanish label, and only pending, partly paid and overdue still ask for money", () => {
    expect(INVOICE_STATUS_LABELS).toEqual({ pending: "Pendiente", partially_paid: "Parcialmente pagada", overdue: "Vencida", paid: "Pagada", cancelled: "Anulada" });
    expect(["pending", "partially_paid", "overdue", "paid", "cancelled"].filter(isOpenInvoice)).toEqual(["pending", "partially_paid", "overdue"]);
  });
});

describe("daysPastDue and the ageing buckets", () => {
  it("counts whole Lima days from the due date, across months and leap days", () => {
    expect(daysPastDue("2026-12-02", TODAY)).toBe(1);
    expect(daysPastDue("2026-12-03", TODAY)).toBe(0);
    expect(daysPastDue("2026-12-10", TODAY)).toBe(-7);
    expect(daysPastDue("2028-02-28", "2028-03-01")).toBe(2);
    expect(daysPastDue("2025-12-03", TODAY)).toBe(365);
  });

  it("puts 1–30 days late in 0–30, 31–60, 61–90 and anything later in Más de 90", () => {
    const cases: [number, string][] = [
      [1, "d0_30"],
      [30, "d0_30"],
      [31, "d31_60"],
      [60, "d31_60"],
      [61, "d61_90"],
      [90, "d61_90"],
      [91, "d90_plus"],
      [1000, "d90_plus"],
    ];
    for (const [days, bucket] of cases) expect([days, ageingBucket(days)]).toEqual([days, bucket]);
    expect(AGEING_BUCKETS.map((bucket) => bucket.label)).toEqual(["0–30 días", "31–60 días", "61–90 días", "Más de 90 días"]);
  });
});
