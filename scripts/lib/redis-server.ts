// A redis-server of a test's own (npm run test:scale, tests/health-redis.test.ts): loopback only,
// nothing on disk, on the port given.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";

export const redisServerInstalled = () => spawnSync("redis-server", ["--version"]).status === 0;

/** Whether the server on `port` answers PING (within 2 s). */
export function redisAnswers(port: number): boolean {
  return spawnSync("redis-cli", ["-p", String(port), "ping"], { encoding: "utf8", timeout: 2_000 }).stdout?.trim() === "PONG";
}

/** Keys in the server's database 0. */
export function redisKeyCount(port: number): number {
  return Number(spawnSync("redis-cli", ["-p", String(port), "dbsize"], { encoding: "utf8", timeout: 2_000 }).stdout?.trim() || 0);
}

/** Starts a server on `port` and waits (up to 10 s) until it answers. */
export async function startRedisServer(port: number): Promise<ChildProcess> {
  if (!redisServerInstalled()) throw new Error("No se encontró redis-server. Instálelo (apt-get install redis-server).");
  const server = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  for (let i = 0; i < 100 && !redisAnswers(port); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  if (!redisAnswers(port)) {
    server.kill("SIGKILL");
    throw new Error(`redis-server no arrancó en el puerto ${port}`);
  }
  return server;
}

/** Kills the server at once (nothing to save) and waits for it to be gone. */
export async function killRedisServer(server: ChildProcess | null): Promise<void> {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = once(server, "exit");
  server.kill("SIGKILL");
  await exited;
}
