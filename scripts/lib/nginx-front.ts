// Starts the caching front (deploy/nginx/nginx.conf.template, the same template docker-compose
// uses) on loopback, as the current user, with its cache, logs and pid in a temp dir, nginx in the
// foreground as a child. Used by `npm run test:front` and the benchmark.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { assertPortFree } from "./ports";

export const FRONT_TEMPLATE = path.join(process.cwd(), "deploy", "nginx", "nginx.conf.template");
const BROTLI_MODULE = "/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so";

export type FrontOptions = {
  /** host:port of each app instance, e.g. ["127.0.0.1:3650"]. */
  upstreams: string[];
  /** Loopback port the front listens on. */
  port: number;
  /** How long a cacheable answer is kept before a background refresh (default 10 s). */
  cacheSeconds?: number;
  /** How long a media library file (/media/…) is kept before a background refresh (default 3600 s). */
  mediaCacheSeconds?: number;
  /** nginx binary (default NGINX_BIN or "nginx"). */
  nginx?: string;
};

export type Front = { url: string; dir: string; stop(): Promise<void>; log(): string };

/** Fills the template's ${FRONT_*} placeholders; throws if one is unknown or left. */
export function renderFrontConfig(template: string, values: Record<string, string>): string {
  const rendered = template.replace(/\$\{(FRONT_[A-Z_]+)\}/g, (_all, name: string) => {
    if (!(name in values)) throw new Error(`Falta el valor de ${name} para la configuración de nginx`);
    return values[name];
  });
  return rendered;
}

/** The `server …;` lines of the upstream block. */
export function upstreamServers(upstreams: string[]): string {
  if (!upstreams.length) throw new Error("El front necesita al menos una instancia de la aplicación");
  for (const upstream of upstreams) if (!/^[A-Za-z0-9.\-[\]:]+:\d+$/.test(upstream)) throw new Error(`Instancia no válida: ${upstream} (se espera host:puerto)`);
  return upstreams.map((upstream) => `server ${upstream} max_fails=1 fail_timeout=2s;`).join(" ");
}

async function waitUntilAnswering(url: string, child: ChildProcess, timeoutMs: number, log: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx terminó con código ${child.exitCode}:\n${log()}`);
    try {
      // Any HTTP answer (even a 502 while the app is down) means nginx is listening.
      await fetch(url, { method: "HEAD", signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx no respondió en ${url}:\n${log()}`);
}

export async function startFront(opts: FrontOptions): Promise<Front> {
  const nginx = opts.nginx ?? process.env.NGINX_BIN ?? "nginx";
  if (spawnSync(nginx, ["-v"]).error) throw new Error(`No se encuentra nginx (${nginx}): apt-get install -y nginx libnginx-mod-http-brotli-filter`);
  if (!existsSync(BROTLI_MODULE)) throw new Error(`Falta el módulo brotli de nginx (${BROTLI_MODULE}): apt-get install -y libnginx-mod-http-brotli-filter`);

  const cacheSeconds = opts.cacheSeconds ?? 10;
  const mediaCacheSeconds = opts.mediaCacheSeconds ?? 3600;
  for (const seconds of [cacheSeconds, mediaCacheSeconds])
    if (!Number.isInteger(seconds) || seconds < 1) throw new Error(`Tiempo de caché no válido: ${seconds} (segundos enteros, 1 o más)`);
  if (!Number.isInteger(opts.port) || opts.port < 1 || opts.port > 65535) throw new Error(`Puerto no válido: ${opts.port}`);

  // A port something else listens on would pass its answers off as nginx's.
  await assertPortFree(opts.port, "FRONT_TEST_PORT for test:front, BENCH_PORT + 2 for bench");

  const dir = mkdtempSync(path.join(tmpdir(), "nginx-front-"));
  const config = renderFrontConfig(readFileSync(FRONT_TEMPLATE, "utf8"), {
    FRONT_USER: userInfo().username,
    FRONT_STATE_DIR: dir,
    FRONT_ERROR_LOG: path.join(dir, "error.log"),
    FRONT_ACCESS_LOG: path.join(dir, "access.log"),
    FRONT_LISTEN: `127.0.0.1:${opts.port}`,
    FRONT_UPSTREAM_SERVERS: upstreamServers(opts.upstreams),
    FRONT_CACHE_SECONDS: String(cacheSeconds),
    FRONT_MEDIA_CACHE_SECONDS: String(mediaCacheSeconds),
    FRONT_CACHE_MAX_SIZE: "256m",
  });
  const configFile = path.join(dir, "nginx.conf");
  writeFileSync(configFile, config);
  const errorLog = path.join(dir, "error.log");
  const log = () => {
    try {
      return readFileSync(errorLog, "utf8").slice(-4000);
    } catch {
      return "";
    }
  };

  // -e: nginx's own early messages go to the temp dir too (not to /var/log).
  const child = spawn(nginx, ["-p", dir, "-c", configFile, "-e", errorLog], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const url = `http://127.0.0.1:${opts.port}`;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const stop = async () => {
    // Graceful (workers finish their requests), then fast; never SIGKILL the master first, or
    // its workers would keep serving on their own.
    for (const [signal, waitMs] of [["SIGQUIT", 5000], ["SIGTERM", 5000], ["SIGKILL", 5000]] as const) {
      if (!running()) break;
      child.kill(signal);
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, waitMs))]);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilAnswering(url, child, 15_000, () => `${stderr}${log()}`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dir, stop, log };
}
