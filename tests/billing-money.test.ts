// Exact invoice arithmetic and the billing input rules shared by forms, actions and the API
// (lib/billing/money.ts, lib/billing/schema.ts, lib/billing/dates.ts).
import { describe, expect, it } from "vitest";
import { addMonths, isCalendarDate, formatCalendarDate } from "@/lib/dates";
import { balanceDue, invoiceTotals } from "@/lib/billing/money";
import { invoiceCreateSchema, paymentCreateSchema, taxIdSchema } from "@/lib/billing/schema";

describe("invoiceTotals", () => {
  it("3 × 33.33 is 99.99 + IGV 18.00 = 117.99, in exact decimals", () => {
    expect(invoiceTotals([{ quantity: "3", unit_price: "33.33" }])).toEqual({
      subtotal: "99.99",
      tax_amount: "18.00",
      total: "117.99",
      line_totals: ["99.99"],
    });
  });

  it("rounds each line and the IGV half up to cents, never drifting like floats", () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004; 1.5 × 0.15 = 0.225 → 0.23.
    const totals = invoiceTotals([
      { quantity: "1", unit_price: "0.10" },
      { quantity: "1", unit_price: "0.20" },
      { quantity: "1.5", unit_price: "0.15" },
    ]);
    expect(totals.line_totals).toEqual(["0.10", "0.20", "0.23"]);
    expect(totals.subtotal).toBe("0.53");
    expect(totals.tax_amount).toBe("0.10"); // 0.0954 → 0.10
    expect(totals.total).toBe("0.63");
  });

  it("keeps every cent of amounts beyond what floats hold exactly", () => {
    const totals = invoiceTotals([{ quantity: "1", unit_price: "8474576271.19" }]);
    expect(totals.tax_amount).toBe("1525423728.81");
    expect(totals.total).toBe("10000000000.00");
  });

  it("a balance is never negative", () => {
    expect(balanceDue("117.99", "100.00")).toBe("17.99");
    expect(balanceDue("117.99", "117.99")).toBe("0.00");
  });
});

describe("billing schemas", () => {
  const line = { description: "Horas de consultoría", quantity: "3", unit_price: "33.33" };
  const invoice = { user_id: "cm123", currency: "PEN", due_date: "2027-01-31", lines: [line] };

  it("accepts amounts as strings or numbers with up to 2 decimals", () => {
    expect(invoiceCreateSchema.safeParse(invoice).success).toBe(true);
    expect(invoiceCreateSchema.safeParse({ ...invoice, lines: [{ ...line, quantity: 3, unit_price: 33.33 }] }).success).toBe(true);
  });

  it.each([
    ["zero quantity", { ...line, quantity: "0" }],
    ["negative price", { ...line, unit_price: "-5" }],
    ["three decimals", { ...line, unit_price: "1.005" }],
    ["a float artefact", { ...line, unit_price: 0.1 + 0.2 }],
    ["text", { ...line, quantity: "tres" }],
    ["empty description", { ...line, description: " " }],
  ])("refuses %s with a Spanish message", (_label, bad) => {
    const result = invoiceCreateSchema.safeParse({ ...invoice, lines: [bad] });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0].message).toMatch(/[áéíóúñ]|Ingresa|obligatoria/);
  });

  it("refuses an unknown currency, no lines, more than 50 lines and an impossible date", () => {
    expect(invoiceCreateSchema.safeParse({ ...invoice, currency: "GBP" }).success).toBe(false);
    expect(invoiceCreateSchema.safeParse({ ...invoice, lines: [] }).success).toBe(false);
    expect(invoiceCreateSchema.safeParse({ ...invoice, lines: Array(51).fill(line) }).success).toBe(false);
    expect(invoiceCreateSchema.safeParse({ ...invoice, due_date: "2027-02-30" }).success).toBe(false);
  });

  it("payment methods are transferencia, tarjeta, yape, plin and efectivo", () => {
    for (const method of ["transferencia", "tarjeta", "yape", "plin", "efectivo"]) {
      expect(paymentCreateSchema.safeParse({ invoice_id: 1, amount: "10", method }).success).toBe(true);
    }
    expect(paymentCreateSchema.safeParse({ invoice_id: 1, amount: "10", method: "bitcoin" }).success).toBe(false);
  });

  it("a tax id is a RUC with its módulo-11 check digit or an 8-digit DNI", () => {
    expect(taxIdSchema.parse("20551234569")).toBe("20551234569");
    expect(taxIdSchema.parse("2055-1234-569")).toBe("20551234569");
    expect(taxIdSchema.parse("45678912")).toBe("45678912");
    expect(taxIdSchema.parse("")).toBeNull();
    expect(taxIdSchema.safeParse("20551234568").success).toBe(false); // wrong check digit
    expect(taxIdSchema.safeParse("2055123456").success).toBe(false); // 10 digits
    expect(taxIdSchema.safeParse("1234567").success).toBe(false);
  });
});

describe("calendar dates", () => {
  it("adds months keeping to the month's last day and prints dd/mm/yyyy", () => {
    expect(addMonths("2027-01-31", 1)).toBe("2027-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(isCalendarDate("2027-02-29")).toBe(false);
    expect(formatCalendarDate("2027-03-05")).toBe("05/03/2027");
  });
});
