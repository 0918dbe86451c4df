import { expect, test, type Page } from "@playwright/test";
import { XSS_VECTORS } from "../tests/fixtures/xss-vectors";
import { AdminApi, bearerFor, type Item, type Json } from "./helpers/admin-api";
import { createThrowawayUser, deleteThrowawayUser, signInAs, waitForSiteCrawlIdle, waitForWriteToSettle, withDb, type SessionUser } from "./helpers/session";

// Stored-XSS safety of the catalogue, against the production server: the OWASP vectors stored in
// every field of a featured, active product and service never run on any public page that shows
// them, nor on the admin pages (skipped while those are 404). Whatever a vector would run is
// caught by a trap defined before any page script.

const BASE_URL = process.env.E2E_BASE_URL || `http://localhost:${process.env.E2E_PORT || 3210}`;

test.describe.configure({ timeout: 180_000 });

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
    await waitForSiteCrawlIdle();
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

  test.afterAll(async ({ playwright }) => {
    // Deleted through the API first: it refreshes the public lists that showed them. Deleted by SQL
    // alone, the lists' cached copies kept linking to their (now missing) pages, and a spec that
    // runs next and opens the first card of /servicios landed on "Servicio no encontrado".
    if (admin) {
      const request = await playwright.request.newContext({ baseURL: BASE_URL });
      const api = new AdminApi(request, await bearerFor(admin));
      if (product?.id) await api.send("DELETE", `/api/v1/admin/products/${product.id}`);
      if (service?.id) await api.send("DELETE", `/api/v1/admin/services/${service.id}`);
      await request.dispose();
      await waitForWriteToSettle();
    }
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
