import type { ChildProcess } from "node:child_process";

/** Waits until `npm start` answers GET /api/health with 200; fails if it exits first or takes longer than `timeoutMs`. */
export async function waitForServer(server: ChildProcess, baseUrl: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`npm start terminó con código ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error("El servidor no respondió a tiempo");
}
