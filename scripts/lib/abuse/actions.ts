// `npm run test:abuse`, section 5: every server action of the build (server-reference-manifest.json)
// × at least 20 hostile argument lists, each posted to a page that runs it, as its area's role:
// never a 5xx (nor an ActionResult of one), never "action not found", and no table changes.
import { readFileSync } from "node:fs";
import path from "node:path";
import { changedTables, formatStatuses, rowCounts } from "./client";
import { cookieFor, type AbuseRun } from "./callers";
import { fillPath, type Ids } from "./routes";
import { ACTIONS_WITHOUT_ARGUMENTS } from "../no-argument-actions";

const root = process.cwd();

type ManifestAction = { id: string; name: string; file: string; page: string };

/** The build's server actions (server-reference-manifest.json), each with a page whose worker runs it. */
function buildActions(): ManifestAction[] {
  const distDir = path.join(root, process.env.NEXT_DIST_DIR || ".next");
  const manifest = JSON.parse(readFileSync(path.join(distDir, "server", "server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { workers: Record<string, unknown>; exportedName?: string; filename?: string }>;
  };
  return Object.entries(manifest.node).map(([id, entry]) => {
    // /admin and /client themselves only redirect (proxy.ts), so an action posted there never runs.
    const workers = Object.keys(entry.workers).filter((worker) => worker.startsWith("app/") && worker.endsWith("/page") && !/^app\/(admin|client)\/page$/.test(worker));
    // A page without dynamic segments when there is one (any page of the action's area runs it).
    const page = workers.find((worker) => !worker.includes("[")) ?? workers[0] ?? "";
    return { id, name: entry.exportedName ?? "?", file: entry.filename ?? "?", page };
  });
}

function pagePath(worker: string, ids: Ids): string {
  const pattern =
    "/" +
    worker
      .replace(/^app\//, "")
      .replace(/\/?page$/, "")
      .split("/")
      .filter((segment) => segment && !/^\(.*\)$/.test(segment))
      .join("/");
  return fillPath(pattern, "GET", ids);
}

/** A reply as React's client encodes one: `text` alone (text/plain), or multipart parts "0", "1"… and FormData fields "_<n>_<name>". */
type Reply = { label: string; text?: string; parts?: [string, string | Blob][] };

const deepObject = '{"a":'.repeat(60) + "1" + "}".repeat(60);

/** At least 20 argument lists no action takes (a no-argument action's real call, `[]`, is left out for it). */
const ACTION_REPLIES: Reply[] = [
  { label: "no arguments", text: "[]" },
  { label: "null", text: "[null]" },
  { label: "undefined", text: '["$undefined","$undefined"]' },
  { label: "zero", text: "[0]" },
  { label: "negative", text: "[-1]" },
  { label: "decimal", text: "[1.5,1.5]" },
  { label: "exponent id", text: '["1e2",{}]' },
  { label: "hex id", text: '["0x10",{"status":"cancelled"}]' },
  { label: "booleans", text: "[true,false]" },
  { label: "100 kB string", text: JSON.stringify(["x".repeat(100_000)]) },
  { label: "empty array", text: "[[]]" },
  { label: "array of ids", text: "[[1,2,3],[1]]" },
  { label: "empty object", text: "[{}]" },
  { label: "__proto__ object", text: '[{"__proto__":{"role":"admin","polluted":1}},{"constructor":{"prototype":{"x":1}}}]' },
  { label: "60-deep object", text: `[${deepObject},${deepObject}]` },
  { label: "wrong type in every field", text: '[{"name":123,"email":[],"amount":{},"invoice_id":"1e2","ids":["1e2"],"status":{},"user_id":true,"lines":"x","body":null,"reply":5}]' },
  { label: "kind then junk", text: '["product","1e2",{"name":[]}]' },
  { label: "unknown kind", text: '["user",1,{}]' },
  { label: "50 arguments", text: JSON.stringify(Array.from({ length: 50 }, (_, index) => index)) },
  { label: "Date", text: '["$D1900-01-01T00:00:00.000Z"]' },
  { label: "BigInt", text: '["$n123456789012345678901234567890"]' },
  { label: "strings", text: '["\'; DROP TABLE users; --","<script>alert(1)</script>","../../etc/passwd"]' },
  { label: "Map used twice", parts: [["1", '[["name","Ana"],["invoice_id","1e2"]]'], ["0", '["$Q1",{"m":"$Q1"}]']] },
  { label: "Map and Set", parts: [["1", '[["name","Ana"]]'], ["2", '["1e2"]'], ["0", '["$Q1","$W2"]']] },
  { label: "Map after the argument list", parts: [["0", '["$Q1"]'], ["1", '[["name","Ana"]]']] },
  { label: "promise", parts: [["0", '["$@1"]'], ["1", '{"name":"Ana"}']] },
  { label: "empty FormData", parts: [["0", '["$K1"]']] },
  { label: "FormData with wrong fields", parts: [["0", '[{"status":"idle"},"$K1"]'], ["_1_email", new Blob(["x"])], ["_1_password", ""], ["_1_callbackUrl", "https://evil.example/"], ["_1_name", "\u0000"]] },
  { label: "FormData where an object goes", parts: [["0", '["$K1"]'], ["_1_name", "Ana"], ["_1_plan_name", "Plan"], ["_1_invoice_id", "1e2"]] },
];

/** A sign-out ends the session it is sent with, whatever the arguments: each call gets a throw-away one. */
const ENDS_SESSION = new Set(["signOutAction"]);

async function serverActions({ client, authSecret, ids, users, creds }: AbuseRun) {
  const actions = buildActions();
  type Call = { action: ManifestAction; reply: Reply };
  const calls: Call[] = [];
  for (const action of actions)
    for (const reply of ACTION_REPLIES) if (!(reply.label === "no arguments" && ACTIONS_WITHOUT_ARGUMENTS.has(action.name))) calls.push({ action, reply });
  const statuses: Record<number, number> = {};
  const failures: string[] = [];
  let succeeded = 0;
  await client.pool(calls, async ({ action, reply }) => {
    const pathname = pagePath(action.page, ids);
    const area = pathname.startsWith("/admin") ? "admin" : pathname.startsWith("/client") ? "client" : null;
    const headers: Record<string, string> = { "next-action": action.id, accept: "text/x-component", origin: client.baseUrl };
    if (area) headers.cookie = (ENDS_SESSION.has(action.name) ? await cookieFor(client, authSecret, users[area]) : creds[area].cookie).headers.cookie;
    let body: string | FormData;
    if (reply.parts) {
      const form = new FormData();
      for (const [key, value] of reply.parts) form.append(key, value);
      body = form;
    } else {
      body = reply.text!;
      headers["content-type"] = "text/plain;charset=UTF-8";
    }
    const response = await client.send("POST", pathname, { headers, body });
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    const where = `${action.file} ${action.name} (${reply.label}) → POST ${pathname}`;
    // An ActionResult travels inside the RSC payload: its own status must be a 4xx too.
    const resultStatus = /"ok":false,"status":(\d{3})/.exec(response.text)?.[1];
    if (response.status === 0 || response.status >= 500) failures.push(`${where}: ${response.status || response.error} ${response.text.slice(0, 200)}`);
    else if (response.status === 404) failures.push(`${where}: 404 (the action was not found on that page)`);
    else if (resultStatus && Number(resultStatus) >= 500) failures.push(`${where}: ActionResult ${resultStatus}`);
    else if (/"ok":true/.test(response.text)) succeeded += 1;
  });
  return { actions: actions.length, calls: calls.length, statuses, failures, succeeded };
}

export async function serverActionsSection(run: AbuseRun): Promise<boolean> {
  console.log(`\n── 5. Server actions: cada acción del build × argumentos hostiles ──`);
  const beforeActions = await rowCounts(run.client);
  const sa = await serverActions(run);
  const afterActions = await rowCounts(run.client);
  const changedByActions = changedTables(beforeActions, afterActions);
  const fivexx = Object.entries(sa.statuses).filter(([status]) => Number(status) >= 500 || status === "0").reduce((sum, [, n]) => sum + n, 0);
  console.log(
    `acciones ${sa.actions}, llamadas ${sa.calls} (${Math.floor(sa.calls / Math.max(1, sa.actions))}+ formas por acción), estados ${formatStatuses(sa.statuses)}, 5xx ${fivexx}, fallidas ${sa.failures.length}, aceptadas sin cambios ${sa.succeeded}`,
  );
  for (const line of sa.failures.slice(0, 40)) console.log(`  ✗ ${line}`);
  console.log(changedByActions.length ? `  ✗ filas cambiadas: ${changedByActions.join("; ")}` : "  filas por tabla: sin cambios");
  return sa.failures.length === 0 && changedByActions.length === 0 && sa.actions > 0 && sa.calls >= sa.actions * 20;
}
