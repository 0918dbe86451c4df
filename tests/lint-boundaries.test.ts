// The import rules of eslint.config.mjs (docs/architecture.md, "Layers"): each one fires on a
// deliberate violation and stays quiet on an allowed import. The code is linted from memory
// (lintText) under a file path inside the repository, except the import cycle, which needs two
// real files for the rule to follow; they live in a folder removed afterwards.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const RESTRICTED = "import-x/no-restricted-paths";
const CYCLE = "import-x/no-cycle";

// Only the import rules run: the test is about them, and it keeps each lint fast.
const eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId.startsWith("import-x/") });

async function importRulesFired(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages.map((message) => message.ruleId ?? `fatal: ${message.message}`);
}

// The first lint loads the configuration, the parsers and the resolver (seconds on a busy
// machine): done once here, under the hook's longer timeout, so each test only lints.
beforeAll(async () => {
  await importRulesFired("lib/lint-warm-up.ts", "export const warm = 1;\n");
});

describe("layer boundaries (import-x/no-restricted-paths)", () => {
  it.each([
    ["components/ → app/", "components/admin/lint-probe.tsx", 'import RootLayout from "@/app/layout";\nexport const probe = RootLayout;\n'],
    ["components/ → lib/http", "components/ui/lint-probe.ts", 'import { dataResponse } from "@/lib/http/route";\nexport const probe = dataResponse;\n'],
    ["lib/ → components/", "lib/lint-probe.ts", 'import { Button } from "@/components/ui/button";\nexport const probe = Button;\n'],
    ["lib/<domain> → components/", "lib/catalog/lint-probe.ts", 'import { Button } from "@/components/ui/button";\nexport const probe = Button;\n'],
    ["lib/ → app/", "lib/users/lint-probe.ts", 'import RootLayout from "@/app/layout";\nexport const probe = RootLayout;\n'],
    ["lib/<domain> → lib/http", "lib/billing/lint-probe.ts", 'import { dataResponse } from "@/lib/http/route";\nexport const probe = dataResponse;\n'],
    ["lib/<domain>/<sub> → lib/http", "lib/billing/reports/lint-probe.ts", 'import { readJsonBody } from "@/lib/http/body";\nexport const probe = readJsonBody;\n'],
    ["lib/<domain> → lib/http (relative path)", "lib/support/lint-probe.ts", 'import { dataResponse } from "../http/route";\nexport const probe = dataResponse;\n'],
    ["lib/<domain> → lib/actions", "lib/audit/lint-probe.ts", 'import { runAction } from "@/lib/actions/run";\nexport const probe = runAction;\n'],
    ["a top-level lib/ file → lib/http", "lib/lint-probe.ts", 'import { dataResponse } from "@/lib/http/route";\nexport const probe = dataResponse;\n'],
    ["a page → lib/http", "app/(site)/lint-probe/page.tsx", 'import { dataResponse } from "@/lib/http/route";\nexport const probe = dataResponse;\n'],
    ["a root layout → lib/http", "app/lint-probe-layout.tsx", 'import { dataResponse } from "@/lib/http/route";\nexport const probe = dataResponse;\n'],
  ])("refuses %s", async (_, filePath, code) => {
    expect(await importRulesFired(filePath, code)).toEqual([RESTRICTED]);
  });

  it.each([
    ["components/ → lib/", "components/admin/lint-probe.tsx", 'import { formatMoney } from "@/lib/format";\nexport const probe = formatMoney;\n'],
    ["components/ → components/", "components/admin/lint-probe.tsx", 'import { Button } from "@/components/ui/button";\nexport const probe = Button;\n'],
    ["a domain's server actions → lib/http", "lib/billing/actions.ts", 'import { dataResponse } from "@/lib/http/route";\nexport const probe = dataResponse;\n'],
    ["a domain's server actions → lib/actions", "lib/billing/actions.ts", 'import { runAction } from "@/lib/actions/run";\nexport const probe = runAction;\n'],
    ["a server-action module of actions/ → lib/http", "lib/catalog/actions/lint-probe.ts", 'import { readJsonBody } from "@/lib/http/body";\nexport const probe = readJsonBody;\n'],
    ["lib/actions → lib/http", "lib/actions/lint-probe.ts", 'import { HttpError } from "@/lib/http/errors";\nexport const probe = HttpError;\n'],
    ["lib/http → a domain", "lib/http/lint-probe.ts", 'import { requireActor } from "@/lib/auth/actor";\nexport const probe = requireActor;\n'],
    ["a route handler → lib/http", "app/api/v1/lint-probe/route.ts", 'import { dataResponse } from "@/lib/http/route";\nexport const probe = dataResponse;\n'],
    ["a route handler outside app/api → lib/http", "app/lint-probe.xml/route.ts", 'import { dataResponse } from "@/lib/http/route";\nexport const probe = dataResponse;\n'],
    ["route handlers' shared code under app/api → lib/http", "app/api/v1/admin/_lint-probe/routes.ts", 'import { dataResponse } from "@/lib/http/route";\nexport const probe = dataResponse;\n'],
    ["a domain → a pure shared piece", "lib/billing/lint-probe.ts", 'import { pageRequest } from "@/lib/list/paging";\nimport { csvRow } from "@/lib/csv";\nimport { notFound } from "@/lib/errors";\nexport const probe = [pageRequest, csvRow, notFound];\n'],
    ["a page → lib/", "app/(site)/lint-probe/page.tsx", 'import { formatMoney } from "@/lib/format";\nexport const probe = formatMoney;\n'],
  ])("allows %s", async (_, filePath, code) => {
    expect(await importRulesFired(filePath, code)).toEqual([]);
  });
});

