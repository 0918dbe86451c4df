// The sitemap maintenance panel's API. GET /api/v1/admin/sitemap/status answers from the stored
// measurement only (the last check of /sitemap.xml, the last SEO audit, the generations) and never
// requests the site: when the figures are due it starts one background refresh and says so with
// `refreshing`; concurrent reads share it, and while another instance holds the refresh's claim
// this one starts none. The refresh times a real GET of /sitemap.xml (one recorded check a
// minute), audits this site's URLs by path (no redirect followed, at most 200) and stores the
// result. POST /api/v1/admin/sitemap/refresh (202) starts a forced audit and answers at once.
// POST /api/v1/admin/sitemap/generate keeps a snapshot as the backup, audited. 401/403 for these
// routes are covered by tests/api-admin-access.test.ts.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as generate } from "@/app/api/v1/admin/sitemap/generate/route";
import { POST as refreshRoute } from "@/app/api/v1/admin/sitemap/refresh/route";
import { GET as statusRoute } from "@/app/api/v1/admin/sitemap/status/route";
import { db } from "@/lib/db";
import { formatFileSize, formatRelativeTime, sitemapGrade, sitemapHealth } from "@/lib/sitemap/health";
import { MAX_AUDITED_URLS, planCrawl, selfOrigins } from "@/lib/sitemap/measure";
import { getSitemapXml } from "@/lib/sitemap/queries";
import { waitForSitemapRefresh } from "@/lib/sitemap/refresh";
import { REFRESH_JOB } from "@/lib/sitemap/refresh-job";
import { STATIC_ROUTES } from "@/lib/sitemap/routes";
import { auditPageHtml, summarizeSeoAudit, unreachablePage } from "@/lib/sitemap/seo-audit";
import { getSitemapStatus, readAvailability, requestSitemapRefresh, type SitemapStatus } from "@/lib/sitemap/status";
import { readSitemapFigures, sitemapPath } from "@/lib/sitemap/summary";
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
  // The refresh reaches the server at 127.0.0.1:$PORT and SITE_URL (localhost:$PORT by default):
  // point both at a closed port so that whatever else runs on this machine is never measured.
  delete process.env.SITE_URL;
  process.env.PORT = await deadPort();
});

afterAll(async () => {
  await waitForSitemapRefresh();
  if (originalPort === undefined) delete process.env.PORT;
  else process.env.PORT = originalPort;
  if (originalSiteUrl !== undefined) process.env.SITE_URL = originalSiteUrl;
});

/** Fails when `work` takes longer than `ms` (a read that waited for the site would). */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no respondió en ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

const getStatus = async (query = "") => {
  const { status, body } = await within(5_000, call(statusRoute, `/api/v1/admin/sitemap/status${query}`, { bearer: token }));
  expect(status).toBe(200);
  return body.data as SitemapStatus;
};
const postRefresh = async () => {
  const { status, body } = await within(5_000, call(refreshRoute, "/api/v1/admin/sitemap/refresh", { method: "POST", bearer: token }));
  expect(status).toBe(202);
  return body.data as SitemapStatus;
};
const postGenerate = (ip = fakeIp()) => call(generate, "/api/v1/admin/sitemap/generate", { method: "POST", bearer: token, ip });

/** Nothing measured, no refresh claimed: the next read finds the panel as on a new site. */
async function forgetMeasurements() {
  await waitForSitemapRefresh();
  await db.sitemapCheck.deleteMany();
  await db.sitemapSeoAudit.deleteMany();
  await db.jobClaim.deleteMany({ where: { job: REFRESH_JOB } });
}

/** As if `ms` had passed since the stored checks, audits and the last refresh's start. */
async function ageMeasurements(ms: number, what: { audits?: boolean } = {}) {
  const shift = (date: Date) => new Date(date.getTime() - ms);
  for (const row of await db.sitemapCheck.findMany({ select: { id: true, checkedAt: true } })) {
    await db.sitemapCheck.update({ where: { id: row.id }, data: { checkedAt: shift(row.checkedAt) } });
  }
  if (what.audits) {
    for (const row of await db.sitemapSeoAudit.findMany({ select: { id: true, checkedAt: true } })) {
      await db.sitemapSeoAudit.update({ where: { id: row.id }, data: { checkedAt: shift(row.checkedAt) } });
    }
  }
  const claim = await db.jobClaim.findUnique({ where: { job: REFRESH_JOB } });
  if (claim) await db.jobClaim.update({ where: { job: REFRESH_JOB }, data: { claimedAt: shift(claim.claimedAt), claimedUntil: shift(claim.claimedUntil) } });
}

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

