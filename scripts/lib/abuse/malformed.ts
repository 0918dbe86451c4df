// `npm run test:abuse`, section 2: malformed bodies. At least 200 bodies per JSON write endpoint,
// sent as a caller the route allows: broken JSON, wrong Content-Type, a root that is not an object,
// too big or too deep, prototype keys, every field wrong in turn. Never a 5xx nor a hung request,
// no 2xx, and no table gains or loses rows.
import { changedTables, formatStatuses, rowCounts, VOLATILE_TABLES } from "./client";
import type { AbuseRun } from "./callers";
import { fillPath, UNSAFE, type Route } from "./routes";

/** A value no field of this API accepts (an array of an array of an empty object). */
const IMPOSSIBLE = "[[{}]]";

type Mutation = { label: string; body?: string; contentType?: string | null };

const PAYLOADS: [string, unknown][] = [
  ["number", 12345],
  ["negative", -1],
  ["float", 1.5],
  ["huge number", 1e308],
  ["true", true],
  ["false", false],
  ["null", null],
  ["empty array", []],
  ["array", [1, "a"]],
  ["object", {}],
  ["operator object", { $gt: "" }],
  ["empty string", ""],
  ["blank", "   "],
  ["number as string", "123"],
  ["bool as string", "true"],
  ["null as string", "null"],
  ["NaN as string", "NaN"],
  ["Infinity as string", "Infinity"],
  ["100 kB string", "x".repeat(100_000)],
  ["control characters", "\u0000\u0001\u0007\u001b[31m\r\n\t"],
  ["bidi override", "\u202Eevil\u202C\u2066x\u2069"],
  ["zero-width", "\u200B\u200D\uFEFF"],
  ["lone surrogate", "\uD800"],
  ["SQL drop", "'; DROP TABLE users; --"],
  ["SQL tautology", "' OR '1'='1"],
  ["SQL union", "1 UNION SELECT password_hash FROM users--"],
  ["script tag", "<script>alert(1)</script>"],
  ["img onerror", '<img src=x onerror="alert(1)">'],
  ["javascript url", "javascript:alert(1)"],
  ["template", "{{7*7}}${7*7}"],
  ["path traversal", "../../../etc/passwd"],
  ["percent null", "%00%0d%0a"],
];

