// `npm run test:front`, sections 6 to 8: an admin's edit shows through the front within its cache
// time; security headers on cached answers and on the front's own 502; with one of two app
// instances down the other answers everything, and with the only one down cached pages are still
// served.
import http from "node:http";
import type { Socket } from "node:net";
import { fromCache, header, send, sleep, type Answer } from "./http";
import type { FrontRun } from "./run";

export async function adminEdit(run: FrontRun): Promise<void> {
  const { get, viaFront, check, userByEmail, bearerFor, tag, cacheSeconds } = run;
  console.log(`\n── 6. Edición de un admin a través del front (caché del front ${cacheSeconds} s) ──`);
  const admin = await userByEmail("admin@lumenti.pe");
  const token = await bearerFor(admin);
  const watched = ["/terminos", "/", "/api/v1/settings/public"];
  for (const pathname of watched) {
    await get(pathname);
    const cached = await get(pathname);
    check(`${pathname} en caché antes de editar`, fromCache(cached), cached.cache);
  }
  const footer = `Pie de página de prueba ${tag}`;
  const edit = await viaFront("PUT", "/api/v1/admin/settings", { "content-type": "application/json", authorization: token }, JSON.stringify({ footer_text: footer }));
  check("PUT /api/v1/admin/settings a través del front", edit.status === 200, `${edit.status} ${edit.body.toString().slice(0, 200)}`);
  const savedAt = Date.now();
  const limitMs = (2 * cacheSeconds + 10) * 1000;
  await Promise.all(
    watched.map(async (pathname) => {
      let first = "";
      let seenAt = 0;
      while (Date.now() - savedAt < limitMs) {
        const answer = await get(pathname);
        first ||= answer.cache;
        if (answer.body.toString().includes(footer)) {
          seenAt = Date.now();
          break;
        }
        await sleep(250);
      }
      const seconds = seenAt ? ((seenAt - savedAt) / 1000).toFixed(1) : "nunca";
      console.log(`  ${pathname.padEnd(26)} primera respuesta tras editar ${first}; el cambio se ve a los ${seconds} s`);
      check(`${pathname}: el cambio se ve en ≤ ${limitMs / 1000} s`, seenAt > 0, seconds);
    }),
  );
}

// ── 7. Security headers ──
export async function securityHeaders(run: FrontRun): Promise<void> {
  const { get, check, frontPort, cacheSeconds, startFront } = run;
  console.log("\n── 7. Cabeceras de seguridad ──");
  const required = (answer: Answer, label: string, all: boolean) => {
    const csp = header(answer, "content-security-policy");
    check(`${label}: Content-Security-Policy con frame-ancestors 'none'`, csp.includes("frame-ancestors 'none'"), csp);
    check(`${label}: X-Content-Type-Options nosniff`, header(answer, "x-content-type-options") === "nosniff", header(answer, "x-content-type-options"));
    check(`${label}: Referrer-Policy`, Boolean(header(answer, "referrer-policy")));
    check(`${label}: X-Cache-Status`, answer.cache !== "-");
    if (all) {
      check(`${label}: Strict-Transport-Security`, /max-age=\d{7,}/.test(header(answer, "strict-transport-security")));
      check(`${label}: Permissions-Policy`, Boolean(header(answer, "permissions-policy")));
      check(`${label}: una sola Content-Security-Policy`, !Array.isArray(answer.headers["content-security-policy"]) && !csp.includes(", default-src"));
    }
  };
  const cachedPage = await get("/terminos");
  required(cachedPage, `página en caché (${cachedPage.cache})`, true);
  const cachedApi = await get("/api/v1/products");
  required(cachedApi, `API pública en caché (${cachedApi.cache})`, true);
  // The front's own answer when no app instance answers.
  const deadPort = frontPort + 2;
  const orphan = await startFront({ upstreams: [`127.0.0.1:${deadPort}`], port: frontPort + 1, cacheSeconds });
  const down = await send(orphan.url, "GET", "/");
  check("sin la app: 502 del front", down.status === 502, String(down.status));
  required(down, "502 del front", false);
  console.log(`  página en caché ${cachedPage.cache}, API ${cachedApi.cache}, front sin app ${down.status}`);
}

// ── 8. App instances failing ──
/** A pass-through to the app that can be shut, standing for an app instance that goes down. */
function startRelay(port: number, appPort: number) {
  const sockets = new Set<Socket>();
  const relay = http.createServer((req, res) => {
    const upstream = http.request({ host: "127.0.0.1", port: appPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  relay.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  return new Promise<{ close(): Promise<void> }>((resolve) =>
    relay.listen(port, "127.0.0.1", () =>
      resolve({
        close: () =>
          new Promise<void>((done) => {
            relay.close(() => done());
            for (const socket of sockets) socket.destroy();
          }),
      }),
    ),
  );
}

export async function appFailures(run: FrontRun): Promise<void> {
  const { check, frontPort, appPort, tag, cacheSeconds, startFront } = run;
  console.log("\n── 8. Instancias de la app caídas ──");
  // Two instances, one never up: every request is answered by the other.
  const failover = await startFront({ upstreams: [`127.0.0.1:${frontPort + 2}`, `127.0.0.1:${appPort}`], port: frontPort + 3, cacheSeconds });
  const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => send(failover.url, "GET", index % 2 ? "/api/health" : `/terminos?instancias=${index}-${tag}`)));
  const ok = answers.filter((answer) => answer.status === 200).length;
  console.log(`  2 instancias, una caída: ${ok} de ${answers.length} respuestas 200`);
  check("con una instancia caída, la otra responde todo", ok === answers.length, answers.map((answer) => answer.status).join(","));

  // The only instance goes down: cached pages are still served (stale), the rest is a 502.
  const relay = await startRelay(frontPort + 4, appPort);
  const lone = await startFront({ upstreams: [`127.0.0.1:${frontPort + 4}`], port: frontPort + 5, cacheSeconds });
  const before = await send(lone.url, "GET", "/terminos");
  await relay.close();
  await sleep((cacheSeconds + 1) * 1000);
  const during = await send(lone.url, "GET", "/terminos");
  const uncached = await send(lone.url, "GET", "/productos");
  console.log(`  única instancia caída: /terminos ${during.status} ${during.cache} (antes ${before.status} ${before.cache}), /productos ${uncached.status}`);
  check("app caída: la página en caché se sigue sirviendo (STALE, mismos bytes)", during.status === 200 && during.cache === "STALE" && during.body.equals(before.body), `${during.status} ${during.cache}`);
  check("app caída: lo que no está en caché es 502", uncached.status === 502, String(uncached.status));
}

