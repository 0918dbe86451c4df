// Server actions answer any argument shape with their own refusal, never an exception (an
// exception is Next's 500): every exported function of every "use server" module, found on
// disk, is called as the role of its area with 30 hostile argument lists (nothing, null,
// numbers, "1e2", huge strings, arrays, nested objects, objects with __proto__, FormData with
// wrong fields, a Map, a Date, a promise, a BigInt, too many arguments…). Each answer is an
// ActionResult with a 4xx status, or a form's error state, or a redirect (sign-out); and no
// action wrote anything (no audit entry by either caller, no ticket, subscription or invoice
// of the client). The same calls through the production server: `npm run test:abuse`.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { createTestUser, sessionCookieFor, type TestUser } from "./helpers/auth";
import { ACTIONS_WITHOUT_ARGUMENTS } from "../scripts/lib/no-argument-actions";

/** The request the action runs in: its cookies (a session) and headers, as next/headers gives them. */
const request = vi.hoisted(() => ({ headers: new Headers() }));

vi.mock("next/headers", () => {
  const cookieStore = () => {
    const jar = new Map<string, string>();
    for (const part of (request.headers.get("cookie") ?? "").split(/;\s*/)) {
      const at = part.indexOf("=");
      if (at > 0) jar.set(part.slice(0, at), part.slice(at + 1));
    }
    return {
      get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined),
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      has: (name: string) => jar.has(name),
      set: (name: string, value: string) => void jar.set(name, value),
      delete: (name: string) => void jar.delete(name),
    };
  };
  return { headers: async () => request.headers, cookies: async () => cookieStore(), draftMode: async () => ({ isEnabled: false }) };
});

