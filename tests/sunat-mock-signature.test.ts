import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSunatMock, type SunatMock } from "@/scripts/lib/sunat-mock/server";
import { parseCdr } from "@/lib/sunat/cdr";
import { createTestPfx, readPfx } from "@/lib/sunat/certificate";
import { signXml } from "@/lib/sunat/sign";
import { createBillServiceClient } from "@/lib/sunat/soap";
import { zipXml } from "@/lib/sunat/zip";

// The SUNAT stand-in judges signatures as SUNAT does: a document must carry a valid enveloped
// signature (2335 "ha sido alterado" otherwise) made with a certificate of the issuer's RUC (2325).

const SAMPLE = readFileSync("tests/fixtures/sunat/sample-invoice.xml", "utf8");
const RUC = "20123456786";
const NAME = `${RUC}-01-F001-123`;

let mock: SunatMock;
const credential = (ruc: string) => readPfx(createTestPfx({ ruc, legalName: "Consultora Ñandú S.A.C.", password: "x" }), "x").credential;

beforeAll(async () => {
  mock = await startSunatMock({ pendingPolls: 0 });
});
afterAll(async () => {
  await mock?.close();
});

const send = (xml: string, name = NAME) =>
  createBillServiceClient({ endpoint: mock.url, username: `${RUC}MODDATOS`, password: "moddatos" }).sendBill(`${name}.zip`, zipXml(name, xml));

describe("the stand-in's signature check", () => {
  it("accepts a document signed with a certificate of the issuer's RUC", async () => {
    const signed = signXml(SAMPLE, credential(RUC));
    const cdr = parseCdr(await send(signed.xml));
    expect(cdr.responseCode).toBe("0");
  });

  it("rejects a document changed after signing with 2335", async () => {
    const signed = signXml(SAMPLE.replace("F001-123", "F001-124"), credential(RUC));
    const tampered = signed.xml.replace(/(<cbc:PayableAmount currencyID="PEN">)[^<]+/, "$1100.00");
    expect(tampered).not.toBe(signed.xml);
    const cdr = parseCdr(await send(tampered, `${RUC}-01-F001-124`));
    expect(cdr.responseCode).toBe("2335");
  });

  it("rejects a document signed with another RUC's certificate with 2325", async () => {
    const signed = signXml(SAMPLE.replace("F001-123", "F001-125"), credential("20131312955"));
    const cdr = parseCdr(await send(signed.xml, `${RUC}-01-F001-125`));
    expect(cdr.responseCode).toBe("2325");
  });
});
