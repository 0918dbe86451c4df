// `npm run bench`, the report: the tables of pages and API targets, and PASS/FAIL on each bar.
import { BENCH_REFERENCE_SIZES_KB } from "../../../lib/bench/reference-pages";
import type { Measurement } from "../bench-measure";
import type { ApiResult, BenchRun, FloorSpread, PageResult } from "./run";
import { EMPTY_SCREEN_PATH, SIGNED_IN_BARS, type SignedInResult } from "./signed-in";

export const BARS = { homeMaxBytes: 80 * 1024, minFloorRatio: 0.9, minReferenceRatio: 0.9, minFrontRatio: 0.5 };

const errorCount = (m: Measurement) => m.errors + m.timeouts + m.non2xx;

function table(headers: string[], rows: string[][]) {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  ");
  return [line(headers), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(line)].join("\n");
}

export const fmt = {
  rps: (value: number) => value.toFixed(0),
  ms: (value: number) => value.toFixed(0),
  kb: (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`,
  ratio: (value: number, digits = 2) => (Number.isNaN(value) ? "—" : value.toFixed(digits)),
  errors: (m: Measurement) => `${m.errors + m.timeouts}/${m.non2xx}`,
};

export function report({ load, failures, rounds }: BenchRun, pages: PageResult[], spreads: FloorSpread[], apis: ApiResult[], signedIn: SignedInResult[]) {
  const withFront = pages.some((page) => page.front);
  const pageHeaders = ["página", "bytes", "req/s", "p50 ms", "p99 ms", "err/no-2xx", "Next mín", "mín req/s", "÷ mín", "sin ETag req/s", "÷ sin ETag", "ref", "ref req/s", "÷ ref", "node req/s", "÷ node", ...(withFront ? ["proxy req/s", "proxy ÷ node"] : [])];
  const pageRows = pages.map((page) => [
    page.path,
    fmt.kb(page.bytes),
    fmt.rps(page.page.rps),
    fmt.ms(page.page.p50),
    fmt.ms(page.page.p99),
    fmt.errors(page.page),
    fmt.kb(page.floor.bytes),
    fmt.rps(page.floor.result.rps),
    fmt.ratio(page.ratioFloor),
    fmt.rps(page.floorWithoutEtag.rps),
    fmt.ratio(page.ratioFloorWithoutEtag),
    `${page.reference.kb} kB`,
    fmt.rps(page.reference.result.rps),
    fmt.ratio(page.ratioReference),
    fmt.rps(page.bare.rps),
    fmt.ratio(page.ratioBare, 3),
    ...(page.front ? [fmt.rps(page.front.rps), fmt.ratio(page.ratioFrontBare!)] : withFront ? ["", ""] : []),
  ]);
  console.log(
    `\nPáginas públicas (${load.connections} conexiones, ${load.duration} s por destino tras ${load.warmup} s de calentamiento, mediana de ${rounds} rondas; Next mín = página pre-renderizada de tamaño más cercano de una app Next mínima de la misma versión, sin configuración; sin ETag = la misma con generateEtags: false, como corre esta app (sin barra); ref = la misma clase de página dentro de esta app; node = servidor http mínimo con los mismos bytes y cabeceras):\n`,
  );
  console.log(table(pageHeaders, pageRows));
  if (spreads.length > 0) {
    console.log("\nNext mínimo contra sí mismo (la dispersión de esta corrida: la misma página medida dos veces seguidas, por ronda):\n");
    console.log(table(["página", "bytes", "rondas", "mediana", "mín", "máx"], spreads.map((spread) => [spread.path, fmt.kb(spread.bytes), spread.ratios.map((value) => fmt.ratio(value)).join(" "), fmt.ratio(spread.median), fmt.ratio(spread.min), fmt.ratio(spread.max)])));
  }
  console.log("\nAPI pública, bandeja de administración y formulario de contacto:\n");
  console.log(
    table(
      ["destino", "bytes", "req/s", "p50 ms", "p99 ms", "err/no-2xx", "429"],
      apis.map((api) => [api.name, api.bytes === null ? "—" : fmt.kb(api.bytes), fmt.rps(api.result.rps), fmt.ms(api.result.p50), fmt.ms(api.result.p99), fmt.errors(api.result), api.status429 === undefined ? "—" : String(api.status429)]),
    ),
  );

  if (signedIn.length > 0) {
    console.log(
      `\nÁrea privada (una petición a la vez, tiempo hasta el último byte; ÷ me = frente a GET /api/v1/auth/me en las mismas rondas; ÷ vacía = frente a la pantalla vacía del área, lo que cuesta el contenido propio de cada pantalla):\n`,
    );
    console.log(
      table(
        ["destino", "ruta", "estado", "bytes", "p50 ms", "p95 ms", "p50 ÷ me", "p95 ÷ me", "p95 ÷ vacía"],
        signedIn.map((target) => [
          target.name,
          target.path.length > 60 ? `${target.path.slice(0, 57)}...` : target.path,
          String(target.status),
          fmt.kb(target.bytes),
          target.p50.toFixed(1),
          target.p95.toFixed(1),
          fmt.ratio(target.ratio50),
          fmt.ratio(target.ratio95),
          target.ratioEmpty95 === null ? "—" : fmt.ratio(target.ratioEmpty95),
        ]),
      ),
    );
    const bareDynamic = signedIn.find((target) => target.kind === "floor");
    const emptyScreen = signedIn.find((target) => target.path === EMPTY_SCREEN_PATH);
    if (bareDynamic && emptyScreen) {
      console.log(
        `\nSuelos: la página dinámica mínima de Next (sin datos, proxy ni layout) p50 ${bareDynamic.p50.toFixed(1)} ms = ${fmt.ratio(bareDynamic.ratio50)} × me, p95 ${fmt.ratio(bareDynamic.ratio95)} × me; ` +
          `la pantalla vacía del área (proxy, sesión, cabecera, menú) p50 ${emptyScreen.p50.toFixed(1)} ms = ${fmt.ratio(emptyScreen.ratio50)} × me, p95 ${fmt.ratio(emptyScreen.ratio95)} × me.`,
      );
    }
  }

  const checks: { name: string; pass: boolean; detail: string }[] = [];
  if (signedIn.length > 0) {
    // Every target of this app (the first row is /auth/me itself; the bare Next floor is not ours).
    const own = signedIn.slice(1).filter((target) => target.kind !== "floor");
    const slow = own.filter((target) => !(target.ratio95 <= SIGNED_IN_BARS.maxRatioToMe));
    checks.push({
      name: `área privada: cada p95 ≤ ${SIGNED_IN_BARS.maxRatioToMe} × p95 de /auth/me`,
      pass: slow.length === 0,
      detail: slow.length === 0 ? `${own.length} de ${own.length}` : `no cumplen ${slow.length} de ${own.length}: ${slow.map((target) => `${target.name} ${fmt.ratio(target.ratio95)}`).join(", ")}`,
    });
    const sitemap = signedIn.find((target) => target.path === "/admin/sitemap");
    if (sitemap) checks.push({ name: `mapa del sitio: p95 ≤ ${SIGNED_IN_BARS.sitemapMaxMs} ms`, pass: sitemap.p95 <= SIGNED_IN_BARS.sitemapMaxMs, detail: `${sitemap.p95.toFixed(0)} ms` });
  }
  const home = pages.find((page) => page.path === "/");
  if (home) checks.push({ name: "inicio ≤ 80 kB", pass: home.bytes <= BARS.homeMaxBytes, detail: `${home.bytes.toLocaleString("es-PE")} bytes` });
  if (pages.length > 0) {
    const underFloor = pages.filter((page) => !(page.ratioFloor >= BARS.minFloorRatio));
    checks.push({
      name: `cada página ÷ Next mínimo ≥ ${BARS.minFloorRatio}`,
      pass: underFloor.length === 0,
      detail: underFloor.length === 0 ? `${pages.length} de ${pages.length}` : `no cumplen ${underFloor.length} de ${pages.length}: ${underFloor.map((page) => `${page.path} ${fmt.ratio(page.ratioFloor)}`).join(", ")}`,
    });
    const slowPages = pages.filter((page) => !(page.ratioReference >= BARS.minReferenceRatio));
    checks.push({
      name: `cada página ÷ referencia ≥ ${BARS.minReferenceRatio}`,
      pass: slowPages.length === 0,
      detail: slowPages.length === 0 ? `${pages.length} de ${pages.length}` : `no cumplen ${slowPages.length} de ${pages.length}: ${slowPages.map((page) => `${page.path} ${fmt.ratio(page.ratioReference)}`).join(", ")}`,
    });
  }
  const largest = Math.max(...BENCH_REFERENCE_SIZES_KB) * 1024;
  const beyond = pages.filter((page) => page.bytes > largest * 1.1);
  if (beyond.length > 0) console.log(`\nAviso: más grandes que la mayor referencia (${Math.max(...BENCH_REFERENCE_SIZES_KB)} kB): ${beyond.map((page) => page.path).join(", ")}`);
  if (withFront) {
    const slowFront = pages.filter((page) => !((page.ratioFrontBare ?? 0) >= BARS.minFrontRatio));
    checks.push({ name: `proxy ÷ node ≥ ${BARS.minFrontRatio}`, pass: slowFront.length === 0, detail: slowFront.length === 0 ? `${pages.length} de ${pages.length}` : `no cumplen: ${slowFront.map((page) => `${page.path} ${fmt.ratio(page.ratioFrontBare!)}`).join(", ")}` });
  }
  const failing = [...pages.flatMap((page) => [page.page, page.reference.result, page.floor.result, page.floorWithoutEtag, page.bare, ...(page.front ? [page.front] : [])]), ...apis.filter((api) => api.kind !== "contact").map((api) => api.result)].filter((m) => errorCount(m) > 0);
  const contact = apis.find((api) => api.kind === "contact");
  const contactErrors = contact ? contact.result.errors + contact.result.timeouts + contact.result.non2xx - (contact.status429 ?? 0) : 0;
  checks.push({
    name: "sin errores ni respuestas no 2xx",
    pass: failing.length === 0 && contactErrors === 0,
    detail: failing.length === 0 && contactErrors === 0 ? "ninguno" : [...failing.map((m) => `${m.url} ${JSON.stringify(m.statuses)} errores ${m.errors} timeouts ${m.timeouts}`), ...(contact && contactErrors > 0 ? [`contacto ${JSON.stringify(contact.result.statuses)}`] : [])].join("; "),
  });
  checks.push({ name: "todos los destinos medidos", pass: failures.length === 0, detail: failures.length === 0 ? "sí" : failures.map((failure) => `${failure.target}: ${failure.error}`).join("; ") });
  console.log("");
  for (const check of checks) console.log(`${check.pass ? "PASS" : "FAIL"}  ${check.name}: ${check.detail}`);
  if (contact && (contact.status429 ?? 0) > 0) console.log(`Aviso: el POST de contacto recibió ${contact.status429} respuestas 429 (límite por dirección).`);
  return checks;
}
