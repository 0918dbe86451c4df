// `npm run test:front`, sections 1 to 3: what the front caches. A public route is cached (MISS then
// HIT, same bytes) exactly when the app marks it s-maxage; a burst on a cold or expired entry makes
// one upstream request; gzip and brotli (HTML, RSC, JSON, XML, JS, CSS) decode to the same bytes and
// are cached per encoding; an RSC answer is never served for an HTML request of the same URL;
// /_next/static is immutable and cached.
import { decoded, fromCache, header, markedCacheable, sleep, type Answer } from "./http";
import type { FrontRun } from "./run";

export async function publicRoutes(run: FrontRun): Promise<void> {
  const { get, check, query, tag, cacheSeconds } = run;
  console.log("\n── 1. Rutas públicas: en caché solo lo que la app marca s-maxage ──");
  const [product] = await query<{ slug: string }>("SELECT slug FROM catalog_items WHERE kind = 'product' AND status = 'active' ORDER BY id LIMIT 1");
  const [service] = await query<{ slug: string }>("SELECT slug FROM catalog_items WHERE kind = 'service' AND status = 'active' ORDER BY id LIMIT 1");
  const routes = [
    "/", "/nosotros", "/terminos", "/privacidad", "/libro-de-reclamaciones", "/testimonios", "/contacto", "/productos", "/servicios", "/sectores", "/soluciones", "/tecnologias",
    `/productos/${product?.slug ?? "x"}`, `/servicios/${service?.slug ?? "x"}`, "/sitemap.xml", "/robots.txt", "/no-existe-front",
    "/api/v1/products", "/api/v1/services", "/api/v1/testimonials", "/api/v1/settings/public", "/api/health",
  ];
  const cached: string[] = [];
  for (const route of routes) {
    const first = await get(route);
    const second = await get(route);
    const marked = markedCacheable(first);
    const line = `${route.padEnd(44)} ${first.status} ${first.cache.padEnd(6)} → ${second.cache.padEnd(6)} ${header(first, "cache-control") || "(sin Cache-Control)"}`;
    console.log(`  ${line}`);
    if (marked) {
      cached.push(route);
      check(`${route}: marcada s-maxage → MISS y luego HIT`, first.cache === "MISS" && second.cache === "HIT", `${first.cache} → ${second.cache}`);
      check(`${route}: la copia en caché es la misma`, first.body.equals(second.body));
    } else {
      check(`${route}: no marcada → nunca HIT`, first.cache !== "HIT" && second.cache !== "HIT", `${first.cache} → ${second.cache}`);
    }
  }
  console.log(`  ${cached.length} de ${routes.length} rutas en caché (las demás la app no las marca compartibles)`);
  check("la portada y /terminos son de las que se guardan", cached.includes("/") && cached.includes("/terminos"));

  // A burst on a cold entry: one upstream request (proxy_cache_lock), everyone else waits for it.
  const burstPath = `/terminos?rafaga=${tag}`;
  const burst = await Promise.all(Array.from({ length: 40 }, () => get(burstPath)));
  const count = (answers: Answer[], status: string) => answers.filter((answer) => answer.cache === status).length;
  console.log(`  ráfaga de 40 en frío: MISS ${count(burst, "MISS")}, HIT ${count(burst, "HIT")}, otros ${40 - count(burst, "MISS") - count(burst, "HIT")}`);
  check("ráfaga en frío: una sola petición a la app (1 MISS)", count(burst, "MISS") === 1 && burst.every((answer) => answer.status === 200));
  // The same once expired: stale copies served while one background request refreshes it.
  await sleep((cacheSeconds + 1) * 1000);
  const stale = await Promise.all(Array.from({ length: 40 }, () => get(burstPath)));
  const statuses = Object.entries(stale.reduce<Record<string, number>>((all, answer) => ({ ...all, [answer.cache]: (all[answer.cache] ?? 0) + 1 }), {}))
    .map(([status, n]) => `${status} ${n}`)
    .join(", ");
  console.log(`  ráfaga de 40 tras caducar (${cacheSeconds} s): ${statuses}`);
  check("ráfaga tras caducar: nadie espera a la app (sin MISS ni EXPIRED)", count(stale, "MISS") === 0 && count(stale, "EXPIRED") === 0 && stale.every((answer) => answer.status === 200), statuses);
}

