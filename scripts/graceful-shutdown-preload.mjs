// Loaded into the production Next.js server by scripts/serve.ts (NODE_OPTIONS=--import), beside
// scripts/client-ip-preload.mjs. What `next start` (Next 16) does on SIGTERM/SIGINT by itself:
// server.close() (stops listening, closes idle keep-alive sockets), waits for the requests in
// flight, then exits 143/130. What it lacks, and this adds:
//   - a request arriving after the signal on a kept-alive socket is no longer handed to the app:
//     it gets a complete 503 with Retry-After and `Connection: close`, so a client or proxy
//     retries elsewhere instead of waiting on a server that is leaving;
//   - a response in flight at the signal goes out whole, then its socket closes (no keep-alive);
//   - a deadline (SHUTDOWN_TIMEOUT_MS, default 8 s, under Docker's 10 s): a request still running
//     then cannot keep the process alive for ever.
// Plain JavaScript, no loader, nothing on the request path but one flag check.
import http from "node:http";

const INSTALLED = Symbol.for("lumen.graceful-shutdown-preload");
const DEFAULT_TIMEOUT_MS = 8_000;

function shutdownTimeout() {
  const value = Number(process.env.SHUTDOWN_TIMEOUT_MS);
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_TIMEOUT_MS;
}

const REFUSAL = JSON.stringify({ message: "El servidor se está reiniciando. Inténtalo de nuevo en unos segundos." });

if (!globalThis[INSTALLED]) {
  globalThis[INSTALLED] = true;
  let draining = false;
  /** Responses in flight: told to close their socket when the signal comes. */
  const inFlight = new Set();

  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function emitUnlessDraining(event, request, response) {
    if (event !== "request") return emit.apply(this, arguments);
    if (draining) {
      response.writeHead(503, {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Length": Buffer.byteLength(REFUSAL),
        "Retry-After": "5",
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
        Connection: "close",
      });
      response.end(REFUSAL);
      return true;
    }
    inFlight.add(response);
    response.once("close", () => inFlight.delete(response));
    return emit.apply(this, arguments);
  };

  const onSignal = (signal) => {
    if (draining) return;
    draining = true;
    const timeoutMs = shutdownTimeout();
    console.log(`[shutdown] ${signal}: se terminan ${inFlight.size} solicitudes en curso (máximo ${timeoutMs / 1000} s) y no se aceptan nuevas.`);
    for (const response of inFlight) {
      if (!response.headersSent) response.shouldKeepAlive = false;
    }
    // Next's own handler (registered after this one) closes the server and exits once idle.
    setTimeout(() => {
      console.error(`[shutdown] ${inFlight.size} solicitudes seguían en curso tras ${timeoutMs / 1000} s: se corta.`);
      process.exit(1);
    }, timeoutMs).unref();
  };
  // Registered before Next's own listeners (this file loads first), so the flag is set first.
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
