// The sitemap maintenance panel's API: GET /api/v1/admin/sitemap/status with measured figures
// (urls_count equal to the <url> entries of /sitemap.xml, the static/dynamic split, the SEO audit
// of every URL, availability from recorded checks), POST /api/v1/admin/sitemap/refresh (the forced
// audit; GET never forces one), where the server requests itself (loopback on PORT, then SITE_URL,
// only its own sitemap's paths, no redirects followed, at most 200) and POST
// /api/v1/admin/sitemap/generate (a snapshot kept as the backup, audited). 401/403 for these routes
// are covered by tests/api-admin-access.test.ts.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as generate } from "@/app/api/v1/admin/sitemap/generate/route";
import { POST as refreshRoute } from "@/app/api/v1/admin/sitemap/refresh/route";
import { GET as statusRoute } from "@/app/api/v1/admin/sitemap/status/route";
import { db } from "@/lib/db";
import { formatFileSize, formatRelativeTime, sitemapGrade, sitemapHealth } from "@/lib/sitemap/health";
import { getSitemapXml } from "@/lib/sitemap/queries";
import { STATIC_ROUTES } from "@/lib/sitemap/routes";
import { auditPageHtml, summarizeSeoAudit, unreachablePage } from "@/lib/sitemap/seo-audit";
import { getSitemapStatus, MAX_AUDITED_URLS, planCrawl, readAvailability, selfOrigins, type SitemapStatus } from "@/lib/sitemap/status";
import { sitemapPath } from "@/lib/sitemap/summary";
import { call, createTestUser, fakeIp, tokenFor, type Json, type TestUser } from "./helpers/auth";

let admin: TestUser;
let token: string;
const originalPort = process.env.PORT;
const originalSiteUrl = process.env.SITE_URL;

/** A port on 127.0.0.1 that nothing listens on (bound, then released). */
async function deadPort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return String(port);
}

beforeAll(async () => {
  admin = await createTestUser({ role: "admin" });
  token = await tokenFor(admin);
  // The routes reach the server at 127.0.0.1:$PORT and SITE_URL (localhost:$PORT by default): point
  // both at a closed port so that whatever else runs on this machine is never measured.
  delete process.env.SITE_URL;
  process.env.PORT = await deadPort();
});

afterAll(() => {
  if (originalPort === undefined) delete process.env.PORT;
  else process.env.PORT = originalPort;
  if (originalSiteUrl !== undefined) process.env.SITE_URL = originalSiteUrl;
});

const getStatus = async (query = "") => {
  const { status, body } = await call(statusRoute, `/api/v1/admin/sitemap/status${query}`, { bearer: token });
  expect(status).toBe(200);
  return body.data as SitemapStatus;
};
const postRefresh = async () => {
  const { status, body } = await call(refreshRoute, "/api/v1/admin/sitemap/refresh", { method: "POST", bearer: token });
  expect(status).toBe(200);
  return body.data as SitemapStatus;
};
const postGenerate = (ip = fakeIp()) => call(generate, "/api/v1/admin/sitemap/generate", { method: "POST", bearer: token, ip });

const countUrls = (xml: string) => (xml.match(/<url>/g) ?? []).length;

const DESCRIPTION = "Consultora TI en Lima: ERP, CRM y automatización de procesos para pymes del Perú.";