/** A body that is invalid whatever the schema: a required field is missing, or wrong in type. */
function mutations(required: string[], known: string[], emptyActs: boolean): Mutation[] {
  const list: Mutation[] = [];
  // Without required fields, every object body carries a validated field with an impossible value.
  const poison = required.length === 0 && known.length ? `"${known[known.length - 1]}":${IMPOSSIBLE},` : "";
  const raw = (label: string, body: string, contentType: string | null = "application/json") => {
    if (emptyActs && /^root null$/.test(label)) return; // `null` is that endpoint's empty body
    list.push({ label, body: poison && body.startsWith("{") && !body.startsWith("{}") ? `{${poison}${body.slice(1)}` : body, contentType });
  };
  // Broken JSON and JSON's missing literals.
  for (const text of ['{', '{"a":', "{'a':1}", "{a:1}", '{"a":1,}', '[1,2', '"unterminated', "undefined", "NaN", "Infinity", "-Infinity", '{"a":NaN}', '{"a":Infinity}', '{"a":0x10}', '{"a":01}', '{"a":1}}', "\uFEFF{", "\u0000", "{}{}", '{"a":"\\x00"}', '{"a":"\\u12"}'])
    raw(`broken JSON ${JSON.stringify(text)}`, text);
  // Wrong or missing Content-Type with a JSON-looking body.
  for (const type of [null, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml", "application/jsonp", "text/json", "application/json-patch+json"])
    raw(`Content-Type ${type}`, "[]", type);
  // Not an object at the root.
  for (const value of ["null", "true", "0", "-1", "1e999", '"texto"', "[]", "[{}]", "[[]]"]) raw(`root ${value}`, value);
  // Too big (> 1 MB: 413) and too deep.
  raw("1.1 MB string", JSON.stringify({ [required[0] ?? "name"]: "x".repeat(1_100_000) }));
  raw("1.1 MB of spaces", " ".repeat(1_100_000) + "[]");
  raw("10 000-deep arrays", "[".repeat(10_000) + "]".repeat(10_000));
  raw("10 000-deep objects", '{"a":'.repeat(10_000) + "1" + "}".repeat(10_000));
  raw("10 000-deep objects in each field", JSON.stringify(Object.fromEntries((required.length ? required : known.length ? known : ["name"]).map((field) => [field, null]))).replace(/null/g, '{"a":'.repeat(2_000) + "[]" + "}".repeat(2_000)));
  // Prototype keys (as raw text: JSON.parse makes them own properties), with every required field missing.
  for (const key of ["__proto__", "constructor", "prototype"]) {
    raw(`${key} key`, `{"${key}":{"role":"admin","isAdmin":true,"polluted":1}}`);
    raw(`${key} nested`, `{"${key}":{"prototype":{"polluted":1}},"data":{"${key}":{"polluted":1}}}`);
    raw(`${key} as a value`, `[{"${key}":null}]`);
  }
  raw("duplicate keys", '{"a":1,"a":{"__proto__":null}}');
  // Each required field wrong in turn, and another required field missing so that no mix of
  // plausible values can pass; with one required field, its value is wrapped in an array.
  const fields = required.length ? required : known.length ? known : ["name", "email", "message"];
  for (const [index, field] of fields.entries()) {
    const other = fields[(index + 1) % fields.length];
    const base: Record<string, unknown> = required.length ? Object.fromEntries(fields.map((name) => [name, `abuse ${name}`])) : {};
    if (required.length > 1) delete base[other];
    else if (!required.length && known.length > 1) base[other] = JSON.parse(IMPOSSIBLE);
    for (const [label, value] of PAYLOADS) {
      const wrapped = fields.length > 1 || (required.length === 0 && known.length === 0) ? value : typeof value === "string" ? [value] : value === null || typeof value !== "object" ? [[value]] : [value];
      list.push({ label: `${field}: ${label}`, body: JSON.stringify({ ...base, [field]: wrapped }), contentType: "application/json" });
    }
  }
  // The whole body as an array of the (incomplete) fields, until there are at least 200.
  let extra = 0;
  while (list.length < 210) {
    const [label, value] = PAYLOADS[extra % PAYLOADS.length];
    list.push({ label: `array of ${label}`, body: JSON.stringify([{ [fields[extra % fields.length]]: value }]), contentType: "application/json" });
    extra += 1;
  }
  return list;
}

/**
 * On a partial update (no required field) an empty body is `{}` by contract (lib/http/body.ts)
 * and some services read `null` the same way: a 2xx that changes nothing is tolerated there
 * (printed; the row counts must still match). A subscription cancel gets neither: it would act.
 */
const EMPTY_EQUIVALENT = new Set(["empty body", "root null"]);

/** The top-level fields named in a 422 answer's `errors`. */
function errorFields(text: string): string[] {
  try {
    const errors = (JSON.parse(text) as { errors?: Record<string, unknown> }).errors ?? {};
    return [...new Set(Object.keys(errors).map((field) => field.split(".")[0]).filter((field) => field !== "_"))];
  } catch {
    return [];
  }
}

async function malformed({ client, routes, ids, creds }: AbuseRun) {
  const { send } = client;
  type Endpoint = { route: Route; method: string; pathname: string; headers: Record<string, string>; required: string[]; known: string[]; emptyActs: boolean };
  const endpoints: Endpoint[] = [];
  for (const route of routes.filter((candidate) => candidate.readsJson))
    for (const method of route.methods.filter((name) => UNSAFE.has(name) && name !== "DELETE" && !route.refused.includes(name))) {
      const headers = route.guard === "public" ? {} : creds[route.guard === "admin" ? "admin" : "client"].bearer.headers;
      const pathname = fillPath(route.pattern, method, ids);
      // A subscription cancel without a body is a real cancel: never sent.
      const emptyActs = route.pattern.endsWith("/cancel");
      endpoints.push({ route, method, pathname, headers, required: [], known: [], emptyActs });
    }
  // The required fields, from each endpoint's answer to an empty object (before the snapshot).
  for (const endpoint of endpoints) {
    if (endpoint.emptyActs) continue;
    const probe = await send(endpoint.method, endpoint.pathname, { headers: { ...endpoint.headers, "content-type": "application/json" }, body: "{}" });
    endpoint.required = errorFields(probe.text);
  }
  // Endpoints without required fields (partial updates): the fields they validate, found by
  // offering each field of the resource as read back (GET on the same path or its collection)
  // an impossible value. Such a probe is refused, so nothing changes.
  for (const endpoint of endpoints.filter((candidate) => candidate.required.length === 0)) {
    const candidates = new Set<string>(["reason", "name", "email", "status", "password", "phone", "company"]);
    for (const source of [endpoint.pathname, endpoint.pathname.replace(/\/[^/]+$/, "")]) {
      const read = await send("GET", source, { headers: endpoint.headers });
      try {
        const data = (JSON.parse(read.text) as { data?: unknown }).data;
        const item = Array.isArray(data) ? data[0] : data;
        if (item && typeof item === "object") for (const key of Object.keys(item)) candidates.add(key);
      } catch {
        // not JSON
      }
    }
    for (const field of candidates) {
      const probe = await send(endpoint.method, endpoint.pathname, { headers: { ...endpoint.headers, "content-type": "application/json" }, body: `{"${field}":${IMPOSSIBLE}}` });
      if (errorFields(probe.text).includes(field)) endpoint.known.push(field);
    }
  }
  const before = await rowCounts(client);
  const results: { endpoint: Endpoint; sent: number; statuses: Record<number, number>; failures: string[]; accepted: string[]; tolerated: string[] }[] = [];
  for (const endpoint of endpoints) {
    const result = { endpoint, sent: 0, statuses: {} as Record<number, number>, failures: [] as string[], accepted: [] as string[], tolerated: [] as string[] };
    const list = mutations(endpoint.required, endpoint.known, endpoint.emptyActs);
    if (!endpoint.emptyActs) list.push({ label: "empty body", body: "", contentType: "application/json" });
    else list.push({ label: "empty JSON object with an impossible reason", body: `{"reason":${IMPOSSIBLE}}`, contentType: "application/json" });
    await client.pool(list, async (mutation) => {
      const headers: Record<string, string> = { ...endpoint.headers };
      if (mutation.contentType) headers["content-type"] = mutation.contentType;
      const response = await send(endpoint.method, endpoint.pathname, { headers, body: mutation.body });
      result.sent += 1;
      result.statuses[response.status] = (result.statuses[response.status] ?? 0) + 1;
      const bodyText = String(mutation.body ?? "");
      const shown = bodyText.length > 120 ? `${bodyText.slice(0, 120)}… (${bodyText.length} bytes)` : bodyText;
      if (response.status === 0 || response.status >= 500) result.failures.push(`${mutation.label}: ${response.status || response.error} ${response.text.slice(0, 200)} ← ${shown}`);
      else if (response.status < 300 && endpoint.required.length === 0 && EMPTY_EQUIVALENT.has(mutation.label)) result.tolerated.push(`${mutation.label}: ${response.status}`);
      else if (response.status < 300) result.accepted.push(`${mutation.label}: ${response.status} ${response.text.slice(0, 200)} ← ${shown}`);
      else if (mutation.label.startsWith("1.1 MB") && response.status !== 413) result.failures.push(`${mutation.label}: expected 413, got ${response.status}`);
    });
    results.push(result);
  }
  const after = await rowCounts(client);
  return { results, changed: changedTables(before, after) };
}

export async function malformedBodies(run: AbuseRun): Promise<boolean> {
  console.log(`\n── 2. Cuerpos malformados ──`);
  console.log(`Tablas que pueden cambiar sin guardar lo enviado (excluidas de la comparación): ${VOLATILE_TABLES.join(", ")}`);
  const bad = await malformed(run);
  let ok = true;
  let total = 0;
  let serverErrors = 0;
  for (const { endpoint, sent, statuses, failures, accepted, tolerated } of bad.results) {
    total += sent;
    serverErrors += failures.length;
    const counts = formatStatuses(statuses);
    console.log(`  ${endpoint.method.padEnd(4)} ${endpoint.route.pattern.padEnd(58)} ${String(sent).padStart(4)} enviados (campos: ${endpoint.required.join(",") || (endpoint.known.length ? `opcionales ${endpoint.known.join(",")}` : "-")}) ${counts}`);
    for (const line of failures) console.log(`      ✗ ${line}`);
    for (const line of accepted) console.log(`      ✗ aceptado (2xx): ${line}`);
    if (tolerated.length) console.log(`      tolerado (actualización parcial vacía, sin cambios): ${tolerated.join("; ")}`);
    if (sent < 200 || failures.length || accepted.length) ok = false;
  }
  const accepted = bad.results.reduce((sum, r) => sum + r.accepted.length, 0);
  console.log(`endpoints ${bad.results.length}, cuerpos enviados ${total}, 5xx/colgados/413 fallidos ${serverErrors}, aceptados con 2xx ${accepted}`);
  console.log(bad.changed.length ? `  ✗ filas cambiadas: ${bad.changed.join("; ")}` : "  filas por tabla: sin cambios");
  return ok && bad.changed.length === 0;
}

