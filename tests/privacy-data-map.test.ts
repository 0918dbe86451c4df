// The data map (lib/privacy/data-map.ts) keeps "Mis datos" and the erasure complete: every model
// of the generated Prisma client is classified (a new model fails here until someone says whether
// it holds personal data, where it is exported and what an erasure does to it), every group a
// model is exported under is really in the export with that model's rows, and the records the law
// makes us keep are marked so.
import { beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { DATA_MAP, MY_DATA_GROUPS, type ErasureRule, type ModelClassification } from "@/lib/privacy/data-map";
import { collectMyData, type MyData } from "@/lib/privacy/my-data";
import { createPersonWithEverything } from "./helpers/my-data";

const MODELS = Object.values(Prisma.ModelName);
const RULES: ErasureRule[] = ["delete", "anonymize", "keep_fiscal", "keep_legal", "none"];
const entries = Object.entries(DATA_MAP) as [Prisma.ModelName, ModelClassification][];

let data: MyData;

beforeAll(async () => {
  const person = await createPersonWithEverything();
  data = await collectMyData(person.user.id);
});

describe("the data map", () => {
  it("classifies every model of the schema, and only those", () => {
    const missing = MODELS.filter((model) => !(model in DATA_MAP));
    expect(missing, `Clasifica estos modelos en lib/privacy/data-map.ts: ${missing.join(", ")}`).toEqual([]);
    expect(Object.keys(DATA_MAP).filter((model) => !MODELS.includes(model as Prisma.ModelName))).toEqual([]);
  });

  it("gives each model exactly one classification and an erasure rule with its reason", () => {
    for (const [model, entry] of entries) {
      const kinds = (["exported", "withheld", "notPersonal"] as const).filter((kind) => kind in entry);
      expect(kinds, model).toHaveLength(1);
      expect(RULES, model).toContain(entry.onErasure);
      expect(entry.erasureReason.trim().length, model).toBeGreaterThan(10);
      if ("withheld" in entry) expect(entry.withheld.trim().length, model).toBeGreaterThan(10);
      if ("notPersonal" in entry) expect(entry.notPersonal.trim().length, model).toBeGreaterThan(5);
      if (entry.onErasure === "anonymize") expect(entry.personalFields?.length ?? 0, `${model} anonymizes: which fields?`).toBeGreaterThan(0);
      // Whatever belongs to a person says how its rows are found.
      if (!("notPersonal" in entry)) expect(entry.ownedBy, model).toEqual(expect.any(String));
    }
  });

  it("names only groups the export has, and every group of the export is fed by some model", () => {
    const fed = new Set(entries.flatMap(([, entry]) => ("exported" in entry ? [entry.exported] : [])));
    for (const group of fed) expect(MY_DATA_GROUPS).toContain(group);
    expect([...MY_DATA_GROUPS].filter((group) => !fed.has(group))).toEqual([]);
  });

  it("finds every exported group, with rows, in a real export of a client with one of everything", () => {
    expect(Object.keys(data).filter((key) => MY_DATA_GROUPS.includes(key as never))).toEqual([...MY_DATA_GROUPS]);
    for (const [model, entry] of entries) {
      if (!("exported" in entry)) continue;
      const group = data[entry.exported];
      expect(group, `${model} → ${entry.exported}`).toBeDefined();
      if (Array.isArray(group)) expect(group.length, `${model} → ${entry.exported} has no rows`).toBeGreaterThan(0);
    }
  });

  it("keeps what tax and consumer law require, and deletes credentials", () => {
    for (const model of ["Invoice", "InvoiceLine", "CreditNote", "CreditNoteLine", "ElectronicDocument", "Payment"] as const) {
      expect(DATA_MAP[model].onErasure, model).toBe("keep_fiscal");
    }
    expect(DATA_MAP.Complaint.onErasure).toBe("keep_legal");
    expect(DATA_MAP.AuditLog.onErasure).toBe("keep_legal");
    expect(DATA_MAP.User.onErasure).toBe("anonymize");
    for (const model of ["Account", "Session", "ApiToken", "PasswordResetToken", "EmailVerificationToken", "TwoFactorRecoveryCode", "TwoFactorChallenge"] as const) {
      expect(DATA_MAP[model].onErasure, model).toBe("delete");
    }
  });
});