/** A page that passes every check; `title` unique per page. */
function goodPage(title: string, extra = "") {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${title}</title>
    <meta name="description" content="${DESCRIPTION}">
    <link rel="canonical" href="https://example.pe/">
    <script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Ejemplo"}</script>
    </head><body><svg><title>Icono de menú</title></svg><h1>Bienvenido</h1><img src="/a.png" alt="Equipo"><img src="/b.png" alt="">${extra}</body></html>`;
}

describe("auditPageHtml", () => {
  it("passes every check on a well-formed page (decorative alt=\"\" is fine, an SVG <title> is not the page title)", () => {
    const audit = auditPageHtml("https://example.pe/", goodPage("Inicio | Consultora TI"));
    expect(audit.title).toBe("Inicio | Consultora TI");
    expect(audit.checks.map((check) => check.check).sort()).toEqual(
      ["canonical", "h1", "img_alt", "json_ld", "meta_description", "title", "title_length"].sort(),
    );
    expect(audit.checks.filter((check) => !check.passed)).toEqual([]);
  });

  it("reports each failing check with a Spanish message", () => {
    const html = `<html><head><title>  Un título larguísimo que supera con creces los sesenta caracteres permitidos  </title>
      <meta name="description" content="Muy corta.">
      <script type="application/ld+json">{"@type": "Organization",}</script>
      </head><body><h1>Uno</h1><h1>Dos</h1><img src="/x.png"><img src="/y.png"></body></html>`;
    const audit = auditPageHtml("https://example.pe/malo", html);
    const failed = Object.fromEntries(audit.checks.filter((check) => !check.passed).map((check) => [check.check, check.message]));
    expect(Object.keys(failed).sort()).toEqual(["canonical", "h1", "img_alt", "json_ld", "meta_description", "title_length"].sort());
    expect(failed.title_length).toBe("El título tiene 76 caracteres (máximo 60).");
    expect(failed.meta_description).toBe("La meta descripción tiene 10 caracteres (debe tener entre 50 y 160).");
    expect(failed.h1).toBe("La página tiene 2 encabezados h1 (debe tener exactamente uno).");
    expect(failed.canonical).toBe('Falta el enlace <link rel="canonical">.');
    expect(failed.img_alt).toBe("2 imágenes no tienen atributo alt.");
    expect(failed.json_ld).toBe("1 bloque JSON-LD no es JSON válido.");
  });

  it("a page without title, description or h1 fails those checks", () => {
    const audit = auditPageHtml("https://example.pe/vacia", "<html><head></head><body><p>Hola</p></body></html>");
    const failed = audit.checks.filter((check) => !check.passed).map((check) => check.check);
    expect(failed).toEqual(["title", "meta_description", "h1", "canonical"]);
    expect(audit.checks.find((check) => check.check === "title")?.message).toBe("Falta la etiqueta <title> o está vacía.");
  });
});

describe("summarizeSeoAudit", () => {
  it("flags repeated titles on every page that shares them, counts an unreachable page as 8 failed checks, and scores passed / total", () => {
    const pages = [
      auditPageHtml("https://example.pe/a", goodPage("Mismo título")),
      auditPageHtml("https://example.pe/b", goodPage("mismo TÍTULO")),
      auditPageHtml("https://example.pe/c", goodPage("Otro título")),
      unreachablePage("https://example.pe/d", 500),
    ];
    const summary = summarizeSeoAudit(pages);
    // 3 pages × 8 checks + 8 for the unreachable one; 2 duplicate-title failures.
    expect(summary.total).toBe(32);
    expect(summary.passed).toBe(22);
    expect(summary.score).toBe(Math.round((22 / 32) * 100));
    expect(summary.checked_urls).toBe(4);
    expect(summary.issues).toEqual([
      { url: "https://example.pe/a", check: "title_unique", message: "El título «Mismo título» se repite en otra URL: https://example.pe/b." },
      { url: "https://example.pe/b", check: "title_unique", message: "El título «mismo TÍTULO» se repite en otra URL: https://example.pe/a." },
      { url: "https://example.pe/d", check: "fetch", message: "La página respondió con HTTP 500." },
    ]);
  });

  it("no pages: no score", () => {
    expect(summarizeSeoAudit([]).score).toBeNull();
  });
});

describe("health, grade and formats", () => {
  it("healthy when the sitemap answers, error when not, warning for a low SEO score or a slow answer", () => {
    expect(sitemapHealth({ publicExists: true, seoScore: 95, lastResponseMs: 40 })).toBe("healthy");
    expect(sitemapHealth({ publicExists: false, seoScore: 95, lastResponseMs: 40 })).toBe("error");
    expect(sitemapHealth({ publicExists: true, seoScore: 79, lastResponseMs: 40 })).toBe("warning");
    expect(sitemapHealth({ publicExists: true, seoScore: 95, lastResponseMs: 2001 })).toBe("warning");
    // One verdict: active problems are never "Saludable", however high the score.
    expect(sitemapHealth({ publicExists: true, seoScore: 97, lastResponseMs: 40, activeIssues: 7 })).toBe("warning");
    expect(sitemapGrade(sitemapHealth({ publicExists: true, seoScore: 97, lastResponseMs: 40, activeIssues: 7 }), 97)).toBe("B");
    expect(sitemapHealth({ publicExists: true, seoScore: 97, lastResponseMs: 40, activeIssues: 0 })).toBe("healthy");
    expect(sitemapGrade("healthy", 95)).toBe("A+");
    expect(sitemapGrade("healthy", null)).toBe("A+");
    expect(sitemapGrade("healthy", 85)).toBe("A");
    expect(sitemapGrade("warning", 70)).toBe("B");
    expect(sitemapGrade("warning", 40)).toBe("C");
    expect(sitemapGrade("error", 99)).toBe("F");
  });

  it("sizes in KB or MB with 2 decimals; relative times in hours, then days, then a date", () => {
    expect(formatFileSize(2560)).toBe("2.50 KB");
    expect(formatFileSize(3 * 1024 * 1024 + 512 * 1024)).toBe("3.50 MB");
    const now = new Date("2026-11-23T12:00:00Z");
    expect(formatRelativeTime("2026-11-23T11:30:00Z", now)).toBe("hace menos de 1 hora");
    expect(formatRelativeTime("2026-11-23T10:00:00Z", now)).toBe("hace 2 horas");
    expect(formatRelativeTime("2026-11-20T12:00:00Z", now)).toBe("hace 3 días");
    expect(formatRelativeTime("2026-11-01T12:00:00Z", now)).toMatch(/1 nov 2026/);
  });
});

describe("availability from recorded checks", () => {
  it("is ok / total over the last 30 days, with the count; recording a check deletes older ones and adds at most one a minute", async () => {
    await db.sitemapCheck.deleteMany();
    const now = Date.now();
    const ago = (hours: number) => new Date(now - hours * 3_600_000);
    await db.sitemapCheck.createMany({
      data: [
        { checkedAt: ago(2), ok: true, statusCode: 200, responseMs: 30 },
        { checkedAt: ago(30), ok: true, statusCode: 200, responseMs: 50 },
        { checkedAt: ago(24 * 10), ok: false, statusCode: 500, responseMs: 80 },
        { checkedAt: ago(24 * 29), ok: true, statusCode: 200, responseMs: 40 },
        { checkedAt: ago(24 * 31), ok: false, statusCode: null, responseMs: 5000 },
        { checkedAt: ago(24 * 45), ok: true, statusCode: 200, responseMs: 20 },
      ],
    });
    const before = await readAvailability();
    expect(before).toMatchObject({ checks: 4, ok: 3, percent: 75 });
    expect(before.since).toBe(ago(24 * 29).toISOString());

    // A status request records a check (this one by building: no origin to reach) and prunes > 30 days.
    const status = await getSitemapStatus({ origins: [] });
    expect(status.availability).toMatchObject({ checks: 5, ok: 4, percent: 80 });
    expect(await db.sitemapCheck.count()).toBe(5);
    // A second request within the minute (here through the route) records nothing more.
    await getStatus();
    expect(await db.sitemapCheck.count()).toBe(5);
  });
});

describe("where the server requests itself", () => {
  it("loopback on PORT, then SITE_URL — nothing from the request; a crawl requests only this site's paths, at most 200", () => {
    process.env.SITE_URL = "https://www.example.pe/";
    try {
      expect(selfOrigins()).toEqual([`http://127.0.0.1:${process.env.PORT}`, "https://www.example.pe"]);
      const plan = planCrawl(
        ["https://www.example.pe/productos/a?x=1", "https://otro.example/robado", "http://www.example.pe/", "no es una URL", "https://www.example.pe/"],
        "http://127.0.0.1:4000",
      );
      expect(plan.targets).toEqual([
        { loc: "https://www.example.pe/productos/a?x=1", url: "http://127.0.0.1:4000/productos/a?x=1" },
        { loc: "https://www.example.pe/", url: "http://127.0.0.1:4000/" },
      ]);
      expect(plan).toMatchObject({ listed: 2, ignored: 3, capped: false });
      const many = planCrawl(Array.from({ length: 250 }, (_, i) => `https://www.example.pe/p/${i}`), "https://www.example.pe");
      expect(many).toMatchObject({ listed: 250, capped: true });
      expect(many.targets.length).toBe(MAX_AUDITED_URLS);
      expect(many.targets[0].url).toBe("https://www.example.pe/p/0");
    } finally {
      delete process.env.SITE_URL;
    }
  });
});

