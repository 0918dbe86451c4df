import { createHash, randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { XSS_VECTORS } from "../tests/fixtures/xss-vectors";
import { expectNoAxeViolations } from "./helpers/axe";
import { createThrowawayUser, deleteThrowawayUser, signInAs, withDb, type SessionUser } from "./helpers/session";

// Publishing coherence and stored-XSS safety of the catalogue, against the production server:
// (a) a product created and renamed through the admin API shows its new name and slug on its
//     page, /productos, /soluciones, the home, /api/v1/products and /sitemap.xml on the FIRST
//     request after the write (each page is requested once; the delay is measured and logged);
// (b) set to draft, it is a 404 and absent everywhere; (c) deleted, likewise;
// (d) the OWASP vectors stored in every field of a featured, active product and service never run
//     on any public page that shows them, nor on the admin pages (skipped while those are 404).

const BASE_URL = process.env.E2E_BASE_URL || `http://localhost:${process.env.E2E_PORT || 3210}`;

test.describe.configure({ timeout: 180_000 });

type Json = Record<string, unknown>;
type Item = { id: number; slug: string; name: string };

/** A bearer token for the admin, stored as the server stores one ("<id>|<secret>", SHA-256 of the secret). */
async function bearerFor(user: SessionUser): Promise<string> {
  const secret = randomBytes(30).toString("base64url");
  const hash = createHash("sha256").update(secret).digest("hex");
  const { rows } = await withDb((db) =>
    db.query<{ id: number }>("insert into api_tokens (user_id, name, token_hash, expires_at) values ($1, 'e2e', $2, now() + interval '1 hour') returning id", [
      user.id,
      hash,
    ]),
  );
  return `${rows[0].id}|${secret}`;
}

class AdminApi {
  constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}
  private headers() {
    return { authorization: `Bearer ${this.token}` };
  }
  async send(method: "POST" | "PUT" | "DELETE", path: string, data?: Json) {
    const response = await this.request.fetch(path, { method, headers: this.headers(), data });
    return { status: response.status(), body: (await response.json()) as Json };
  }
  /** POST; fields refused with 422 are left out (required ones replaced) and the rest is sent again. */
  async createAccepting(kind: "products" | "services", body: Json): Promise<Item & Json> {
    let answer = await this.send("POST", `/api/v1/admin/${kind}`, body);
    const sent = { ...body };
    if (answer.status === 422) {
      const refused = Object.keys((answer.body.errors as Json) ?? {}).map((key) => key.split(".")[0]);
      for (const field of refused) {
        if (field === "name") sent.name = `XSS ${Date.now()}`;
        else if (field === "description") sent.description = "Descripción de prueba.";
        else delete sent[field];
      }
      console.log(`[xss] ${kind}: fields refused with 422 (left out): ${refused.join(", ") || "-"}`);
      answer = await this.send("POST", `/api/v1/admin/${kind}`, sent);
    }
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.data as Item & Json;
  }
}

/** One anonymous request (no retry, no waiting loop): its status, body and how long after `since` it was answered. */
async function once(request: APIRequestContext, path: string, since: number) {
  const response = await request.get(path, { maxRedirects: 0 });
  const text = await response.text();
  return { status: response.status(), text, ms: Date.now() - since };
}

function logDelays(label: string, rows: { path: string; ms: number }[]) {
  console.log(`[publishing] ${label}: ${rows.map((row) => `${row.path} ${row.ms} ms`).join(" · ")}`);
}

/** The HTML-escaped form of a text, as it appears in server-rendered markup. */
const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

