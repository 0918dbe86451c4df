import { describe, expect, it } from "vitest";
import { parseFaqEntry, parseSpecification, splitAtFirstColon } from "@/lib/catalog/lists";
import {
  billingPeriodLabel,
  billingPeriodSuffix,
  formatAmount,
  formatDate,
  formatDayMonth,
  formatLongDate,
  formatLongDay,
  formatMoney,
  formatMonthLong,
  formatMonthShort,
  formatShortDay,
  MONTH_ABBREVIATIONS,
  priceSuffix,
} from "@/lib/format";
import { formatShortDay as accountShortDay } from "@/components/account/dates";

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

describe("billing periods", () => {
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

describe("dates (es-ES with day, short month, year, hour and minute)", () => {
  it("prints Lima time whatever the server's zone", () => {
    expect(formatDate(new Date("2026-03-05T15:07:00Z"))).toBe("5 mar 2026, 10:07");
  });

  it("shows a dash for missing or invalid dates", () => {
    expect(formatDate(null)).toBe("—");
    expect(formatDate("no es fecha")).toBe("—");
    expect(formatShortDay(undefined)).toBe("—");
    expect(formatDayMonth("")).toBe("—");
  });

  it("use one set of month abbreviations in lists, charts and histories (September is «sept» everywhere)", () => {
    expect(formatDate(new Date("2026-09-27T17:30:00Z"))).toBe("27 sept 2026, 12:30");
    expect(formatShortDay("2026-09-27")).toBe("27 sept 2026");
    expect(accountShortDay("2026-09-27")).toBe("27 sept 2026");
    expect(formatDayMonth("2026-09-07")).toBe("7 sept");
    expect(formatMonthShort("2026-09-01")).toBe("sept");
    expect(formatMonthLong("2026-09-01")).toBe("septiembre de 2026");
    expect(formatLongDay("2026-09-07")).toBe("7 de septiembre de 2026");
    expect(formatLongDate(new Date("2026-11-22T19:05:00Z"))).toBe("22 de noviembre de 2026, 14:05");
    expect(MONTH_ABBREVIATIONS.map((_, month) => formatDayMonth(new Date(Date.UTC(2026, month, 1))))).toEqual([
      "1 ene", "1 feb", "1 mar", "1 abr", "1 may", "1 jun", "1 jul", "1 ago", "1 sept", "1 oct", "1 nov", "1 dic",
    ]);
  });

  it("print a calendar day as stored, and an instant's day in Lima when asked", () => {
    // 02:00 UTC on the 1st is still the 30th in Lima.
    expect(formatShortDay(new Date("2026-10-01T02:00:00Z"))).toBe("1 oct 2026");
    expect(formatShortDay(new Date("2026-10-01T02:00:00Z"), { timeZone: "lima" })).toBe("30 sept 2026");
    expect(formatDate(new Date("2026-10-01T05:00:00Z"))).toBe("1 oct 2026, 00:00");
  });
});

describe("amounts without a currency", () => {
  it("keep two decimals", () => {
    expect(formatAmount(249)).toBe("249.00");
    expect(formatAmount("199.9")).toBe("199.90");
    expect(formatAmount("-1250.5")).toBe("-1,250.50");
    expect(formatAmount("x")).toBe("—");
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
