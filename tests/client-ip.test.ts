// The client's address: the preload that `npm start` and `npm run dev` load into the Next server
// (scripts/client-ip-preload.mjs) on a real HTTP server on the loopback, in front of the real route
// handlers. Each client binds its own loopback address (127.x.y.z), so every test has its own TCP
// peer, as every visitor does; the server listens dual-stack, so IPv4 peers reach it as IPv4-mapped
// IPv6 (::ffff:127.x.y.z).
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import { isIP, type AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as login } from "@/app/api/v1/auth/login/route";
import { POST as register } from "@/app/api/v1/auth/register/route";
import { POST as contact } from "@/app/api/v1/contact/route";
import { LOGIN_FAILURE_LIMIT, REGISTER_LIMIT } from "@/lib/auth/accounts";
import { clientIp, parseTrustProxyHops, PEER_HEADER, rateLimitAddress } from "@/lib/client-address";
import { CONTACT_RATE_LIMIT } from "@/lib/rate-limit";
import { db } from "@/lib/db";
import { createTestUser, uniqueTag } from "./helpers/auth";

const PRELOAD = pathToFileURL(path.join(process.cwd(), "scripts", "client-ip-preload.mjs")).href;

type Route = (request: Request, context: { params: Promise<Record<string, never>> }) => Promise<Response>;

/** What the app does with a request: the real route handlers. (The forgot-password action: e2e/client-ip.spec.ts.) */
const ROUTES: Record<string, Route> = {
  "/echo": async (request) => Response.json({ ip: clientIp(request.headers) }),
  "/api/v1/contact": contact,
  "/api/v1/auth/login": login,
  "/api/v1/auth/register": register,
};