describe("readSitemapFigures", () => {
  const document = (paths: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?><urlset>${paths.map((path, i) => `<url><loc>https://www.lumenti.pe${path}</loc><lastmod>2026-11-0${i + 1}T10:00:00.000Z</lastmod></url>`).join("")}</urlset>`;

  it("reads every document it is given, so a changed sitemap shows its own figures; the same document twice gives the same frozen figures", () => {
    const first = readSitemapFigures(document(["/", "/productos/lumen-erp-pyme", "/servicios/tableros-power-bi"]));
    expect(first).toMatchObject({ urls_count: 3, products: 1, services: 1, newest_lastmod: "2026-11-03T10:00:00.000Z" });
    const changed = readSitemapFigures(document(["/", "/productos/lumen-erp-pyme", "/productos/lumen-crm", "/servicios/tableros-power-bi"]));
    expect(changed).toMatchObject({ urls_count: 4, products: 2, services: 1, newest_lastmod: "2026-11-04T10:00:00.000Z" });
    expect(changed.locs).toContain("https://www.lumenti.pe/productos/lumen-crm");
    // Read back (a copy of the same text, as a cache hands it out): the figures already read, shared and read-only.
    const again = readSitemapFigures(document(["/", "/productos/lumen-erp-pyme", "/productos/lumen-crm", "/servicios/tableros-power-bi"]));
    expect(again).toBe(changed);
    expect(Object.isFrozen(again) && Object.isFrozen(again.locs)).toBe(true);
    expect(readSitemapFigures(document(["/"])).urls_count).toBe(1);
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
  it("is ok / total over the last 30 days, with the count; the background refresh records one check (at most one a minute) and deletes those over 30 days", async () => {
    await forgetMeasurements();
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

    // The read shows the stored figures, measured 2 hours ago, and starts a refresh (here timing
    // the build: no origin to reach); it records nothing itself.
    const status = await getSitemapStatus({ origins: [] });
    expect(status).toMatchObject({ checked_at: ago(2).toISOString(), response_time_ms: 30, status_code: 200, refreshing: true });
    expect(status.availability).toMatchObject({ checks: 4, ok: 3, percent: 75 });
    await waitForSitemapRefresh();
    expect(await db.sitemapCheck.count()).toBe(5);

    // The next read (through the route) shows the new check. The audit is still missing (no HTTP
    // access to the site), but a refresh started less than a minute ago: none starts again.
    const after = await getStatus();
    expect(after.availability).toMatchObject({ checks: 5, ok: 4, percent: 80 });
    expect(after).toMatchObject({ response_time_source: "build", status_code: null, refreshing: false });
    expect(Date.parse(after.checked_at!)).toBeGreaterThan(now - 60_000);
    expect(after.seo).toMatchObject({ checked_at: null, score: null, error: "No se pudo acceder al sitio por HTTP para revisar sus páginas." });
    await waitForSitemapRefresh();
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
  it("before any measurement says so (no figures, no verdict) and starts one; then counts exactly the <url> entries of /sitemap.xml, splits them by the route table and reports its size and last change", async () => {
    await forgetMeasurements();
    const first = await getSitemapStatus({ origins: [] });
    expect(first).toMatchObject({
      checked_at: null,
      refreshing: true,
      public_exists: false,
      urls_count: 0,
      public_size: 0,
      response_time_ms: null,
      response_time_source: null,
      health: null,
      grade: null,
      availability: { checks: 0, percent: null },
    });
    expect(first.seo).toMatchObject({ checked_at: null, score: null, error: null });
    await waitForSitemapRefresh();

    const status = await getSitemapStatus({ origins: [] });
    const xml = await getSitemapXml();
    const activeItems = await db.catalogItem.count({ where: { status: "active" } });
    expect(status.refreshing).toBe(false);
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

  it("a check that found /sitemap.xml failing shows it as not answering, with no file figures", async () => {
    await forgetMeasurements();
    await db.sitemapCheck.create({ data: { checkedAt: new Date(), ok: false, statusCode: 503, responseMs: 12 } });
    await db.sitemapSeoAudit.create({ data: { score: 100, passed: 8, total: 8, checkedUrls: 1, urlsHash: "x", issues: [] } });
    const status = await getStatus();
    expect(status).toMatchObject({ public_exists: false, status_code: 503, urls_count: 0, public_size: 0, health: "error", grade: "F", refreshing: false });
    expect(status.seo.error).toBe("No se pudo leer el sitemap público para revisar sus páginas.");
  });
});

describe("the background refresh over HTTP", () => {
  let server: Server;
  let origin: string;
  let requests: string[] = [];
  let served = "";
  let deadPortValue: string | undefined;
  /** While set, the site receives requests but answers none until it resolves. */
  let held: Promise<void> | null = null;

  function holdAnswers() {
    let release!: () => void;
    held = new Promise<void>((resolve) => (release = resolve));
    return () => {
      held = null;
      release();
    };
  }

  /** The sitemap of this test: the real one plus an entry on another origin (never requested). */
  const foreignEntry = "<url><loc>https://otro-sitio.example/robado</loc></url>\n";
  const pagesRequested = () => requests.filter((path) => path !== "/sitemap.xml");
  const ownPaths = () =>
    [...served.matchAll(/<loc>(.*?)<\/loc>/g)]
      .map((match) => match[1])
      .filter((loc) => !loc.includes("otro-sitio"))
      .map(sitemapPath);

  beforeAll(async () => {
    server = createServer((request, response) => {
      const path = decodeURI(request.url ?? "/");
      requests.push(path);
      void (async () => {
        if (held) await held;
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
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = String((server.address() as AddressInfo).port);
    origin = `http://127.0.0.1:${port}`;
    // The refresh now reaches this server on loopback (PORT); the sitemap's URLs are localhost:PORT (SITE_URL unset).
    deadPortValue = process.env.PORT;
    process.env.PORT = port;
    served = (await getSitemapXml()).replace("</urlset>", `${foreignEntry}</urlset>`);
  });

  afterAll(async () => {
    await waitForSitemapRefresh();
    process.env.PORT = deadPortValue;
    await new Promise((resolve) => server.close(resolve));
  });

  it("reads answer at once while the site answers nothing; concurrent reads start one refresh, which times /sitemap.xml, audits this site's URLs by path (no redirect followed) and stores the figures", async () => {
    await forgetMeasurements();
    const release = holdAnswers();
    requests = [];
    // Three reads while the site is held: none waits for it (within() fails a read that would).
    const [first, second] = await Promise.all([getStatus(), getStatus()]);
    const third = await getStatus();
    for (const read of [first, second, third]) expect(read).toMatchObject({ checked_at: null, refreshing: true, health: null });
    release();
    await waitForSitemapRefresh();

    // One refresh for the three reads: /sitemap.xml once, every URL of this site once, by its path; the foreign one never.
    expect(requests.filter((path) => path === "/sitemap.xml")).toEqual(["/sitemap.xml"]);
    expect(pagesRequested().sort()).toEqual(ownPaths().sort());
    expect(requests).not.toContain("/robado");

    const status = await getStatus();
    expect(status.refreshing).toBe(false);
    expect(status.response_time_source).toBe("http");
    expect(status.status_code).toBe(200);
    expect(status.public_exists).toBe(true);
    expect(await db.sitemapCheck.count()).toBe(1);
    expect(status.checked_at).toBe((await db.sitemapCheck.findFirstOrThrow()).checkedAt.toISOString());
    const audited = ownPaths().length;
    expect(status.seo).toMatchObject({ checked_urls: audited, listed_urls: status.urls_count, ignored_urls: 0, capped: false });
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
    expect(status.health).toBe("warning");
  });

  it("a read of fresh figures requests nothing and starts nothing, even with the old ?refresh=1", async () => {
    const stored = await getStatus();
    requests = [];
    const again = await getStatus("?refresh=1");
    await waitForSitemapRefresh();
    expect(requests).toEqual([]);
    expect(again).toMatchObject({ refreshing: false, checked_at: stored.checked_at });
    expect(again.seo.checked_at).toBe(stored.seo.checked_at);
  });

  it("POST …/refresh answers 202 at once with the stored figures, then audits every page again (still at most one check a minute)", async () => {
    const stored = await getStatus();
    const checks = await db.sitemapCheck.count();
    const release = holdAnswers();
    requests = [];
    const accepted = await postRefresh();
    expect(accepted).toMatchObject({ refreshing: true, checked_at: stored.checked_at });
    expect(accepted.seo.checked_at).toBe(stored.seo.checked_at);
    release();
    await waitForSitemapRefresh();

    expect(requests.filter((path) => path === "/sitemap.xml")).toEqual(["/sitemap.xml"]);
    expect(pagesRequested().sort()).toEqual(ownPaths().sort());
    const after = await getStatus();
    expect(after.refreshing).toBe(false);
    expect(after.seo.checked_at! > stored.seo.checked_at!).toBe(true);
    expect(after.checked_at).toBe(stored.checked_at);
    expect(await db.sitemapCheck.count()).toBe(checks);
  });

  it("a minute later a read starts the next refresh, which audits again at once a sitemap that lists other URLs", async () => {
    const stored = await getStatus();
    // A product removed from the sitemap the site serves.
    served = served.replace(/<url>(?:(?!<\/url>)[\s\S])*?\/productos\/[\s\S]*?<\/url>\n/, "");
    await ageMeasurements(2 * 60_000);
    requests = [];
    const stale = await getStatus();
    expect(stale.refreshing).toBe(true);
    await waitForSitemapRefresh();

    const after = await getStatus();
    expect(after.refreshing).toBe(false);
    expect(after.checked_at! > stale.checked_at!).toBe(true);
    expect(after.seo.checked_urls).toBe(ownPaths().length);
    expect(after.seo.checked_at! > stored.seo.checked_at!).toBe(true);
    expect(requests.length).toBe(1 + ownPaths().length);
  });

  it("while another instance holds the refresh's claim, reads and POST …/refresh report it under way and request nothing", async () => {
    await ageMeasurements(2 * 60_000, { audits: true });
    await db.$executeRaw`
      INSERT INTO job_claims (job, owner, claimed_at, claimed_until) VALUES (${REFRESH_JOB}, 'otra-instancia:1:abc', now(), now() + interval '1 minute')
      ON CONFLICT (job) DO UPDATE SET owner = EXCLUDED.owner, claimed_at = EXCLUDED.claimed_at, claimed_until = EXCLUDED.claimed_until`;
    try {
      requests = [];
      const read = await getStatus();
      expect(read.refreshing).toBe(true);
      const accepted = await postRefresh();
      expect(accepted.refreshing).toBe(true);
      await waitForSitemapRefresh();
      expect(requests).toEqual([]);
    } finally {
      await db.jobClaim.deleteMany({ where: { job: REFRESH_JOB } });
    }
    // Released (that instance finished or died): the next read starts a refresh here.
    const next = await getStatus();
    expect(next.refreshing).toBe(true);
    await waitForSitemapRefresh();
    expect(requests.filter((path) => path === "/sitemap.xml")).toEqual(["/sitemap.xml"]);
  });

  it("audits at most 200 URLs", async () => {
    const base = `http://localhost:${process.env.PORT}`;
    served = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${Array.from(
      { length: MAX_AUDITED_URLS + 5 },
      (_, i) => `<url><loc>${base}/pagina-${i}</loc></url>\n`,
    ).join("")}</urlset>`;
    requests = [];
    await requestSitemapRefresh({ origins: [origin] });
    await waitForSitemapRefresh();
    const audit = await db.sitemapSeoAudit.findFirstOrThrow({ orderBy: { checkedAt: "desc" } });
    expect(audit.checkedUrls).toBe(MAX_AUDITED_URLS);
    expect(requests.length).toBe(1 + MAX_AUDITED_URLS);
    expect(requests).not.toContain(`/pagina-${MAX_AUDITED_URLS}`);
  });
});

describe("POST /api/v1/admin/sitemap/generate", () => {
  it("stores the current sitemap as a snapshot, keeps the previous one as the backup and audits who did it", async () => {
    await db.sitemapSnapshot.deleteMany();
    expect((await getStatus()).backup_exists).toBe(false);

    const ip = fakeIp();
    // Other test files change content and settings meanwhile (each change moves a <lastmod>, a
    // published item adds a URL): the snapshot is the sitemap as it was just before or just after.
    const before = await getSitemapXml();
    const first = await postGenerate(ip);
    expect(first.status).toBe(200);
    const after = await getSitemapXml();
    const snapshot = await db.sitemapSnapshot.findFirstOrThrow({ orderBy: { id: "desc" } });
    const xml = snapshot.xml;
    const entries = (document: string) => document.replace(/<lastmod>[^<]*<\/lastmod>/g, "<lastmod/>");
    expect([entries(before), entries(after)]).toContain(entries(xml));
    expect(first.body).toEqual({ success: true, message: `Sitemap generado correctamente con ${countUrls(xml)} URLs.` });
    expect(snapshot).toMatchObject({ urlsCount: countUrls(xml), sizeBytes: Buffer.byteLength(xml), generatedById: admin.id });

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
