// The one median and percentile the measuring scripts (bench, bench:inbox, lighthouse) share.
import { describe, expect, it } from "vitest";
import { median, percentile } from "@/lib/stats";

describe("median", () => {
  it("is the middle value of an odd count, whatever the order", () => {
    expect(median([9, 1, 5])).toBe(5);
  });

  it("is the mean of the two middle values of an even count", () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("leaves its input in place", () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });

  it("has no value for no values", () => {
    expect(median([])).toBeNaN();
  });
});

describe("percentile", () => {
  const sorted = Array.from({ length: 100 }, (_, index) => index + 1);

  it("is the nearest-rank value: the smallest that p % of the values do not exceed", () => {
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile(sorted, 100)).toBe(100);
    expect(percentile([10, 20, 30], 50)).toBe(20);
    expect(percentile([10, 20, 30], 95)).toBe(30);
  });

  it("is the only value of a single sample", () => {
    expect(percentile([7], 1)).toBe(7);
    expect(percentile([7], 99)).toBe(7);
  });
});