describe("import cycles (import-x/no-cycle)", () => {
  // A folder of its own inside the repository (under tests/, which no other test scans for
  // modules), so the probe files resolve like any module, "@/…" paths included.
  const folder = path.join(root, "tests", `lint-cycle-probe-${process.pid}`);
  const relative = (file: string) => path.relative(root, path.join(folder, file));

  beforeAll(() => {
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, "a.ts"), `import { b } from "@/${relative("b").split(path.sep).join("/")}";\nexport const a = () => b();\n`);
    writeFileSync(path.join(folder, "b.ts"), 'import { a } from "./a";\nexport const b = () => a;\n');
    writeFileSync(path.join(folder, "types-a.ts"), 'import type { B } from "./types-b";\nexport type A = { b?: B };\n');
    writeFileSync(path.join(folder, "types-b.ts"), 'import type { A } from "./types-a";\nexport type B = { a?: A };\n');
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("refuses two modules that import each other, on both of them", async () => {
    const results = await eslint.lintFiles([relative("a.ts"), relative("b.ts")]);
    expect(results.map((result) => result.messages.map((message) => message.ruleId))).toEqual([[CYCLE], [CYCLE]]);
  });

  it("lets type-only imports go both ways (they are erased from the build)", async () => {
    const results = await eslint.lintFiles([relative("types-a.ts"), relative("types-b.ts")]);
    expect(results.map((result) => result.messages)).toEqual([[], []]);
  });
});

describe("server actions live in lib/<domain>/actions.ts (no-restricted-syntax)", () => {
  const directives = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === "no-restricted-syntax" });
  const fired = async (filePath: string, code: string) => {
    const [result] = await directives.lintText(code, { filePath: path.join(root, filePath) });
    return result.messages.map((message) => message.ruleId ?? `fatal: ${message.message}`);
  };
  const ACTION_MODULE = '"use server";\n\nexport async function probeAction() {\n  return null;\n}\n';

  it.each([
    ["a page folder", "app/admin/lint-probe/actions.ts"],
    ["a route group", "app/(site)/lint-probe-actions.ts"],
    ["components/", "components/auth/lint-probe-actions.ts"],
  ])("refuses a \"use server\" module in %s", async (_, filePath) => {
    expect(await fired(filePath, ACTION_MODULE)).toEqual(["no-restricted-syntax"]);
  });

  it("allows it in a domain's actions.ts, and a \"use client\" component in components/", async () => {
    expect(await fired("lib/billing/actions.ts", ACTION_MODULE)).toEqual([]);
    expect(await fired("components/ui/lint-probe.tsx", '"use client";\n\nexport const probe = 1;\n')).toEqual([]);
  });
});
