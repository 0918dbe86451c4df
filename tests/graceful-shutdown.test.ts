// scripts/graceful-shutdown-preload.mjs, loaded into a plain Node HTTP server (as serve.ts loads it
// into Next's): after SIGTERM a request in flight is answered in full and its socket closes; a new
// request on a kept-alive socket gets a whole 503 with Retry-After; the deadline ends the process.
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const preload = pathToFileURL(path.join(process.cwd(), "scripts", "graceful-shutdown-preload.mjs")).href;

// A server whose /slow answer takes 800 ms, like a request held by the database.
const SERVER = `
const http = require("node:http");
const server = http.createServer((request, response) => {
  const send = () => response.end("listo:" + request.url);
  if (request.url === "/slow") setTimeout(send, 800); else send();
});
server.keepAliveTimeout = 30000;
server.listen(0, "127.0.0.1", () => console.log("PORT " + server.address().port));
`;

let child: ChildProcess | null = null;
afterEach(() => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
});

function start(): Promise<number> {
  child = spawn(process.execPath, [`--import=${preload}`, "-e", SERVER], {
    env: { ...process.env, SHUTDOWN_TIMEOUT_MS: "1500" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    child!.stdout!.on("data", (chunk: Buffer) => {
      const match = /PORT (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child!.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };
function get(agent: http.Agent, port: number, pathname: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: pathname, agent }, (response) => {
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

describe("graceful shutdown preload", () => {
  it("finishes the request in flight, answers later ones 503 and exits by the deadline", async () => {
    const port = await start();
    const busy = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const idle = new http.Agent({ keepAlive: true, maxSockets: 1 });
    // A kept-alive socket that will carry a request after the signal.
    expect((await get(idle, port, "/warm")).body).toBe("listo:/warm");

    const inFlight = get(busy, port, "/slow");
    await new Promise((resolve) => setTimeout(resolve, 200));
    const exited = new Promise<number | null>((resolve) => child!.once("exit", (code) => resolve(code)));
    const signalledAt = Date.now();
    child!.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 100));

    const late = await get(idle, port, "/nuevo");
    expect(late.status).toBe(503);
    expect(late.headers["retry-after"]).toBe("5");
    expect(late.headers.connection).toBe("close");
    expect(JSON.parse(late.body)).toEqual({ message: "El servidor se está reiniciando. Inténtalo de nuevo en unos segundos." });

    const finished = await inFlight;
    expect(finished).toMatchObject({ status: 200, body: "listo:/slow" });
    expect(finished.headers.connection).toBe("close");

    // This plain server never closes by itself (Next's own handler would): the deadline ends it.
    expect(await exited).toBe(1);
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(1_400);
    expect(Date.now() - signalledAt).toBeLessThan(5_000);
    busy.destroy();
    idle.destroy();
  });
});