const ROOT = process.cwd();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "generated" || name === "node_modules" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Every "use server" module under app, lib and components. */
function serverActionModules(): string[] {
  return ["app", "lib", "components"]
    .flatMap((dir) => sourceFiles(path.join(ROOT, dir)))
    .filter((file) => /^\s*["']use server["']/.test(readFileSync(file, "utf8")))
    .sort();
}

/** The client portal's actions, beside the back office's in their domain's file: called as the client. */
const CLIENT_ACTIONS = new Set([
  "requestSubscriptionCancellationAction",
  "openTicketAction",
  "replyToMyTicketAction",
  "updateClientProfileAction",
  "changeClientPasswordAction",
  "requestAccountDeletionAction",
  "accountDeletionStatusAction",
]);

/** Actions for visitors without a session: the public contact form, the Libro de Reclamaciones, the ARCO form and every sign-in action. */
const PUBLIC_ACTIONS = new Set(["sendContactMessage", "submitComplaintAction", "submitDataRequestAction"]);
const PUBLIC_MODULES = new Set(["lib/auth/actions.ts"]);

/** The role an action is called as: its audience's (the back office's unless listed above). */
function roleFor(file: string, action: string): "admin" | "client" | "anonymous" {
  if (PUBLIC_ACTIONS.has(action) || PUBLIC_MODULES.has(path.relative(ROOT, file))) return "anonymous";
  if (CLIENT_ACTIONS.has(action)) return "client";
  return "admin";
}

function formData(fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

let depth: Record<string, unknown> = { leaf: 1 };
for (let level = 0; level < 200; level += 1) depth = { a: depth };

/** At least 20 argument lists no action takes. */
const SHAPES: [string, () => unknown[]][] = [
  ["no arguments", () => []],
  ["null", () => [null]],
  ["null, null, null", () => [null, null, null]],
  ["zero", () => [0]],
  ["negative", () => [-1]],
  ["decimal", () => [1.5]],
  ["NaN", () => [Number.NaN]],
  ["exponent id", () => ["1e2", {}]],
  ["hex id", () => ["0x10", { status: "cancelled" }]],
  ["true", () => [true, true]],
  ["100 kB string", () => ["x".repeat(100_000)]],
  ["empty array", () => [[]]],
  ["array of ids", () => [[1, 2, 3], [1]]],
  ["empty object", () => [{}]],
  ["__proto__ object", () => [JSON.parse('{"__proto__":{"role":"admin","polluted":1}}'), JSON.parse('{"constructor":{"prototype":{"x":1}}}')]],
  ["200-deep object", () => [depth, depth]],
  ["empty FormData", () => [formData({}), formData({})]],
  ["FormData with wrong fields", () => [{ status: "idle" }, formData({ email: new Blob(["x"]), password: "", callbackUrl: "https://evil.example/", name: "\u0000" })]],
  ["FormData where an object goes", () => [formData({ name: "Ana", plan_name: "Plan" })]],
  ["Map", () => [new Map([["name", "Ana"]])]],
  ["Date", () => [new Date(0)]],
  ["promise", () => [Promise.resolve({ name: "Ana" })]],
  ["BigInt", () => [BigInt(1)]],
  ["wrong type in every field", () => [{ name: 123, email: [], amount: {}, invoice_id: "1e2", ids: ["1e2"], status: {}, user_id: true, lines: "x", body: null, reply: 5 }]],
  ["kind then junk", () => ["product", "1e2", { name: [] }]],
  ["unknown kind", () => ["user", 1, {}]],
  ["missing id", () => ["product", null, { name: "Nuevo" }]],
  ["id of another kind", () => [-5, { reason: { $gt: "" } }]],
  ["too many arguments", () => Array.from({ length: 50 }, (_, index) => index)],
  ["strings everywhere", () => ["'; DROP TABLE users; --", "<script>alert(1)</script>", "../../etc/passwd"]],
];

/** Shapes that are a valid call which changes nothing: a success is tolerated (and nothing may be written). */
const TOLERATED: Record<string, string> = {
  "restoreContactMessagesAction(array of ids)": "ids of no deleted message: restores 0",
  "undoContactStatusAction(array of ids)": "ids of no message closed or archived moments ago: restores 0",
  "updateSiteSettingsAction(empty object)": "a partial update with no field: nothing changes",
  "updateSiteSettingsAction(wrong type in every field)": "no settings field among the keys: an empty partial update",
  "listMediaAction(empty object)": "no filter: the library's first page, a read",
  "listMediaAction(wrong type in every field)": "no filter among the keys: the library's first page, a read",
  "listMediaByIdsAction(empty array)": "no ids: an empty list, a read",
};

type Outcome = { ok: boolean; detail: string };

/** Whether an action's answer is a refusal a user or client would see (never a success, never a 5xx). */
function judge(result: unknown): Outcome {
  if (result === undefined) return { ok: false, detail: "undefined (it acted)" };
  if (typeof result !== "object" || result === null) return { ok: false, detail: `answer ${String(result)}` };
  const answer = result as { ok?: unknown; status?: unknown };
  if (answer.ok === true) return { ok: false, detail: `ok: true ${JSON.stringify(result).slice(0, 160)}` };
  if (typeof answer.status === "number") {
    return answer.status >= 400 && answer.status < 500 ? { ok: true, detail: "" } : { ok: false, detail: `status ${answer.status}: ${JSON.stringify(result).slice(0, 160)}` };
  }
  if (typeof answer.status === "string") {
    return ["success", "done"].includes(answer.status) ? { ok: false, detail: `form state ${answer.status}` } : { ok: true, detail: "" };
  }
  return { ok: false, detail: `unknown answer ${JSON.stringify(result).slice(0, 160)}` };
}

const isRedirect = (error: unknown) => typeof (error as { digest?: unknown })?.digest === "string" && (error as { digest: string }).digest.startsWith("NEXT_REDIRECT");

let admin: TestUser;
let client: TestUser;
const cookies: Record<"admin" | "client" | "anonymous", string> = { admin: "", client: "", anonymous: "" };

beforeAll(async () => {
  admin = await createTestUser({ role: "admin" });
  client = await createTestUser({ role: "client" });
  cookies.admin = await sessionCookieFor(admin);
  cookies.client = await sessionCookieFor(client);
});

async function written() {
  const actors = [admin.id, client.id];
  return {
    audit: await db.auditLog.count({ where: { actorId: { in: actors } } }),
    tickets: await db.ticket.count({ where: { userId: client.id } }),
    subscriptions: await db.subscription.count({ where: { userId: client.id } }),
    invoices: await db.invoice.count({ where: { userId: client.id } }),
    users: await db.user.count({ where: { id: { in: actors } } }),
  };
}

describe("every server action, any argument shape", () => {
  it(`answers ${SHAPES.length} hostile argument lists with a 4xx refusal or its form's error state, and writes nothing`, async () => {
    const modules = serverActionModules();
    expect(modules.length).toBeGreaterThanOrEqual(10);
    const before = await written();
    const failures: string[] = [];
    let actions = 0;
    let calls = 0;
    for (const file of modules) {
      const exported = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as Record<string, unknown>;
      for (const [name, action] of Object.entries(exported)) {
        if (typeof action !== "function") continue;
        const role = roleFor(file, name);
        actions += 1;
        for (const [label, shape] of SHAPES) {
          if (label === "no arguments" && ACTIONS_WITHOUT_ARGUMENTS.has(name)) continue;
          // Each call is its own request (React's cache() is per request; here, per fresh headers).
          request.headers = new Headers({ cookie: cookies[role], "user-agent": "abuse/1.0", "x-forwarded-for": "203.0.113.9" });
          calls += 1;
          const where = `${path.relative(ROOT, file)} ${name}(${label})`;
          try {
            const result = await (action as (...args: unknown[]) => Promise<unknown>)(...shape());
            if ((result as { ok?: unknown } | null)?.ok === true && TOLERATED[`${name}(${label})`]) continue;
            const verdict = judge(result);
            if (!verdict.ok) failures.push(`${where}: ${verdict.detail}`);
          } catch (error) {
            // Signing out ends in a redirect to the login screen whatever it is given: a 303, not a 500.
            if (name === "signOutAction" && isRedirect(error)) continue;
            failures.push(`${where}: threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`.slice(0, 300));
          }
        }
      }
    }
    expect(actions).toBeGreaterThanOrEqual(40);
    expect(calls).toBeGreaterThanOrEqual(actions * (SHAPES.length - 1));
    expect(failures).toEqual([]);
    expect(await written()).toEqual(before);
  }, 120_000); // about 1,300 calls: some 12 s on a quiet machine
});
