// `npm run test:abuse`: starts the production build (`npm start`) on its own port and a fresh
// database (a new `abuse_<random>` database on DATABASE_URL's server, dropped at the end, or
// the embedded PGlite when DATABASE_URL is unset), then:
//   1. the authorization matrix: every route handler found under app/ (route.ts) × its exported
//      methods × anonymous, client, admin × bearer token, session cookie (+ XSRF pair);
//   2. malformed bodies (≥ 200 per JSON write endpoint, as a caller the route allows): never a
//      5xx nor a hung request, and no table gains or loses rows;
//   3. security headers on every kind of response;
//   4. `Cache-Control: private, no-store` on every answer of a signed-in route (the matrix's) and page;
//   5. every server action of the build (server-reference-manifest.json) × ≥ 20 hostile argument
//      lists, posted to a page that runs it as its area's role: never a 5xx, no table changes;
//   6. unknown /api paths answer 404 (413 for an 11 MB body) whatever the body (multipart, Next-Action).
// Each section is a module of scripts/lib/abuse/. Prints the counts and exits 1 on any failure.
//
// ABUSE_PORT (default 3430), ABUSE_DB_PORT (embedded database, default 54359),
// ABUSE_CONCURRENCY (default 8); NEXT_DIST_DIR (default .next) is the build npm start serves.
import "./lib/load-env";
import { randomBytes } from "node:crypto";
import { serverActionsSection } from "./lib/abuse/actions";
import { signedInCallers, type AbuseRun } from "./lib/abuse/callers";
import { abuseClient, type AbuseClient } from "./lib/abuse/client";
import { noStoreSection, securityHeadersSection } from "./lib/abuse/headers";
import { malformedBodies } from "./lib/abuse/malformed";
import { authorizationMatrix } from "./lib/abuse/matrix";
import { discoverRoutes, seededIds } from "./lib/abuse/routes";
import { unknownApiPathsSection } from "./lib/abuse/unknown-paths";
import { startFreshApp, type FreshApp } from "./lib/fresh-app";
import { runScript } from "./lib/run-script";

const appPort = Number(process.env.ABUSE_PORT || 3430);
const embeddedDbPort = Number(process.env.ABUSE_DB_PORT || 54359);
const concurrency = Number(process.env.ABUSE_CONCURRENCY || 8);
const authSecret = process.env.AUTH_SECRET || randomBytes(32).toString("base64");
const startedAt = Date.now();

let app: FreshApp | null = null;
let client: AbuseClient | null = null;

async function main() {
  app = await startFreshApp({
    prefix: "abuse",
    port: appPort,
    embeddedDbPort,
    env: { TRUST_PROXY_HOPS: "1", AUTH_SECRET: authSecret },
    keepLog: 400_000,
    onStarting: ({ baseUrl, database }) => console.log(`Prueba de abuso: npm start en ${baseUrl} sobre ${database}…`),
  });
  console.log(`Servidor listo en ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`);
  client = abuseClient({ baseUrl: app.baseUrl, databaseUrl: app.databaseUrl, concurrency });

  const { users, creds } = await signedInCallers(client, authSecret);
  const ids = await seededIds(client, users.client);
  const { routes, skipped } = discoverRoutes();
  const run: AbuseRun = { client, authSecret, users, creds, ids, routes };

  // Every section runs whatever the earlier ones found.
  const matrix = await authorizationMatrix(run, skipped);
  let ok = matrix.ok;
  ok = (await malformedBodies(run)) && ok;
  ok = (await securityHeadersSection(run)) && ok;
  ok = (await noStoreSection(run, matrix)) && ok;
  ok = (await serverActionsSection(run)) && ok;
  ok = (await unknownApiPathsSection(run)) && ok;

  const errorLines = app
    .log()
    .split("\n")
    .filter((line) => /\[api\]|error/i.test(line))
    .slice(0, 20);
  if (errorLines.length) console.log(`\nErrores en el registro del servidor (primeras líneas):\n${errorLines.join("\n")}`);
  console.log(`\nDuración ${((Date.now() - startedAt) / 1000).toFixed(1)} s. ${ok ? "Resultado: OK" : "Resultado: FALLO"}`);
  return ok;
}

runScript(main, {
  async cleanup() {
    await client?.close();
    await app?.stop();
  },
  onError(error) {
    console.error(error);
    if (app) console.error(app.log().slice(-4000));
  },
});
