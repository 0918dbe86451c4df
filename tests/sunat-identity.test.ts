// RUC and DNI checks and the catalogue-06 type of a customer's number. The valid RUCs are real
// ones (SUNAT's own, two banks') and constructed ones whose check digit is worked out below by
// SUNAT's rule: weights 5 4 3 2 7 6 5 4 3 2 on the first ten digits, r = sum mod 11, digit = 11 − r
// with 10 → 0 and 11 → 1.
import { describe, expect, it } from "vitest";
import { identityTypeOf, isValidDni, isValidRuc, rucCheckDigit } from "@/lib/sunat/identity";

describe("isValidRuc", () => {
  it("accepts real RUCs", () => {
    // SUNAT: 2·5+0·4+1·3+3·2+1·7+3·6+1·5+2·4+9·3+5·2 = 94, 94 mod 11 = 6, 11 − 6 = 5.
    expect(isValidRuc("20131312955")).toBe(true);
    // Banco de Crédito del Perú: sum 69, mod 11 = 3, 11 − 3 = 8.
    expect(isValidRuc("20100047218")).toBe(true);
    // BBVA Perú: sum 40, mod 11 = 7, 11 − 7 = 4.
    expect(isValidRuc("20100130204")).toBe(true);
  });

  it("maps 11 − r = 10 to 0 and 11 to 1", () => {
    // 2010000005: sum 23, r = 1, 11 − 1 = 10 → 0.
    expect(rucCheckDigit("2010000005")).toBe(0);
    expect(isValidRuc("20100000050")).toBe(true);
    // 2010000030: sum 22, r = 0, 11 − 0 = 11 → 1.
    expect(rucCheckDigit("2010000030")).toBe(1);
    expect(isValidRuc("20100000301")).toBe(true);
    // 1040000002: sum 21, r = 10, 11 − 10 = 1.
    expect(isValidRuc("10400000021")).toBe(true);
  });

  it("accepts the prefixes 10, 15, 17 and 20", () => {
    // 1512345678: sum 1·5+5·4+1·3+2·2+3·7+4·6+5·5+6·4+7·3+8·2 = 163, r = 9, digit 2.
    expect(isValidRuc("15123456782")).toBe(true);
    // 1712345678: 5+28+3+4+21+24+25+24+21+16 = 171, r = 6, digit 5.
    expect(isValidRuc("17123456785")).toBe(true);
    // 1045678912: 5+0+12+10+42+42+40+36+3+4 = 194, r = 7, digit 4.
    expect(isValidRuc("10456789124")).toBe(true);
  });

  it("refuses a wrong check digit, a wrong prefix, a wrong length and non-digits", () => {
    expect(isValidRuc("20131312954")).toBe(false);
    expect(isValidRuc("20100047219")).toBe(false);
    // 3013131295: sum 99, r = 0, digit 1: the check digit is right, but 30 is not a RUC prefix.
    expect(rucCheckDigit("3013131295")).toBe(1);
    expect(isValidRuc("30131312951")).toBe(false);
    expect(isValidRuc("2013131295")).toBe(false);
    expect(isValidRuc("201313129550")).toBe(false);
    expect(isValidRuc("2013131295A")).toBe(false);
    expect(isValidRuc(" 20131312955")).toBe(false);
    expect(isValidRuc("")).toBe(false);
  });
});

describe("isValidDni", () => {
  it("is eight digits", () => {
    expect(isValidDni("45678912")).toBe(true);
    expect(isValidDni("04567891")).toBe(true);
    expect(isValidDni("4567891")).toBe(false);
    expect(isValidDni("456789123")).toBe(false);
    expect(isValidDni("4567891A")).toBe(false);
  });
});

describe("identityTypeOf", () => {
  it("tells a RUC (6), a DNI (1) and no document (0) apart", () => {
    expect(identityTypeOf("20131312955")).toBe("6");
    expect(identityTypeOf(" 20131312955 ")).toBe("6");
    expect(identityTypeOf("45678912")).toBe("1");
    expect(identityTypeOf("")).toBe("0");
    expect(identityTypeOf("-")).toBe("0");
    expect(identityTypeOf(null)).toBe("0");
    expect(identityTypeOf(undefined)).toBe("0");
  });

  it("does not guess: an 11-digit number with a wrong check digit or a foreign document is null", () => {
    expect(identityTypeOf("20131312954")).toBeNull();
    expect(identityTypeOf("001234567")).toBeNull();
    expect(identityTypeOf("AB1234567")).toBeNull();
  });
});
