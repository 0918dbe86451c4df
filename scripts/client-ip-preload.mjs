// Loaded into the Next.js server process by scripts/serve.ts (NODE_OPTIONS=--import) for
// `npm start` and `npm run dev`: every HTTP request gets PEER_HEADER set to the address of
// its TCP peer, replacing any value the client sent, before Next sees the request. Next hands
// request headers on to route handlers, server actions and Auth.js, where lib/client-address.ts
// turns it (and X-Forwarded-For, per TRUST_PROXY_HOPS) into the client's address.
// Plain JavaScript and Next's own server on purpose: no TypeScript loader and no custom
// server in the request path, so pages are served exactly as fast as by `next start`.
import http from "node:http";
import https from "node:https";

/** Must equal PEER_HEADER in lib/client-address.ts (tests/client-ip.test.ts checks it). */
export const PEER_HEADER = "x-lumen-peer-address";
const INSTALLED = Symbol.for("lumen.peer-address-preload");
const TRUSTED = Symbol.for("lumen.peer-address-header"); // read by lib/client-address.ts

if (!globalThis[INSTALLED]) {
  globalThis[INSTALLED] = true;
  for (const Server of [http.Server, https.Server]) {
    const emit = Server.prototype.emit;
    Server.prototype.emit = function emitWithPeerAddress(event, request) {
      if (event === "request" || event === "checkContinue" || event === "checkExpectation") {
        request.headers[PEER_HEADER] = request.socket.remoteAddress ?? "";
      }
      return emit.apply(this, arguments);
    };
  }
  // Tells lib/client-address.ts that PEER_HEADER comes from us: without this (a plain
  // `next start`), the header could come from the client and is ignored.
  globalThis[TRUSTED] = true;
}