describe("GET /api/v1/admin/sitemap/status", () => {
  it("counts exactly the <url> entries of /sitemap.xml, splits them by the route table and reports its size and last change", async () => {
    const status = await getSitemapStatus({ origins: [] });
    const xml = await getSitemapXml();
    const activeItems = await db.catalogItem.count({ where: { status: "active" } });
    expect(status.public_exists).toBe(true);
    expect(status.urls_count).toBe(countUrls(xml));
    expect(status.urls_count).toBeGreaterThan(STATIC_ROUTES.length);
    expect(status.static_count).toBe(STATIC_ROUTES.length);
    expect(status.dynamic_count).toBe(activeItems);
    expect(status.static_count + status.dynamic_count).toBe(status.urls_count);
    expect(status.content.products + status.content.services).toBe(status.dynamic_count);
    expect(status.public_size).toBe(Buffer.byteLength(xml));
    const lastmods = [...xml.matchAll(/<lastmod>(.*?)<\/lastmod>/g)].map((match) => match[1]).sort();
    expect(status.public_modified! >= lastmods.at(-1)!).toBe(true);
    // No origin to reach: the build is timed, and said so; no page audit without HTTP.
    expect(status.response_time_source).toBe("build");
    expect(status.status_code).toBeNull();
    expect(status.response_time_ms).toBeGreaterThanOrEqual(0);
    expect(status.seo.error).toBeTruthy();
    expect(status.health).toBe("healthy");
    expect(["A+", "A"]).toContain(status.grade);
  });
});