async function toWebRequest(req: http.IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const item of Array.isArray(value) ? value : [value ?? ""]) headers.append(name, item);
  }
  return new Request(`http://localhost${req.url}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
}

type Server = { port: number; close: () => Promise<void> };

async function startServer(): Promise<Server> {
  const server = http.createServer(async (req, res) => {
    const route = ROUTES[new URL(req.url ?? "/", "http://localhost").pathname];
    const response = route ? await route(await toWebRequest(req), { params: Promise.resolve({}) }) : new Response(null, { status: 404 });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "::", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback address of its own: a visitor the server has not seen. */
const newVisitor = () => `127.${randomBytes(3).join(".")}`;
/** What an attacker writes into the headers it controls. */
const randomAddress = () => `203.0.113.${randomBytes(1)[0]}`;

type Answer = { status: number; headers: http.IncomingHttpHeaders; json: Record<string, unknown> };

function send(server: Server, path: string, options: { from?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<Answer> {
  const from = options.from ?? newVisitor();
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: isIP(from) === 6 ? "::1" : "127.0.0.1",
        localAddress: from,
        port: server.port,
        path,
        method: body === undefined ? "GET" : "POST",
        headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...options.headers },
        agent: false,
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, json: text ? JSON.parse(text) : {} }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** A new lie per request in every header a client controls. */
const spoofed = () => ({ "x-forwarded-for": randomAddress(), "x-real-ip": randomAddress(), [PEER_HEADER]: randomAddress() });

function contactMessage(email = `visita.${uniqueTag()}@empresa.pe`) {
  return { name: "Rosa Huamán", email, message: "Necesitamos automatizar la facturación electrónica de nuestras tiendas." };
}

let server: Server;
/** Runs the requests as a server behind `hops` trusted proxies (TRUST_PROXY_HOPS). */
const behind = (hops: number) => (process.env.TRUST_PROXY_HOPS = String(hops));

beforeAll(async () => {
  vi.spyOn(console, "info").mockImplementation(() => {}); // the company's e-mail for each contact message
  const preload = (await import(/* @vite-ignore */ PRELOAD)) as { PEER_HEADER: string };
  expect(preload.PEER_HEADER).toBe(PEER_HEADER);
  server = await startServer();
});
afterEach(() => {
  delete process.env.TRUST_PROXY_HOPS;
});
afterAll(async () => {
  await server?.close();
});

describe("the client's address the app sees", () => {
  it("with TRUST_PROXY_HOPS=0 is the TCP peer, whatever X-Forwarded-For, X-Real-IP or the peer header claim", async () => {
    const visitor = newVisitor();
    const answer = await send(server, "/echo", { from: visitor, headers: spoofed() });
    expect(answer.json.ip).toBe(visitor); // reached the server as ::ffff:127.x.y.z

    expect((await send(server, "/echo", { from: "::1", headers: spoofed() })).json.ip).toBe("::1");
  });

  it("with N hops is the N-th address from the right of X-Forwarded-For, never X-Real-IP", async () => {
    const headers = { "x-real-ip": "198.51.100.250", [PEER_HEADER]: "192.0.2.1" };
    behind(1);
    const one = await send(server, "/echo", { headers: { ...headers, "x-forwarded-for": "6.6.6.6, 198.51.100.7" } });
    expect(one.json.ip).toBe("198.51.100.7");
    expect((await send(server, "/echo", { headers: { "x-forwarded-for": "::ffff:198.51.100.4" } })).json.ip).toBe("198.51.100.4");
    expect((await send(server, "/echo", { headers: { "x-forwarded-for": "2001:0DB8:0:0::1" } })).json.ip).toBe("2001:db8::1");

    behind(2);
    const two = await send(server, "/echo", { headers: { ...headers, "x-forwarded-for": "6.6.6.6,198.51.100.7 , 10.0.0.2" } });
    expect(two.json.ip).toBe("198.51.100.7");
  });

  it("is 'unknown' when the trusted entry is missing or not an IP address", async () => {
    behind(1);
    for (const forwarded of ["<svg onload=alert(1)>", "", "198.51.100.7:8443", "1.2.3.4.5", "::ffff:999.1.1.1"]) {
      expect((await send(server, "/echo", { headers: { "x-forwarded-for": forwarded } })).json.ip, forwarded).toBe("unknown");
    }
    expect((await send(server, "/echo")).json.ip).toBe("unknown");
    behind(2);
    expect((await send(server, "/echo", { headers: { "x-forwarded-for": "198.51.100.7" } })).json.ip).toBe("unknown");
  });

  it("is 'unknown' in a process without the preload (a plain `next start`), whatever the client sends", () => {
    const script = `import { clientIp } from "./lib/client-address.ts";
      console.log(clientIp(new Headers({ "${PEER_HEADER}": "198.51.100.7", "x-forwarded-for": "198.51.100.8" })));`;
    const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8", timeout: 60_000 });
    expect(child.stderr).toBe("");
    expect(child.stdout.trim()).toBe("unknown");
  });

  it("groups IPv6 addresses by /64 for rate limits", () => {
    expect(rateLimitAddress("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(rateLimitAddress("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(rateLimitAddress("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(rateLimitAddress("::ffff:198.51.100.4")).toBe("198.51.100.4");
    expect(rateLimitAddress("198.51.100.4")).toBe("198.51.100.4");
  });
});

describe("TRUST_PROXY_HOPS", () => {
  it("accepts an integer from 0 to 10 (unset is 0)", () => {
    expect(parseTrustProxyHops(undefined)).toBe(0);
    expect(parseTrustProxyHops("")).toBe(0);
    expect(parseTrustProxyHops("0")).toBe(0);
    expect(parseTrustProxyHops(" 2 ")).toBe(2);
    for (const wrong of ["uno", "-1", "1.5", "11", "1e1", "true"]) expect(() => parseTrustProxyHops(wrong), wrong).toThrow(/TRUST_PROXY_HOPS/);
  });

  it("with a wrong value, `npm start` stops at once with a clear message", () => {
    const child = spawnSync(process.execPath, ["--import", "tsx", "scripts/serve.ts", "start"], {
      encoding: "utf8",
      timeout: 60_000,
      env: { ...process.env, TRUST_PROXY_HOPS: "dos" },
    });
    expect(child.status).toBe(1);
    expect(child.stderr).toContain('Error: TRUST_PROXY_HOPS debe ser un número entero de 0 a 10');
    expect(child.stderr).toContain('"dos"');
  }, 60_000);
});

describe("per-address limits hold against a new X-Forwarded-For per request", () => {
  it(`contact: the ${CONTACT_RATE_LIMIT.limit + 1}th message from one visitor gets 429, and only real addresses are stored`, async () => {
    const visitor = newVisitor();
    const emails: string[] = [];
    for (let i = 1; i <= CONTACT_RATE_LIMIT.limit; i++) {
      emails.push(`visita.${uniqueTag()}@empresa.pe`);
      const answer = await send(server, "/api/v1/contact", { from: visitor, headers: spoofed(), body: contactMessage(emails.at(-1)) });
      expect(answer.status, `message ${i}`).toBe(201);
    }
    const refused = await send(server, "/api/v1/contact", { from: visitor, headers: spoofed(), body: contactMessage() });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);

    const stored = await db.contactMessage.findMany({ where: { email: { in: emails } }, select: { ipAddress: true } });
    expect(stored.map((row) => row.ipAddress)).toEqual(Array(CONTACT_RATE_LIMIT.limit).fill(visitor));
  });

  it("contact: the stored ip_address is a valid IP address or 'unknown', never what a header says", async () => {
    const svg = "<svg onload=alert(1)>";
    const viaDirect = contactMessage();
    const viaProxy = contactMessage();
    const visitor = newVisitor();
    expect((await send(server, "/api/v1/contact", { from: visitor, headers: { "x-forwarded-for": svg, "x-real-ip": svg }, body: viaDirect })).status).toBe(201);
    behind(1);
    expect((await send(server, "/api/v1/contact", { headers: { "x-forwarded-for": svg, [PEER_HEADER]: svg }, body: viaProxy })).status).toBe(201);

    const row = (email: string) => db.contactMessage.findFirstOrThrow({ where: { email }, select: { ipAddress: true } });
    expect((await row(viaDirect.email)).ipAddress).toBe(visitor);
    expect((await row(viaProxy.email)).ipAddress).toBe("unknown");
    expect(await db.contactMessage.count({ where: { ipAddress: svg } })).toBe(0);
  });

  it("contact behind a proxy: rotating addresses inside one IPv6 /64 buys nothing; another /64 still passes", async () => {
    const [third, fourth] = [randomBytes(2).readUInt16BE(), randomBytes(2).readUInt16BE()];
    const network = `2001:db8:${third.toString(16)}:${fourth.toString(16)}`;
    const nextNetwork = `2001:db8:${third.toString(16)}:${(fourth ^ 1).toString(16)}`;
    behind(1);
    for (let i = 1; i <= CONTACT_RATE_LIMIT.limit; i++) {
      const answer = await send(server, "/api/v1/contact", { headers: { "x-forwarded-for": `${network}::${i}` }, body: contactMessage() });
      expect(answer.status, `message ${i}`).toBe(201);
    }
    const refused = await send(server, "/api/v1/contact", { headers: { "x-forwarded-for": `${network}:aaaa:bbbb:cccc:dddd` }, body: contactMessage() });
    expect(refused.status).toBe(429);
    const neighbour = await send(server, "/api/v1/contact", { headers: { "x-forwarded-for": `${nextNetwork}::1` }, body: contactMessage() });
    expect(neighbour.status).toBe(201);
  });

  it(`register: the ${REGISTER_LIMIT.limit + 1}th registration from one visitor gets 429`, async () => {
    const visitor = newVisitor();
    const registration = () => {
      const tag = uniqueTag();
      return { name: `Cliente ${tag}`, email: `nuevo.${tag}@empresa.pe`, password: `Segura#${tag}`, password_confirmation: `Segura#${tag}` };
    };
    for (let i = 1; i <= REGISTER_LIMIT.limit; i++) {
      expect((await send(server, "/api/v1/auth/register", { from: visitor, headers: spoofed(), body: registration() })).status, `registration ${i}`).toBe(201);
    }
    const refused = await send(server, "/api/v1/auth/register", { from: visitor, headers: spoofed(), body: registration() });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  }, 120_000);

  it(`login: after ${LOGIN_FAILURE_LIMIT.limit} failures across accounts one visitor gets 429, even with the right password`, async () => {
    const password = `Clave#${uniqueTag()}`;
    const user = await createTestUser({ password });
    const visitor = newVisitor();
    for (let i = 1; i <= LOGIN_FAILURE_LIMIT.limit; i++) {
      const body = { email: `otro.${uniqueTag()}@example.pe`, password: "incorrecta-123" };
      expect((await send(server, "/api/v1/auth/login", { from: visitor, headers: spoofed(), body })).status, `attempt ${i}`).toBe(401);
    }
    const refused = await send(server, "/api/v1/auth/login", { from: visitor, headers: spoofed(), body: { email: user.email, password } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json.token).toBeUndefined();
  }, 120_000);
});