export async function compression(run: FrontRun): Promise<void> {
  const { get, check, tag } = run;
  console.log("\n── 2. Compresión gzip y brotli, RSC ──");
  const home = (await get("/")).body.toString();
  const js = /\/_next\/static\/[^"' )]+\.js/.exec(home)?.[0];
  const css = /\/_next\/static\/[^"' )]+\.css/.exec(home)?.[0];
  const cases: [string, string, Record<string, string>, RegExp][] = [
    ["HTML", "/", {}, /text\/html/],
    ["RSC", "/terminos?_rsc", { rsc: "1" }, /text\/x-component/],
    ["JSON", "/api/v1/products", {}, /application\/json/],
    ["XML", "/sitemap.xml", {}, /xml/],
  ];
  if (js) cases.push(["JS", js, {}, /javascript/]);
  if (css) cases.push(["CSS", css, {}, /text\/css/]);
  check("la portada enlaza JS y CSS de /_next/static", Boolean(js && css));
  for (const [label, pathname, extra, type] of cases) {
    const plain = await get(pathname, extra);
    check(`${label} ${pathname}: tipo ${type}`, type.test(header(plain, "content-type")), header(plain, "content-type"));
    check(`${label}: sin Accept-Encoding se envía sin comprimir`, !header(plain, "content-encoding"));
    const sizes = [`identidad ${plain.body.length} B`];
    for (const [encoding, accept] of [["gzip", "gzip, deflate"], ["br", "gzip, deflate, br, zstd"]] as const) {
      const first = await get(pathname, { ...extra, "accept-encoding": accept });
      const second = await get(pathname, { ...extra, "accept-encoding": accept });
      sizes.push(`${encoding} ${first.body.length} B (${first.cache}→${second.cache})`);
      check(`${label}: Content-Encoding ${encoding}`, header(first, "content-encoding") === encoding, header(first, "content-encoding") || "ninguno");
      let same = false;
      try {
        same = decoded(first).equals(plain.body) && decoded(second).equals(plain.body);
      } catch (error) {
        same = false;
        console.log(`    ${label} ${encoding}: ${(error as Error).message}`);
      }
      check(`${label}: ${encoding} descomprimido = sin comprimir`, same);
      if (markedCacheable(plain) || pathname.startsWith("/_next/static/")) check(`${label}: la copia ${encoding} queda en caché`, fromCache(second), second.cache);
    }
    console.log(`  ${label.padEnd(4)} ${pathname.slice(0, 50).padEnd(50)} ${sizes.join(", ")}`);
  }

  // The same URL as RSC payload and as HTML (Next accepts "_rsc" empty when no router header is
  // sent): each request gets its own kind (Vary honoured).
  let kinds = 0;
  for (const accept of ["", "gzip, deflate, br, zstd"])
    for (const order of [["rsc", "html"], ["html", "rsc"]]) {
      const pathname = `/nosotros?_rsc&orden=${order.join("-")}-${accept ? "br" : "id"}-${tag}`;
      for (const kind of order) {
        for (let round = 0; round < 2; round++) {
          const answer = await get(pathname, { ...(kind === "rsc" ? { rsc: "1" } : {}), ...(accept ? { "accept-encoding": accept } : {}) });
          const type = header(answer, "content-type");
          kinds += 1;
          check(`${pathname} pedido como ${kind} (vuelta ${round + 1}): recibe ${kind}`, kind === "rsc" ? type.includes("text/x-component") : type.includes("text/html"), `${type} ${answer.cache}`);
        }
      }
    }
  console.log(`  la misma URL pedida como RSC y como HTML, sin y con brotli: ${kinds} respuestas comprobadas`);

  console.log("\n── 3. /_next/static inmutable ──");
  for (const asset of [js, css].filter(Boolean) as string[]) {
    const first = await get(asset);
    const second = await get(asset);
    const cc = header(first, "cache-control");
    console.log(`  ${asset.slice(0, 60).padEnd(60)} ${first.cache}→${second.cache} ${cc}`);
    check(`${asset}: immutable, un año`, /immutable/.test(cc) && /max-age=31536000/.test(cc), cc);
    check(`${asset}: en caché del front`, second.cache === "HIT", second.cache);
  }
}

