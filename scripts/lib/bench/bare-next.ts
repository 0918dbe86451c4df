// `npm run bench`, the bare floor: a minimal Next app of the installed version, with no config at
// all (no rewrites, headers, proxy, preloads or layouts beyond <html><body>), serving pre-rendered
// pages of the same sizes as the in-app references. Whatever this app adds to a request is in the
// public page's time and not in this floor's, so "page ÷ bare Next" is the figure that shows it
// (the in-app reference pays the same extras as the pages, which hides them).
//
// The app is written to <cache>/lumen-bench/bare-next-<version>-<hash>/ (BENCH_CACHE_DIR, default
// ~/.cache) and built once: its folder name changes with the Next version and with this generator,
// so a new one is built then. It has its own package.json and node_modules with exactly the
// versions of next, react and react-dom this project has installed (npm install, from the npm
// cache the project's install filled). It must live outside this checkout: Next takes the
// highest lockfile above an app as its root, and Turbopack then built this project's
// instrumentation (and with it Prisma) into an app inside .bench/.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { BENCH_REFERENCE_SIZES_KB } from "../../../lib/bench/reference-pages";
import { fetchRaw } from "../bench-measure";
import { spawnGroup, type ProcessGroup } from "../process-group";
import type { Reference } from "./run";

/** Next's CLI of the bare app's own install (run from its folder). */
const NEXT_BIN = path.join("node_modules", "next", "dist", "bin", "next");

// The served HTML of a bare page: its shell (head, Next's scripts) and, for every character of
// paragraph text, the markup and the inline RSC payload that repeats it. Fitted on a build; the
// bench picks the floor page nearest each public page by the bytes actually served, so a rough
// fit only costs density, not accuracy.
const SHELL_BYTES = 4_500;
const BYTES_PER_TEXT_BYTE = 2.05;

// Next looks for its config upwards from the app's folder: without a file of its own the floor would
// load this project's next.config.ts (its rewrites, headers, proxy and instrumentation). An empty
// config is "no config at all". `next start` reads it again, so the same build also serves as the
// second floor, "bare Next without ETag": this app turns Next's ETag off (next.config.ts), and that
// hash of every answer's body is a large part of a small page's time; the second floor shows what
// this app costs against Next with the same setting.
const CONFIG = 'export default process.env.BARE_NEXT_ETAGS === "off" ? { generateEtags: false } : {};\n';

const LAYOUT = `export const metadata = { title: "Suelo de Next" };

export default function RootLayout({ children }) {
  return (
    <html lang="es">
      <body>{children}</body>
    </html>
  );
}
`;

const PAGE = `const SIZES = ${JSON.stringify(BENCH_REFERENCE_SIZES_KB)};
const SHELL_BYTES = ${SHELL_BYTES};
const BYTES_PER_TEXT_BYTE = ${BYTES_PER_TEXT_BYTE};
const SENTENCE = "Texto de relleno de la página de comparación, con el mismo peso que una página pública. ";

export const dynamicParams = false;

export function generateStaticParams() {
  return SIZES.map((kb) => ({ kb: String(kb) }));
}

export default async function Page({ params }) {
  const { kb } = await params;
  const text = Math.max(0, (Number(kb) * 1024 - SHELL_BYTES) / BYTES_PER_TEXT_BYTE);
  const paragraphs = Array.from({ length: Math.ceil(text / 600) }, (_, index) => index + ". " + SENTENCE.repeat(7));
  return (
    <main>
      <h1>Página de {kb} kB</h1>
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </main>
  );
}
`;

/** Where the page goes: under /p/, as /500 and /404 would be Next's own error pages. */
const PAGE_FILE = path.join("app", "p", "[kb]", "page.jsx");

// The floor of the signed-in screens: the smallest page Next renders on each request (no data,
// no layout beyond <html><body>), against which the in-app empty admin screen is read.
const DYNAMIC_PAGE = `import { connection } from "next/server";

export default async function Page() {
  await connection();
  return (
    <main>
      <h1>Página dinámica</h1>
    </main>
  );
}
`;

const DYNAMIC_PAGE_FILE = path.join("app", "dinamica", "page.jsx");
/** The dynamic page's path on the bare app. */
export const BARE_DYNAMIC_PATH = "/dinamica";

export type BareNext = { url: string; version: string; references: Reference[]; stop(): Promise<void> };

const installedVersion = (name: string) => (JSON.parse(readFileSync(path.join("node_modules", name, "package.json"), "utf8")) as { version: string }).version;
const nextVersion = () => installedVersion("next");

