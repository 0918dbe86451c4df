// The detracción rule: facturas of Anexo 3 services above S/ 700.00, the rate of the code, the
// deposit in whole soles (half a sol up), and the conversion of a dollar or euro total.
import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors";
import { CREDIT_NOTE_REASONS, DETRACTION_SERVICES, catalogLabel } from "@/lib/sunat/catalogs";
import { DETRACTION_RATES, detractionAmountPen, detractionFor } from "@/lib/sunat/detraction";

const account = "00-000-123456";

describe("detractionFor", () => {
  it("a factura of S/ 2,360.00 for code 037 (12 %): 283.20 is deposited as S/ 283", () => {
    expect(detractionFor({ type: "01", code: "037", totalPen: "2360.00", account })).toEqual({
      code: "037",
      percent: "12.00",
      amountPen: "283.00",
      account,
      paymentMeansCode: "001",
    });
  });

  it("rounds the deposit to whole soles, half a sol going up", () => {
    // 12 % of 1012.50 = 121.50 → 122; of 1012.49 = 121.4988 → 121.
    expect(detractionFor({ type: "01", code: "022", totalPen: "1012.50", account })?.amountPen).toBe("122.00");
    expect(detractionFor({ type: "01", code: "022", totalPen: "1012.49", account })?.amountPen).toBe("121.00");
    expect(detractionAmountPen("5000.00", "4.00")).toBe("200.00");
  });

  it("applies only above S/ 700.00", () => {
    expect(detractionFor({ type: "01", code: "037", totalPen: "700.00", account })).toBeNull();
    // 12 % of 700.01 = 84.0012 → 84.
    expect(detractionFor({ type: "01", code: "037", totalPen: "700.01", account })?.amountPen).toBe("84.00");
  });

  it("never applies to a boleta", () => {
    expect(detractionFor({ type: "03", code: "037", totalPen: "5000.00", account })).toBeNull();
  });

  it("converts a dollar or euro total with the exchange rate before the threshold and the rate", () => {
    // US$ 1,770.00 × 3.750 = S/ 6,637.50; 12 % = 796.50 → S/ 797.
    expect(detractionFor({ type: "01", code: "037", total: "1770.00", currency: "USD", exchangeRate: "3.750", account })?.amountPen).toBe(
      "797.00",
    );
    // US$ 186.67 × 3.75 = 700.0125 (over the threshold); US$ 186.66 × 3.75 = 699.975 (not).
    expect(detractionFor({ type: "01", code: "037", total: "186.67", currency: "USD", exchangeRate: "3.75", account })?.amountPen).toBe(
      "84.00",
    );
    expect(detractionFor({ type: "01", code: "037", total: "186.66", currency: "USD", exchangeRate: "3.75", account })).toBeNull();
    // € 1,000.00 × 4.10 = S/ 4,100.00; code 019 (10 %) = 410.
    expect(detractionFor({ type: "01", code: "019", total: "1000.00", currency: "EUR", exchangeRate: "4.10", account })?.amountPen).toBe(
      "410.00",
    );
    // A PEN total given with a currency needs no rate.
    expect(detractionFor({ type: "01", code: "037", total: "2360.00", currency: "PEN", account })?.amountPen).toBe("283.00");
  });

  it("refuses a foreign-currency total without an exchange rate", () => {
    expect(() => detractionFor({ type: "01", code: "037", total: "1770.00", currency: "USD", account })).toThrow(DomainError);
    expect(() => detractionFor({ type: "01", code: "037", total: "1770.00", currency: "USD", exchangeRate: "0", account })).toThrow(
      "Falta el tipo de cambio para calcular la detracción.",
    );
  });

  it("refuses a code outside Anexo 3 (a good, or an unknown code)", () => {
    expect(() => detractionFor({ type: "01", code: "001", totalPen: "5000.00", account })).toThrow(DomainError);
    expect(() => detractionFor({ type: "01", code: "999", totalPen: "5000.00", account })).toThrow(DomainError);
  });

  it("needs the account only when the detracción applies", () => {
    expect(() => detractionFor({ type: "01", code: "037", totalPen: "5000.00", account: " " })).toThrow(
      "Falta la cuenta de detracciones del Banco de la Nación.",
    );
    expect(detractionFor({ type: "01", code: "037", totalPen: "500.00", account: "" })).toBeNull();
  });
});

describe("the catalogues", () => {
  it("every Anexo 3 service has a rate, and the rates are SUNAT's", () => {
    expect(Object.keys(DETRACTION_RATES).sort()).toEqual(Object.keys(DETRACTION_SERVICES).sort());
    expect(DETRACTION_SERVICES["037"]).toBe("Demás servicios gravados con el IGV");
    expect(DETRACTION_SERVICES["022"]).toBe("Otros servicios empresariales");
    expect([DETRACTION_RATES["037"], DETRACTION_RATES["022"], DETRACTION_RATES["030"], DETRACTION_RATES["019"]]).toEqual([
      "12.00",
      "12.00",
      "4.00",
      "10.00",
    ]);
  });

  it("labels the credit-note reasons as catalogue 09 does, and knows no code outside it", () => {
    expect(catalogLabel(CREDIT_NOTE_REASONS, "01")).toBe("Anulación de la operación");
    expect(catalogLabel(CREDIT_NOTE_REASONS, "07")).toBe("Devolución por ítem");
    expect(catalogLabel(CREDIT_NOTE_REASONS, "13")).toMatch(/^Corrección del monto neto pendiente de pago/);
    expect(catalogLabel(CREDIT_NOTE_REASONS, "14")).toBeUndefined();
    expect(catalogLabel(CREDIT_NOTE_REASONS, "toString")).toBeUndefined();
  });
});
