// `npm run test:front`: the production build (`npm start`) on a fresh database (a new
// `front_<random>` database on DATABASE_URL's server, dropped at the end, or the embedded PGlite
// when DATABASE_URL is unset), behind the caching front (deploy/nginx/nginx.conf.template, run
// by scripts/lib/nginx-front.ts from Debian's nginx), then checks through the front:
//   1. every public route: cached (MISS then HIT, same bytes) exactly when the app marks it
//      s-maxage, never otherwise; a burst on a cold or expired entry makes one upstream request;
//   2. gzip and brotli (HTML, JS, CSS, JSON, XML, RSC), cached per encoding, same bytes once decoded;
//      an RSC answer never served for an HTML request of the same URL;
//   3. /_next/static immutable and cached;
//   4. signed-in pages and bearer API answers never cached: two users never see each other's;
//      session or draft-mode cookies and Authorization bypass the cache and are not stored;
//   5. POST never cached; a spoofed X-Forwarded-For never reaches the app (stored address and
//      the contact rate limit see the real peer);
//   6. an admin's edit shows through the front within FRONT_TEST_CACHE_SECONDS (+ refresh);
//   7. security headers on cached answers and on the front's own 502;
//   8. app instances down: another instance answers; with none, cached pages are served stale;
//   9. an image uploaded by the admin through the front: its files keep the app's headers and are
//      cached whoever asks; upload body limits (the app's 413, then the front's); once deleted, it
//      stops being served when the front's copy expires.
// Each group of sections is a module of scripts/lib/front/. Prints the counts and exits 1 on any failure.
//
// FRONT_TEST_APP_PORT (3440), FRONT_TEST_PORT (3441; the next five for sections 7 and 8), FRONT_TEST_DB_PORT
// (embedded database, 54369), FRONT_TEST_CACHE_SECONDS (3; media files too).
import "./lib/load-env";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { startFreshApp, type FreshApp } from "./lib/fresh-app";
import { compression, publicRoutes } from "./lib/front/caching";
import { send } from "./lib/front/http";
import { mediaThroughFront } from "./lib/front/media";
import { postsAndAddresses, signedIn } from "./lib/front/private";
import { adminEdit, appFailures, securityHeaders } from "./lib/front/resilience";
import type { FrontRun } from "./lib/front/run";
import { startFront, type Front } from "./lib/nginx-front";
import { runScript } from "./lib/run-script";
import { mintApiToken, mintSession, seededUser } from "./lib/session-credentials";

const appPort = Number(process.env.FRONT_TEST_APP_PORT || 3440);
const frontPort = Number(process.env.FRONT_TEST_PORT || 3441);
const embeddedDbPort = Number(process.env.FRONT_TEST_DB_PORT || 54369);
const cacheSeconds = Number(process.env.FRONT_TEST_CACHE_SECONDS || 3);
const appUrl = `http://127.0.0.1:${appPort}`;
const authSecret = process.env.AUTH_SECRET || randomBytes(32).toString("base64");
const startedAt = Date.now();
const tag = randomBytes(4).toString("hex");

let app: FreshApp | null = null;
const fronts: Front[] = [];

let db: pg.Client | null = null;
async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  if (!db) {
    db = new pg.Client({ connectionString: app!.databaseUrl });
    await db.connect();
  }
  return (await db.query<T>(sql, params)).rows;
}

// ── Checks ──
let passed = 0;
const failures: string[] = [];
function check(label: string, ok: boolean, detail = "") {
  if (ok) passed += 1;
  else failures.push(`${label}${detail ? `: ${detail}` : ""}`);
  if (!ok) console.log(`  ✗ ${label}${detail ? ` (${detail})` : ""}`);
  return ok;
}

async function main() {
  app = await startFreshApp({ prefix: "front", port: appPort, embeddedDbPort, env: { TRUST_PROXY_HOPS: "1", AUTH_SECRET: authSecret } });
  console.log(`Prueba del front: npm start en ${appUrl} sobre ${app.database}, nginx en 127.0.0.1:${frontPort} (caché ${cacheSeconds} s)…`);
  const front = await startFront({ upstreams: [`127.0.0.1:${appPort}`], port: frontPort, cacheSeconds, mediaCacheSeconds: cacheSeconds });
  fronts.push(front);
  const viaFront = (method: string, pathname: string, headers: Record<string, string> = {}, body?: string | Buffer) => send(front.url, method, pathname, headers, body);
  const run: FrontRun = {
    appUrl,
    appPort,
    frontPort,
    frontUrl: front.url,
    cacheSeconds,
    mediaCacheSeconds: cacheSeconds,
    tag,
    query,
    viaFront,
    get: (pathname, headers = {}) => viaFront("GET", pathname, headers),
    check,
    userByEmail: (email) => seededUser(query, email),
    bearerFor: (user) => mintApiToken(query, user, "front-test"),
    cookieFor: (user) => mintSession(query, user, authSecret),
    async startFront(options) {
      const another = await startFront(options);
      fronts.push(another);
      return another;
    },
  };
  console.log(`App y front listos en ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`);

  await publicRoutes(run);
  await compression(run);
  await signedIn(run);
  await postsAndAddresses(run);
  await adminEdit(run);
  await securityHeaders(run);
  await appFailures(run);
  await mediaThroughFront(run);

  // The 12 MB upload of section 9 is refused on purpose; nginx logs that refusal as an error.
  const errors = front.log().split("\n").filter((line) => /\[(error|crit|alert|emerg)\]/.test(line) && !line.includes("client intended to send too large body"));
  if (errors.length) console.log(`\nErrores de nginx:\n${errors.slice(0, 10).join("\n")}`);
  const ok = failures.length === 0;
  console.log(`\nComprobaciones ${passed + failures.length}, correctas ${passed}, fallidas ${failures.length}. Duración ${((Date.now() - startedAt) / 1000).toFixed(1)} s. ${ok ? "Resultado: OK" : "Resultado: FALLO"}`);
  return ok;
}

runScript(main, {
  async cleanup() {
    await Promise.all(fronts.map((front) => front.stop().catch(() => undefined)));
    await db?.end().catch(() => undefined);
    await app?.stop();
  },
  onError(error) {
    console.error(error);
    if (app) console.error(app.log().slice(-4000));
  },
});
