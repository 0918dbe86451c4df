import { describe, expect, it } from "vitest";
import { addBusinessDays, businessDaysLeft, HOLIDAY_YEARS, holidayOn, isBusinessDay } from "@/lib/legal/business-days";
import holidays from "@/lib/legal/peru-holidays.json";

describe("business days of Peru", () => {
  it("a sheet filed on a Friday before the December holidays is due 15 business days later, skipping 8 and 9 December", () => {
    // 2026-11-27 is a Friday; Mon 30 Nov … Mon 7 Dec are days 1–6, 8 and 9 Dec are holidays.
    expect(addBusinessDays("2026-11-27", 15)).toBe("2026-12-22");
  });

  it("skips Fiestas Patrias and the Air Force day in July, and weekends across a month end", () => {
    expect(addBusinessDays("2026-07-20", 5)).toBe("2026-07-30");
    // Thursday 30 April 2026 + 2: Friday 1 May is a holiday, then Monday 4 and Tuesday 5 May.
    expect(addBusinessDays("2026-04-30", 2)).toBe("2026-05-05");
    // Holy week: Wednesday 1 April 2026 + 1 skips Thursday 2 and Friday 3.
    expect(addBusinessDays("2026-04-01", 1)).toBe("2026-04-06");
  });

  it("a date filed on a weekend counts from the next business day, and the start day never counts", () => {
    expect(addBusinessDays("2026-11-28", 1)).toBe("2026-11-30");
    expect(addBusinessDays("2026-11-30", 0)).toBe("2026-11-30");
    expect(() => addBusinessDays("2026-11-30", -1)).toThrow(RangeError);
  });

  it("days left: positive before the due date, 0 on it, negative business days after it", () => {
    expect(businessDaysLeft("2026-12-01", "2026-12-04")).toBe(3);
    expect(businessDaysLeft("2026-12-04", "2026-12-04")).toBe(0);
    // The weekend right after a Friday due date is already late.
    expect(businessDaysLeft("2026-12-05", "2026-12-04")).toBe(-1);
    expect(businessDaysLeft("2026-12-06", "2026-12-04")).toBe(-1);
    expect(businessDaysLeft("2026-12-07", "2026-12-04")).toBe(-1);
    // 8 and 9 December are holidays: Thursday 10 is the second business day late.
    expect(businessDaysLeft("2026-12-10", "2026-12-04")).toBe(-2);
    // Across a year end: 31 Dec 2026 (Thursday) to 4 Jan 2027 (Monday); 1 Jan is a holiday.
    expect(businessDaysLeft("2026-12-31", "2027-01-04")).toBe(1);
  });

  it("knows the sixteen national holidays of each year it covers, none twice, all real dates", () => {
    expect(HOLIDAY_YEARS).toEqual(expect.arrayContaining([2026, 2027]));
    for (const [year, days] of Object.entries(holidays.years as Record<string, { date: string; name: string }[]>)) {
      expect(days).toHaveLength(16);
      expect(new Set(days.map((day) => day.date)).size).toBe(16);
      for (const day of days) {
        expect(day.date.startsWith(`${year}-`)).toBe(true);
        expect(new Date(`${day.date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(day.date);
      }
    }
    expect(holidayOn("2026-07-28")).toBe("Fiestas Patrias");
    expect(holidayOn("2026-07-27")).toBeNull();
    expect(isBusinessDay("2026-12-25")).toBe(false);
    expect(isBusinessDay("2026-12-24")).toBe(true);
    expect(holidays.source).toMatch(/Decreto Legislativo N\.° 713/);
  });
});
