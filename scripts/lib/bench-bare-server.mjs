// The bare Node `http` comparison point of `npm run bench`: answers each path with the exact bytes
// and headers Next sent for it (handed over by the parent through IPC). Runs in its own process so
// it never shares an event loop with the load generator. Unknown paths: 404.
import http from "node:http";

const pages = new Map();
const port = Number(process.argv[2]);

const server = http.createServer((request, response) => {
  const page = pages.get(request.url);
  if (!page) {
    response.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
    response.end("no encontrado");
    return;
  }
  response.writeHead(page.status, page.headers);
  response.end(page.body);
});
server.keepAliveTimeout = 60_000;

process.on("message", (message) => {
  if (message?.type === "set") {
    const body = Buffer.from(message.body, "base64");
    pages.set(message.path, { status: message.status, headers: { ...message.headers, "content-length": String(body.length) }, body });
    process.send?.({ type: "set", path: message.path });
  }
});
process.on("disconnect", () => process.exit(0));

server.listen(port, "127.0.0.1", () => process.send?.({ type: "listening" }));
