// `npm run bench`, the report: the tables of pages and API targets, and PASS/FAIL on each bar.
import { BENCH_REFERENCE_SIZES_KB } from "../../../lib/bench/reference-pages";
import type { Measurement } from "../bench-measure";
import type { ApiResult, BenchRun, PageResult } from "./run";

export const BARS = { homeMaxBytes: 80 * 1024, minReferenceRatio: 0.9, minFrontRatio: 0.5 };

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

export function report({ load, failures }: BenchRun, pages: PageResult[], apis: ApiResult[]) {
  const withFront = pages.some((page) => page.front);
  const pageHeaders = ["página", "bytes", "req/s", "p50 ms", "p99 ms", "err/no-2xx", "ref", "ref req/s", "÷ ref", "node req/s", "÷ node", ...(withFront ? ["proxy req/s", "proxy ÷ node"] : [])];
  const pageRows = pages.map((page) => [
    page.path,
    fmt.kb(page.bytes),
    fmt.rps(page.page.rps),
    fmt.ms(page.page.p50),
    fmt.ms(page.page.p99),
    fmt.errors(page.page),
    `${page.reference.kb} kB`,
    fmt.rps(page.reference.result.rps),
    fmt.ratio(page.ratioReference),
    fmt.rps(page.bare.rps),
    fmt.ratio(page.ratioBare, 3),
    ...(page.front ? [fmt.rps(page.front.rps), fmt.ratio(page.ratioFrontBare!)] : withFront ? ["", ""] : []),
  ]);
  console.log(`\nPáginas públicas (${load.connections} conexiones, ${load.duration} s por destino tras ${load.warmup} s de calentamiento; ref = página pre-renderizada de Next de tamaño más cercano; node = servidor http mínimo con los mismos bytes y cabeceras):\n`);
  console.log(table(pageHeaders, pageRows));
  console.log("\nAPI pública, bandeja de administración y formulario de contacto:\n");
  console.log(
    table(
      ["destino", "bytes", "req/s", "p50 ms", "p99 ms", "err/no-2xx", "429"],
      apis.map((api) => [api.name, api.bytes === null ? "—" : fmt.kb(api.bytes), fmt.rps(api.result.rps), fmt.ms(api.result.p50), fmt.ms(api.result.p99), fmt.errors(api.result), api.status429 === undefined ? "—" : String(api.status429)]),
    ),
  );

  const checks: { name: string; pass: boolean; detail: string }[] = [];
  const home = pages.find((page) => page.path === "/");
  if (home) checks.push({ name: "inicio ≤ 80 kB", pass: home.bytes <= BARS.homeMaxBytes, detail: `${home.bytes.toLocaleString("es-PE")} bytes` });
  const slowPages = pages.filter((page) => !(page.ratioReference >= BARS.minReferenceRatio));
  checks.push({
    name: `cada página ÷ referencia ≥ ${BARS.minReferenceRatio}`,
    pass: slowPages.length === 0,
    detail: slowPages.length === 0 ? `${pages.length} de ${pages.length}` : `no cumplen ${slowPages.length} de ${pages.length}: ${slowPages.map((page) => `${page.path} ${fmt.ratio(page.ratioReference)}`).join(", ")}`,
  });
  const largest = Math.max(...BENCH_REFERENCE_SIZES_KB) * 1024;
  const beyond = pages.filter((page) => page.bytes > largest * 1.1);
  if (beyond.length > 0) console.log(`\nAviso: más grandes que la mayor referencia (${Math.max(...BENCH_REFERENCE_SIZES_KB)} kB): ${beyond.map((page) => page.path).join(", ")}`);
  if (withFront) {
    const slowFront = pages.filter((page) => !((page.ratioFrontBare ?? 0) >= BARS.minFrontRatio));
    checks.push({ name: `proxy ÷ node ≥ ${BARS.minFrontRatio}`, pass: slowFront.length === 0, detail: slowFront.length === 0 ? `${pages.length} de ${pages.length}` : `no cumplen: ${slowFront.map((page) => `${page.path} ${fmt.ratio(page.ratioFrontBare!)}`).join(", ")}` });
  }
  const failing = [...pages.flatMap((page) => [page.page, page.reference.result, page.bare, ...(page.front ? [page.front] : [])]), ...apis.filter((api) => api.kind !== "contact").map((api) => api.result)].filter((m) => errorCount(m) > 0);
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
