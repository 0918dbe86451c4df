import { describe, expect, it } from "vitest";
import { parseFaqEntry, parseSpecification, splitAtFirstColon } from "@/lib/catalog/lists";
import { billingPeriodLabel, billingPeriodSuffix, formatDate, formatMoney, priceSuffix } from "@/lib/format";

describe("money", () => {
  it("is written in its own currency, never a fixed $", () => {
    expect(formatMoney(1250, "PEN")).toBe("S/ 1,250.00");
    expect(formatMoney("89.5", "USD")).toBe("US$ 89.50");
    expect(formatMoney(1000000, "EUR")).toBe("€ 1,000,000.00");
    expect(formatMoney(-3, "PEN")).toBe("-S/ 3.00");
  });

  it("shows a dash for what is not a number", () => {
    expect(formatMoney("abc", "USD")).toBe("—");
    expect(formatMoney(Number.NaN, "USD")).toBe("—");
  });
});

describe("billing periods (spec §4)", () => {
  it("labels monthly and yearly, and anything else as a single payment", () => {
    expect([billingPeriodLabel("monthly"), billingPeriodLabel("yearly"), billingPeriodLabel("one_time")]).toEqual([
      "Mensual",
      "Anual",
      "Pago Único",
    ]);
    expect([billingPeriodSuffix("monthly"), billingPeriodSuffix("yearly"), billingPeriodSuffix("weekly")]).toEqual([
      "mes",
      "año",
      "pago único",
    ]);
  });

  it("follow a price as a period, or as a single payment", () => {
    expect([priceSuffix("monthly"), priceSuffix("yearly"), priceSuffix("one_time")]).toEqual(["/ mes", "/ año", "pago único"]);
  });
});

describe("dates (spec §9: es-ES with day, short month, year, hour and minute)", () => {
  it("prints Lima time whatever the server's zone", () => {
    expect(formatDate(new Date("2026-03-05T15:07:00Z"))).toBe("5 mar 2026, 10:07");
  });

  it("shows a dash for missing or invalid dates", () => {
    expect(formatDate(null)).toBe("—");
    expect(formatDate("no es fecha")).toBe("—");
  });
});

describe("catalogue list entries", () => {
  it("split an FAQ at the first colon only", () => {
    expect(parseFaqEntry("¿Qué incluye el soporte?: Atención 24/7: teléfono y correo")).toEqual({
      question: "¿Qué incluye el soporte?",
      answer: "Atención 24/7: teléfono y correo",
    });
    expect(parseFaqEntry("¿Sin respuesta?")).toEqual({ question: "¿Sin respuesta?", answer: "" });
  });

  it("split a specification into name and value", () => {
    expect(parseSpecification("Usuarios: hasta 50")).toEqual({ name: "Usuarios", value: "hasta 50" });
    expect(parseSpecification("Hosting en la nube")).toEqual({ name: "", value: "Hosting en la nube" });
    expect(splitAtFirstColon("  a :  b:c ")).toEqual({ head: "a", tail: "b:c" });
  });
});
