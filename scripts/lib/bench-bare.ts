import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";

/** Response headers a server writes per connection or per moment: not copied to the bare server. */
const SKIPPED_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "date", "content-length"]);

export type BareServer = { url: string; serve(pathname: string, page: { status: number; headers: Headers; body: Buffer }): Promise<void>; stop(): Promise<void> };

/** Starts scripts/lib/bench-bare-server.mjs on `port` (loopback) in a child process. */
export async function startBareServer(port: number): Promise<BareServer> {
  const child: ChildProcess = fork(path.join(import.meta.dirname, "bench-bare-server.mjs"), [String(port)], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  await new Promise<void>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`El servidor Node mínimo terminó (código ${code})`)));
    child.on("message", (message: { type?: string }) => {
      if (message?.type === "listening") resolve();
    });
  });
  child.removeAllListeners("exit");
  return {
    url: `http://127.0.0.1:${port}`,
    serve(pathname, page) {
      const headers: Record<string, string> = {};
      page.headers.forEach((value, name) => {
        if (!SKIPPED_HEADERS.has(name)) headers[name] = value;
      });
      return new Promise((resolve) => {
        const done = (message: { type?: string; path?: string }) => {
          if (message?.type === "set" && message.path === pathname) {
            child.off("message", done);
            resolve();
          }
        };
        child.on("message", done);
        child.send({ type: "set", path: pathname, status: page.status, headers, body: page.body.toString("base64") });
      });
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
