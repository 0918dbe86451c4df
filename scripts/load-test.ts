// `npm run test:load`: starts the app the README way (`npm start`) on a fresh embedded
// database — or on DATABASE_URL when set — and fires a bounded mixed load at it over
// loopback: contact requests, failed logins, featured products and three testimonials,
// at 20 and at 50 concurrent connections. Prints requests, status counts, p50/p99 and
// whether every acknowledged contact message is stored exactly once. Exits 1 on any 5xx
// or a lost or duplicated message.
//
// LOAD_REQUESTS (default 400 per level), LOAD_LEVELS (default "20,50"), LOAD_PORT (3400).
import "./lib/load-env";
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import pg from "pg";
import { startFreshApp, type FreshApp } from "./lib/fresh-app";
import { runScript } from "./lib/run-script";

const appPort = Number(process.env.LOAD_PORT || 3400);
const embeddedDbPort = Number(process.env.LOAD_DB_PORT || 54349);
const requestsPerLevel = Number(process.env.LOAD_REQUESTS || 400);
const levels = (process.env.LOAD_LEVELS || "20,50").split(",").map(Number);
const runId = randomBytes(4).toString("hex");

// Each simulated visitor comes through one trusted proxy with its own address
// (documentation ranges only; every packet goes to 127.0.0.1).
let visitor = 0;
function nextVisitorAddress() {
  visitor += 1;
  return `2001:db8:${(visitor >> 16) & 0xffff}:${visitor & 0xffff}::1`;
}

let app: FreshApp | null = null;

type Tally = Record<string, Record<number, number>>;

async function runLevel({ baseUrl, databaseUrl }: FreshApp, connections: number) {
  const tally: Tally = { contact: {}, login: {}, products: {}, testimonials: {} };
  const marker = `carga-${runId}-c${connections}`;
  let acknowledged = 0;
  const count = (kind: string) => (status: number, body: string) => {
    tally[kind][status] = (tally[kind][status] ?? 0) + 1;
    if (kind === "contact" && status === 201) {
      try {
        if (JSON.parse(body).success === true) acknowledged += 1;
      } catch {
        // not JSON: not an acknowledgement
      }
    }
  };
  let sent = 0;
  const json = { "content-type": "application/json" };
  const result = await autocannon({
    url: baseUrl,
    connections,
    amount: requestsPerLevel,
    timeout: 30,
    requests: [
      {
        method: "POST",
        path: "/api/v1/contact",
        setupRequest: (request) => {
          sent += 1;
          return {
            ...request,
            headers: { ...json, "x-forwarded-for": nextVisitorAddress() },
            body: JSON.stringify({
              name: "Prueba de carga",
              email: `carga+${sent}@example.com`,
              subject: `${marker}-${sent}`,
              message: "Mensaje de la prueba de carga.",
            }),
          };
        },
        onResponse: count("contact"),
      },
      {
        method: "POST",
        path: "/api/v1/auth/login",
        setupRequest: (request) => ({
          ...request,
          headers: { ...json, "x-forwarded-for": nextVisitorAddress() },
          body: JSON.stringify({ email: "cliente@lumenti.pe", password: "contraseña-incorrecta" }),
        }),
        onResponse: count("login"),
      },
      { method: "GET", path: "/api/v1/products?featured=true", onResponse: count("products") },
      { method: "GET", path: "/api/v1/testimonials?limit=3", onResponse: count("testimonials") },
    ],
  });

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const stored = await client.query<{ rows: number; distinct_subjects: number }>(
    "SELECT count(*)::int AS rows, count(DISTINCT subject)::int AS distinct_subjects FROM contact_messages WHERE subject LIKE $1",
    [`${marker}-%`],
  );
  await client.end();
  const { rows, distinct_subjects: distinct } = stored.rows[0];

  const statuses: Record<number, number> = {};
  for (const kind of Object.values(tally)) for (const [status, n] of Object.entries(kind)) statuses[Number(status)] = (statuses[Number(status)] ?? 0) + n;
  const serverErrors = Object.entries(statuses).reduce((sum, [status, n]) => sum + (Number(status) >= 500 ? n : 0), 0) + result.errors + result.timeouts;
  const format = (counts: Record<number, number>) => Object.entries(counts).map(([status, n]) => `${status}×${n}`).join(" ") || "-";

  console.log(`\n── ${connections} conexiones concurrentes ──`);
  console.log(`requests: ${result.requests.total} en ${result.duration.toFixed(1)} s (${result.requests.average.toFixed(0)} req/s), errores de red ${result.errors}, timeouts ${result.timeouts}`);
  console.log(`status: ${format(statuses)}`);
  for (const [kind, counts] of Object.entries(tally)) console.log(`  ${kind.padEnd(13)} ${format(counts)}`);
  console.log(`latencia: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, máx ${result.latency.max} ms`);
  console.log(`acknowledged contact messages = stored rows: ${acknowledged} = ${rows} (${distinct} distintos) → ${acknowledged === rows && rows === distinct ? "OK" : "FALLO"}`);
  return serverErrors === 0 && acknowledged === rows && rows === distinct;
}

async function main() {
  let ok = true;
  let serverLog = "";
  try {
    app = await startFreshApp({
      prefix: "load",
      port: appPort,
      embeddedDbPort,
      // On DATABASE_URL's server the load runs on that database itself.
      databaseUrl: process.env.DATABASE_URL || undefined,
      databaseLabel: "PostgreSQL (DATABASE_URL)",
      env: { TRUST_PROXY_HOPS: "1" },
      onStarting: ({ baseUrl, database }) => console.log(`Prueba de carga sobre ${database}: npm start en ${baseUrl}…`),
    });
    const { baseUrl } = app;
    // First hits load each route's code; keep that out of the measured figures.
    for (const route of ["/api/v1/products?featured=true", "/api/v1/testimonials?limit=3"]) await fetch(`${baseUrl}${route}`);
    for (const connections of levels) ok = (await runLevel(app, connections)) && ok;
  } catch (error) {
    ok = false;
    console.error(error);
  } finally {
    // Stopped before its log is read: what it says while shutting down counts too.
    await app?.stop();
    serverLog = app?.log() ?? "";
  }
  const serverErrorLines = serverLog.split("\n").filter((line) => /error/i.test(line)).slice(0, 20);
  if (serverErrorLines.length) console.log(`\nErrores en el registro del servidor (primeras líneas):\n${serverErrorLines.join("\n")}`);
  console.log(ok ? "\nResultado: 0 × 5xx y ningún mensaje perdido ni duplicado." : "\nResultado: FALLO");
  return ok;
}

runScript(main, { cleanup: async () => void (await app?.stop()), onError: (error) => console.error(error) });