describe("the SEO audit over HTTP", () => {
  let server: Server;
  let origin: string;
  let requests: string[] = [];
  let served = "";
  let deadPortValue: string | undefined;

  /** The sitemap of this test: the real one plus an entry on another origin (never requested). */
  const foreignEntry = "<url><loc>https://otro-sitio.example/robado</loc></url>\n";

  beforeAll(async () => {
    server = createServer((request, response) => {
      const path = decodeURI(request.url ?? "/");
      requests.push(path);
      if (path === "/sitemap.xml") {
        response.writeHead(200, { "content-type": "application/xml" }).end(served);
      } else if (path === "/contacto") {
        response.writeHead(200, { "content-type": "text/html" }).end(goodPage("Contacto").replace("<h1>Bienvenido</h1>", ""));
      } else if (path === "/terminos") {
        response.writeHead(500).end("boom");
      } else if (path === "/nosotros") {
        response.writeHead(301, { location: "https://otro-sitio.example/" }).end();
      } else {
        response.writeHead(200, { "content-type": "text/html" }).end(goodPage(`Página ${path}`));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = String((server.address() as AddressInfo).port);
    origin = `http://127.0.0.1:${port}`;
    // The routes now reach this server on loopback (PORT); the sitemap's URLs are localhost:PORT (SITE_URL unset).
    deadPortValue = process.env.PORT;
    process.env.PORT = port;
    served = (await getSitemapXml()).replace("</urlset>", `${foreignEntry}</urlset>`);
  });

  afterAll(async () => {
    process.env.PORT = deadPortValue;
    await new Promise((resolve) => server.close(resolve));
  });

  it("times a real GET of /sitemap.xml from loopback, audits this site's URLs by path (no redirect followed) and lists each failing check; GET reuses the audit, the POST forces it", async () => {
    requests = [];
    const status = await postRefresh();
    expect(status.response_time_source).toBe("http");
    expect(status.status_code).toBe(200);
    expect(status.public_exists).toBe(true);
    // Every URL of the sitemap on this site was requested once, by its path; the foreign one never.
    const paths = [...served.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1]).filter((loc) => !loc.includes("otro-sitio")).map(sitemapPath);
    expect(requests.filter((path) => path !== "/sitemap.xml").sort()).toEqual([...paths].sort());
    expect(requests).not.toContain("/robado");
    const n = status.urls_count;
    expect(status.seo).toMatchObject({ checked_urls: n - 1, listed_urls: n - 1, ignored_urls: 1, capped: false });

    const audited = n - 1;
    expect(status.seo.total).toBe(8 * audited);
    // /contacto: no h1; /terminos: HTTP 500; /nosotros: a redirect (8 checks each for the last two).
    expect(status.seo.passed).toBe(8 * audited - 1 - 8 - 8);
    expect(status.seo.score).toBe(Math.round(((8 * audited - 17) / (8 * audited)) * 100));
    const issues = status.seo.issues.map((issue) => [sitemapPath(issue.url), issue.check, issue.message]);
    expect(issues).toEqual([
      ["/nosotros", "fetch", "La página redirige (HTTP 301); la revisión no sigue redirecciones, así que cuenta como no accesible."],
      ["/contacto", "h1", "La página no tiene encabezado h1."],
      ["/terminos", "fetch", "La página respondió con HTTP 500."],
    ]);

    // Within 10 minutes GET reuses the stored audit (no page is requested again), even with the old ?refresh=1…
    requests = [];
    const again = await getStatus("?refresh=1");
    expect(again.seo.checked_at).toBe(status.seo.checked_at);
    expect(requests).toEqual(["/sitemap.xml"]);
    // …only the POST ("Actualizar") forces it.
    const forced = await postRefresh();
    expect(forced.seo.checked_at! > status.seo.checked_at!).toBe(true);

    // A sitemap that lists other URLs (a product removed) is audited again at once.
    served = served.replace(/<url>(?:(?!<\/url>)[\s\S])*?\/productos\/[\s\S]*?<\/url>\n/, "");
    requests = [];
    const changed = await getStatus();
    expect(changed.urls_count).toBe(n - 1);
    expect(changed.seo.checked_urls).toBe(n - 2);
    expect(changed.seo.checked_at! > forced.seo.checked_at!).toBe(true);
    expect(requests.length).toBe(n - 1);
  });

  it("audits at most 200 URLs and says so", async () => {
    const base = `http://localhost:${process.env.PORT}`;
    served = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${Array.from(
      { length: MAX_AUDITED_URLS + 5 },
      (_, i) => `<url><loc>${base}/pagina-${i}</loc></url>\n`,
    ).join("")}</urlset>`;
    requests = [];
    const status = await getSitemapStatus({ refresh: true, origins: [origin] });
    expect(status.urls_count).toBe(MAX_AUDITED_URLS + 5);
    expect(status.seo).toMatchObject({ checked_urls: MAX_AUDITED_URLS, listed_urls: MAX_AUDITED_URLS + 5, capped: true, ignored_urls: 0 });
    expect(requests.length).toBe(1 + MAX_AUDITED_URLS);
    expect(requests).not.toContain(`/pagina-${MAX_AUDITED_URLS}`);
  });
});

describe("POST /api/v1/admin/sitemap/generate", () => {
  it("stores the current sitemap as a snapshot, keeps the previous one as the backup and audits who did it", async () => {
    await db.sitemapSnapshot.deleteMany();
    expect((await getStatus()).backup_exists).toBe(false);

    const ip = fakeIp();
    const first = await postGenerate(ip);
    expect(first.status).toBe(200);
    const xml = await getSitemapXml();
    expect(first.body).toEqual({ success: true, message: `Sitemap generado correctamente con ${countUrls(xml)} URLs.` });
    const snapshot = await db.sitemapSnapshot.findFirstOrThrow({ orderBy: { id: "desc" } });
    expect(snapshot).toMatchObject({ xml, urlsCount: countUrls(xml), sizeBytes: Buffer.byteLength(xml), generatedById: admin.id });

    const afterFirst = await getStatus();
    expect(afterFirst.backup_exists).toBe(false);
    expect(afterFirst.last_generated_at).toBe(snapshot.createdAt.toISOString());

    const second = await postGenerate();
    expect((second.body as Json).success).toBe(true);
    const afterSecond = await getStatus();
    expect(afterSecond.backup_exists).toBe(true);
    expect(afterSecond.backup_generated_at).toBe(snapshot.createdAt.toISOString());
    expect(afterSecond.snapshots_count).toBe(2);
    expect(await db.sitemapSnapshot.count()).toBe(2);

    const audit = await db.auditLog.findFirstOrThrow({ where: { entityType: "sitemap", entityId: String(snapshot.id) } });
    expect(audit).toMatchObject({ action: "sitemap.generate", actorId: admin.id, ipAddress: ip });
    expect(audit.details).toMatchObject({ before: null, after: { urls_count: countUrls(xml), size_bytes: Buffer.byteLength(xml) } });
  });
});