/** The bare app's package.json: the installed versions of what a Next app needs, nothing else. */
function packageJson(): string {
  const dependencies = Object.fromEntries(["next", "react", "react-dom"].map((name) => [name, installedVersion(name)]));
  return `${JSON.stringify({ private: true, name: "bare-next-floor", dependencies }, null, 2)}\n`;
}

/** The app's folder: named by the Next version and a hash of what is generated into it. */
function appDir(): string {
  const hash = createHash("sha256").update(packageJson()).update(PAGE_FILE).update(CONFIG).update(LAYOUT).update(PAGE).update(DYNAMIC_PAGE_FILE).update(DYNAMIC_PAGE).digest("hex").slice(0, 10);
  return path.join(process.env.BENCH_CACHE_DIR || path.join(os.homedir(), ".cache"), "lumen-bench", `bare-next-${nextVersion()}-${hash}`);
}

async function build(dir: string, log: (message: string) => void): Promise<void> {
  if (existsSync(path.join(dir, ".next", "BUILD_ID"))) {
    log(`Next mínimo ${nextVersion()}: se reutiliza la compilación de ${dir}`);
    return;
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, path.dirname(PAGE_FILE)), { recursive: true });
  writeFileSync(path.join(dir, "package.json"), packageJson());
  log(`Next mínimo ${nextVersion()}: npm install en ${dir}…`);
  try {
    execFileSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
  } catch (error) {
    throw new Error(`npm install del Next mínimo falló: ${(error as { stderr?: Buffer }).stderr?.toString().slice(-2000) ?? error}`);
  }
  writeFileSync(path.join(dir, "next.config.mjs"), CONFIG);
  writeFileSync(path.join(dir, "app", "layout.jsx"), LAYOUT);
  writeFileSync(path.join(dir, PAGE_FILE), PAGE);
  mkdirSync(path.join(dir, path.dirname(DYNAMIC_PAGE_FILE)), { recursive: true });
  writeFileSync(path.join(dir, DYNAMIC_PAGE_FILE), DYNAMIC_PAGE);
  log(`Next mínimo ${nextVersion()}: next build en ${dir}…`);
  const started = Date.now();
  const run = spawnGroup(process.execPath, [NEXT_BIN, "build"], { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" }, 200_000, dir);
  const code = await run.exitCode();
  if (code !== 0) {
    rmSync(path.join(dir, ".next"), { recursive: true, force: true });
    throw new Error(`next build del Next mínimo falló (código ${code}):\n${run.output().split("\n").slice(-30).join("\n")}`);
  }
  log(`Next mínimo compilado en ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

async function waitUntilListening(server: ProcessGroup, url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`El Next mínimo terminó (código ${server.child.exitCode}):\n${server.output().slice(-2000)}`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error("El Next mínimo no respondió en 60 s");
}

/**
 * Builds the bare app if needed, starts `next start` on it and reads the size each page is served
 * at. `etags: false` starts it with Next's ETag off (the second floor).
 */
export async function startBareNext(port: number, log: (message: string) => void, { etags = true }: { etags?: boolean } = {}): Promise<BareNext> {
  const dir = appDir();
  await build(dir, log);
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", BARE_NEXT_ETAGS: etags ? "on" : "off" };
  const server = spawnGroup(process.execPath, [NEXT_BIN, "start", "--port", String(port), "--hostname", "127.0.0.1"], env, 200_000, dir);
  try {
    await waitUntilListening(server, `${url}/p/${BENCH_REFERENCE_SIZES_KB[0]}`);
    const references: Reference[] = [];
    for (const kb of BENCH_REFERENCE_SIZES_KB) {
      const pathname = `/p/${kb}`;
      const page = await fetchRaw(`${url}${pathname}`);
      if (page.status !== 200) throw new Error(`${pathname} del Next mínimo respondió ${page.status}`);
      if (page.headers.has("etag") !== etags) throw new Error(`${pathname} del Next mínimo ${etags ? "no trae" : "trae"} ETag`);
      references.push({ kb, path: pathname, bytes: page.body.length });
    }
    const dynamic = await fetchRaw(`${url}${BARE_DYNAMIC_PATH}`);
    if (dynamic.status !== 200) throw new Error(`${BARE_DYNAMIC_PATH} del Next mínimo respondió ${dynamic.status}`);
    log(`Next mínimo${etags ? "" : " sin ETag"} en ${url}: ${references.length} páginas de ${(references[0].bytes / 1024).toFixed(1)} a ${(references.at(-1)!.bytes / 1024).toFixed(0)} kB`);
    return { url, version: nextVersion(), references, stop: () => server.stop() };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