test.describe("publishing is immediate", () => {
  let admin: SessionUser;
  let api: AdminApi;
  const created: number[] = [];

  test.beforeEach(async ({ request }) => {
    admin = await createThrowawayUser("admin");
    api = new AdminApi(request, await bearerFor(admin));
  });

  test.afterEach(async () => {
    if (created.length) await withDb((db) => db.query("delete from catalog_items where id = any($1::int[])", [created]));
    await deleteThrowawayUser(admin);
  });

  test("create, rename, draft and delete show on every public page on the first request after the write", async ({ request, page }) => {
    const tag = `${Date.now()}`;
    const first = await api.send("POST", "/api/v1/admin/products", {
      name: `Publicación Inmediata ${tag}`,
      slug: `publicacion-inmediata-${tag}`,
      description: "Producto de prueba de publicación inmediata.",
      is_featured: true,
      order_index: 0,
      status: "active",
      category: "ERP",
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const product = first.body.data as Item;
    created.push(product.id);

    // Warm every page first (so what follows proves the write expired pre-rendered copies).
    for (const path of [
      `/productos/${product.slug}`,
      "/productos",
      "/productos/ver/erp",
      "/productos?categoria=ERP",
      "/soluciones/ver/productos",
      "/soluciones?tab=productos",
      "/",
      "/api/v1/products",
      "/sitemap.xml",
    ]) {
      const warm = await once(request, path, Date.now());
      expect(warm.status, path).toBe(200);
      expect(warm.text, path).toContain(path === "/sitemap.xml" || path.startsWith("/api") ? product.slug : escapeHtml(product.name));
    }

    // (a) Rename (new name and slug): every page shows it on its first request after the PUT.
    const newName = `Renombrado Inmediato ${tag}`;
    const newSlug = `renombrado-inmediato-${tag}`;
    const renamed = await api.send("PUT", `/api/v1/admin/products/${product.id}`, { name: newName, slug: newSlug });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const writtenAt = Date.now();
    const checks = [
      { path: `/productos/${newSlug}`, expect: escapeHtml(newName) },
      { path: "/productos", expect: escapeHtml(newName) },
      // Pre-rendered variants (lib/public-variants.ts) are expired by the same tags, at their
      // paths (where the site links) and at the legacy query URLs that serve them.
      { path: "/productos/ver/erp", expect: escapeHtml(newName) },
      { path: "/productos?categoria=ERP", expect: escapeHtml(newName) },
      { path: "/soluciones/ver/productos", expect: escapeHtml(newName) },
      { path: "/soluciones?tab=productos", expect: escapeHtml(newName) },
      { path: "/", expect: escapeHtml(newName) },
      { path: "/api/v1/products", expect: `"name":"${newName}"` },
      { path: "/sitemap.xml", expect: `/productos/${newSlug}</loc>` },
    ];
    const delays: { path: string; ms: number }[] = [];
    for (const check of checks) {
      const answer = await once(request, check.path, writtenAt);
      delays.push({ path: check.path, ms: answer.ms });
      expect(answer.status, check.path).toBe(200);
      expect(answer.text, `${check.path} shows the new name/slug on its first request`).toContain(check.expect);
      expect(answer.text, `${check.path} no longer shows the old name`).not.toContain(escapeHtml(product.name));
    }
    logDelays("after rename", delays);
    const sitemap = await once(request, "/sitemap.xml", writtenAt);
    expect(sitemap.text).not.toContain(`/productos/${product.slug}</loc>`);
    expect((await once(request, `/productos/${product.slug}`, writtenAt)).status).toBe(404);
    expect((await once(request, `/api/v1/products/${product.slug}`, writtenAt)).status).toBe(404);

    // The renamed page at 375 px: readable and accessible.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/productos/${newSlug}`);
    await expect(page.getByRole("heading", { level: 1, name: newName })).toBeVisible();
    await expectNoAxeViolations(page);

    // (b) Draft: 404 and absent everywhere, on the first request.
    expect((await api.send("PUT", `/api/v1/admin/products/${product.id}`, { status: "draft" })).status).toBe(200);
    const draftAt = Date.now();
    const draftDelays: { path: string; ms: number }[] = [];
    const detail = await once(request, `/productos/${newSlug}`, draftAt);
    draftDelays.push({ path: `/productos/${newSlug}`, ms: detail.ms });
    expect(detail.status).toBe(404);
    const apiOne = await once(request, `/api/v1/products/${newSlug}`, draftAt);
    expect(apiOne.status).toBe(404);
    for (const check of checks.slice(1)) {
      const answer = await once(request, check.path, draftAt);
      draftDelays.push({ path: check.path, ms: answer.ms });
      expect(answer.status, check.path).toBe(200);
      expect(answer.text, `${check.path} no longer shows the draft`).not.toContain(check.expect);
      expect(answer.text, check.path).not.toContain(newSlug);
    }
    logDelays("after draft", draftDelays);

    // Back to active, then (c) deleted: gone everywhere on the first request.
    expect((await api.send("PUT", `/api/v1/admin/products/${product.id}`, { status: "active" })).status).toBe(200);
    expect((await once(request, `/productos/${newSlug}`, Date.now())).status).toBe(200);
    expect((await api.send("DELETE", `/api/v1/admin/products/${product.id}`)).status).toBe(200);
    const deletedAt = Date.now();
    const deleteDelays: { path: string; ms: number }[] = [];
    expect((await once(request, `/productos/${newSlug}`, deletedAt)).status).toBe(404);
    expect((await once(request, `/api/v1/products/${newSlug}`, deletedAt)).status).toBe(404);
    for (const check of checks.slice(1)) {
      const answer = await once(request, check.path, deletedAt);
      deleteDelays.push({ path: check.path, ms: answer.ms });
      expect(answer.status, check.path).toBe(200);
      expect(answer.text, `${check.path} no longer shows the deleted product`).not.toContain(newSlug);
    }
    logDelays("after delete", deleteDelays);
  });
});

// ---------------------------------------------------------------------------------------------
// (d) The XSS trap
// ---------------------------------------------------------------------------------------------

/** Defined before any page script: whatever a vector runs is recorded here instead of acting. */
function installTrap() {
  const w = window as unknown as { __xssHits: string[]; __xss: (n: unknown) => void };
  w.__xssHits = [];
  w.__xss = (n: unknown) => {
    w.__xssHits.push(`__xss(${String(n)})`);
  };
  for (const name of ["alert", "confirm", "prompt"] as const) {
    Object.defineProperty(window, name, {
      configurable: false,
      value: (message?: unknown) => {
        w.__xssHits.push(`${name}(${String(message)})`);
        return name === "prompt" ? null : name === "confirm" ? false : undefined;
      },
    });
  }
}

const noControl = (text: string) => !/[\u0000-\u001F\u007F]/.test(text);
const LINE_VECTORS = XSS_VECTORS.map((vector) => vector.html).filter((html) => noControl(html) && html.length <= 480);

/** As many vectors as fit in `max` characters, joined by spaces. */
function pack(max: number, from = 0): string {
  let text = "";
  for (const html of LINE_VECTORS.slice(from)) {
    if (text.length + html.length + 1 > max) break;
    text += `${text ? " " : ""}${html}`;
  }
  return text;
}

/** Every field of an item full of vectors (fields the API refuses are left out by createAccepting). */
function xssItemBody(kind: "products" | "services", tag: string): Json {
  const all = XSS_VECTORS.map((vector) => vector.html).join("\n");
  const half = Math.ceil(LINE_VECTORS.length / 2);
  return {
    name: `XSS ${kind} ${tag} <img src=x onerror=__xss(9001)><script>__xss(9002)</script>`,
    slug: `xss-${kind}-${tag}`,
    description: pack(1990),
    long_description: all,
    content_html: all,
    features: LINE_VECTORS.slice(0, 50),
    benefits: LINE_VECTORS.slice(half, half + 50),
    use_cases: LINE_VECTORS.slice(0, 50).reverse(),
    specifications: LINE_VECTORS.slice(0, 50).map((html) => `${html}: ${html}`.slice(0, 500)),
    faq: LINE_VECTORS.slice(0, 50).map((html) => `${html}? ${html}: ${html}`),
    meta_title: pack(200),
    meta_description: pack(500, 3),
    meta_keywords: pack(500, 6),
    demo_url: 'https://xss.example/"><img src=x onerror=__xss(9003)>',
    documentation_url: "https://xss.example/?q=<script>__xss(9004)</script>",
    image: "https://xss.example/x.png\"onerror=\"__xss(9005)",
    gallery_images: ["https://xss.example/g.png'><svg onload=__xss(9006)>"],
    videos: ['https://www.youtube.com/watch?v=abc"><script>__xss(9007)</script>', "https://vimeo.com/123456?x=<svg/onload=__xss(9008)>"],
    contact_email: "xss@example.pe",
    contact_phone: "+51 1 640 2250",
    is_featured: true,
    order_index: 0,
    status: "active",
  };
}

/** Loads the page with the trap armed and checks nothing ran, no dialog opened, no CSP report, no live markup. */
async function expectNothingRuns(page: Page, path: string, dialogs: string[], cspErrors: string[]) {
  const response = await page.goto(path, { waitUntil: "load" });
  expect(response?.status(), path).toBeLessThan(400);
  // Let lazy parts (images, iframes, hydration, timers) have their chance to fire.
  await page.waitForTimeout(1500);
  await page.mouse.move(200, 300);
  await page.mouse.move(600, 500);
  const found = await page.evaluate(() => {
    const w = window as unknown as { __xssHits: string[] };
    const allowed = new Set(["http:", "https:", "mailto:", "tel:", "sms:", "ftp:", "ftps:", "callto:", "cid:", "xmpp:"]);
    const handlers: string[] = [];
    const badLinks: string[] = [];
    for (const element of Array.from(document.querySelectorAll("*"))) {
      for (const attribute of Array.from(element.attributes)) {
        if (/^on/i.test(attribute.name)) handlers.push(`${element.localName}[${attribute.name}]`);
        // React marks a form whose action is a function with this javascript: URL (it never runs a payload).
        const reactFormGuard = attribute.value.startsWith("javascript:throw new Error('A React form was unexpectedly submitted");
        if (["href", "src", "action", "formaction", "data"].includes(attribute.name.toLowerCase()) && !reactFormGuard) {
          try {
            const url = new URL(attribute.value, location.href);
            if (!allowed.has(url.protocol)) badLinks.push(`${element.localName}[${attribute.name}]=${attribute.value.slice(0, 80)}`);
          } catch {
            // not a URL: harmless
          }
        }
        if (attribute.name === "srcdoc") badLinks.push(`${element.localName}[srcdoc]`);
      }
    }
    const scripts = Array.from(document.scripts)
      .filter((script) => (script.textContent ?? "").includes("__xss") && script.type !== "application/ld+json" && !/self\.__next_f/.test(script.textContent ?? ""))
      .map((script) => (script.textContent ?? "").slice(0, 120));
    return { hits: w.__xssHits, handlers, badLinks, scripts };
  });
  expect(found.hits, `${path}: payloads that ran`).toEqual([]);
  expect(found.handlers, `${path}: inline event handlers in the DOM`).toEqual([]);
  expect(found.badLinks, `${path}: URLs with a forbidden scheme`).toEqual([]);
  expect(found.scripts, `${path}: scripts carrying a payload`).toEqual([]);
  expect(dialogs, `${path}: dialogs`).toEqual([]);
  expect(cspErrors, `${path}: CSP violations`).toEqual([]);
}

test.describe("stored XSS never runs", () => {
  let admin: SessionUser;
  let product: Item & Json;
  let service: Item & Json;
  let dialogs: string[];
  let cspErrors: string[];

  test.beforeAll(async ({ playwright }) => {
    admin = await createThrowawayUser("admin");
    const request = await playwright.request.newContext({ baseURL: BASE_URL });
    const api = new AdminApi(request, await bearerFor(admin));
    const tag = `${Date.now()}`;
    product = await api.createAccepting("products", { ...xssItemBody("products", tag), category: "ERP" });
    service = await api.createAccepting("services", { ...xssItemBody("services", tag), category: "Desarrollo" });
    // The stored rich fields are the sanitized ones; the text fields keep the vectors as text.
    for (const item of [product, service]) expect(String(item.content_html)).not.toMatch(/<script|\sonerror=|href="\s*javascript:/i);
    expect(String(product.name)).toContain("<script>");
    await request.dispose();
  });

  test.afterAll(async () => {
    const ids = [product?.id, service?.id].filter((id): id is number => typeof id === "number");
    if (ids.length) await withDb((db) => db.query("delete from catalog_items where id = any($1::int[])", [ids]));
    if (admin) await deleteThrowawayUser(admin);
  });

  test.beforeEach(async ({ page }) => {
    dialogs = [];
    cspErrors = [];
    await page.addInitScript(installTrap);
    page.on("dialog", async (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      await dialog.dismiss();
    });
    page.on("console", (message) => {
      if (/Content[- ]Security[- ]Policy/i.test(message.text())) cspErrors.push(message.text());
    });
  });

  for (const viewport of [
    { label: "desktop", width: 1280, height: 900 },
    { label: "375 px", width: 375, height: 800 },
  ]) {
    test(`public pages that show the items (${viewport.label})`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const pages = [
        `/productos/${product.slug}`,
        `/servicios/${service.slug}`,
        "/productos",
        "/servicios",
        "/",
        "/soluciones/ver/productos",
        "/soluciones/ver/servicios",
      ];
      for (const path of pages) {
        await expectNothingRuns(page, path, dialogs, cspErrors);
        // The item is really on the page: its name, vectors included, shown as text.
        const name = path.includes("servicio") ? service.name : product.name;
        await expect(page.getByText(String(name), { exact: false }).first(), path).toBeAttached();
        // Long unbroken strings (the vectors) wrap instead of widening the page.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
      }
      // The FAQ and features of the detail page show the vectors as text.
      await page.goto(`/productos/${product.slug}`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("<script>__xss(9002)</script>");
    });
  }

  test("a payload written around the service (by SQL) is sanitized again when the page renders; the trap itself does catch a payload that runs", async ({ page, request }) => {
    const api = new AdminApi(request, await bearerFor(admin));
    const tag = `${Date.now()}`;
    const control = await api.createAccepting("products", { name: `Control ${tag}`, slug: `control-xss-${tag}`, description: "Control." });
    try {
      await withDb((db) => db.query("update catalog_items set content_html = $1 where id = $2", ['<p>Texto de control</p><img src=x onerror="__xss(777)">', control.id]));
      await page.goto(`/productos/${control.slug}`, { waitUntil: "load" });
      await expect(page.getByText("Texto de control")).toBeVisible();
      expect(await page.locator("img[onerror]").count()).toBe(0);
      // Control of the trap: the same handler, put into the page directly, is recorded (so the checks above can fail).
      await page.evaluate(() => {
        const img = document.createElement("img");
        img.setAttribute("onerror", "__xss(778)");
        img.src = "x-missing.png";
        document.body.append(img);
      });
      await expect.poll(() => page.evaluate(() => (window as unknown as { __xssHits: string[] }).__xssHits)).toContain("__xss(778)");
      expect(await page.evaluate(() => (window as unknown as { __xssHits: string[] }).__xssHits)).not.toContain("__xss(777)");
    } finally {
      await api.send("DELETE", `/api/v1/admin/products/${control.id}`);
    }
  });

  const ADMIN_PAGES = ["/admin/products", "/admin/products/view/{product}", "/admin/products/edit/{product}", "/admin/services", "/admin/services/view/{service}", "/admin/services/edit/{service}"];

  for (const template of ADMIN_PAGES) {
    test(`admin page ${template} runs nothing`, async ({ page, context }) => {
      const path = template.replace("{product}", String(product.id)).replace("{service}", String(service.id));
      await signInAs(context, BASE_URL, admin);
      await page.setViewportSize({ width: 1280, height: 900 });
      const probe = await page.request.get(path, { maxRedirects: 0 });
      // Built by other helpers in parallel: until their branches are merged these answer 404.
      test.skip(probe.status() === 404, `${path} is 404 on this branch (admin screen not merged yet)`);
      await expectNothingRuns(page, path, dialogs, cspErrors);
    });
  }
});
