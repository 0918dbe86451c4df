import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { withDb } from "./helpers/session";

// Input that used to answer 500, against the production server:
// - Malformed percent-escapes in every dynamic segment of every route (found on disk, so routes
//   added later are covered) → 404, for every method the route answers.
// - Server actions posted from another origin or with a body React cannot decode → 4xx, while
//   the site's own forms keep working; control and bidi characters through the forms' actions
//   (posted as a browser without JavaScript would) store nothing.

/** Escapes that do not decode to text; each used to be a 500 on a dynamic segment (NUL: on a slug). */
const MALFORMED = ["%FF", "%C0%AF", "%ED%A0%80", "%E0%A4", "%zz", "%", "a%00b", "%1B%5B31m"];

type DynamicRoute = { template: string; methods: string[] };

/** Every page.tsx / route.ts under app/ with a dynamic segment, as a URL template with {} per segment. */
function discoverDynamicRoutes(dir = join(process.cwd(), "app")): DynamicRoute[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return discoverDynamicRoutes(full);
    const kind = /^(page|route)\.(tsx?|js)$/.exec(entry.name)?.[1];
    if (!kind) return [];
    const segments = relative(join(process.cwd(), "app"), dir).split(sep);
    if (!segments.some((segment) => segment.startsWith("["))) return [];
    const template = `/${segments
      .filter((segment) => !/^\(.*\)$/.test(segment) && !segment.startsWith("@"))
      .map((segment) => (segment.startsWith("[") ? "{}" : segment))
      .join("/")}`;
    if (kind === "page") return [{ template, methods: ["GET"] }];
    const exported = readFileSync(full, "utf8")
      .split("\n")
      .filter((line) => line.startsWith("export"))
      .join(" ");
    return [{ template, methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"].filter((method) => new RegExp(`\\b${method}\\b`).test(exported)) }];
  });
}

test.describe("malformed escapes in dynamic segments", () => {
  const routes = discoverDynamicRoutes();

  test("discovery finds the dynamic routes that used to answer 500", () => {
    const templates = routes.map((route) => route.template);
    for (const expected of ["/productos/{}", "/servicios/{}", "/reset-password/{}", "/api/v1/products/{}", "/api/v1/services/{}", "/api/notifications/{}/read", "/api/v1/notifications/{}/read", "/api/auth/{}"]) {
      expect(templates).toContain(expected);
    }
    expect(routes.find((route) => route.template === "/api/notifications/{}/read")?.methods).toEqual(["PUT"]);
  });

  test("the malformed URLs that used to answer 500 answer 404", async ({ request }) => {
    for (const [method, url] of [
      ["GET", "/api/v1/products/a%00b"],
      ["GET", "/productos/a%00b"],
      ["GET", "/servicios/a%00b"],
      ["GET", "/api/v1/products/%C0%AF"],
      ["GET", "/productos/%FF"],
      ["GET", "/reset-password/%C0%AF"],
      ["PUT", "/api/notifications/%ED%A0%80/read"],
    ]) {
      const response = await request.fetch(url, { method, maxRedirects: 0 });
      expect(response.status(), `${method} ${url}`).toBe(404);
    }
  });

  test("every method of every dynamic route answers 400 or 404 for each malformed escape", async ({ request }) => {
    test.setTimeout(120_000);
    const checked: string[] = [];
    for (const { template, methods } of routes) {
      for (const escape of MALFORMED) {
        const url = template.replaceAll("{}", escape);
        for (const method of methods) {
          const response = await request.fetch(url, { method, maxRedirects: 0, failOnStatusCode: false });
          expect([400, 404], `${method} ${url} → ${response.status()}`).toContain(response.status());
          checked.push(`${method} ${url}`);
        }
      }
    }
    expect(checked.length).toBeGreaterThanOrEqual(routes.length * MALFORMED.length);
  });

  test("valid escapes still reach the page: an item's slug answers 200, an unknown one 404", async ({ request }) => {
    const { rows } = await withDb((db) => db.query<{ slug: string }>("select slug from catalog_items where kind = 'product' and status = 'active' limit 1"));
    expect((await request.get(`/productos/${rows[0].slug}`, { maxRedirects: 0 })).status()).toBe(200);
    expect((await request.get("/productos/caf%C3%A9", { maxRedirects: 0 })).status()).toBe(404);
  });
});

/** The hidden fields React renders into a form with a server action ($ACTION_REF_1, $ACTION_1:0, …). */
async function actionFields(request: APIRequestContext, path: string): Promise<Record<string, string>> {
  const html = await (await request.get(path)).text();
  const fields: Record<string, string> = {};
  for (const [, name, value = ""] of html.matchAll(/<input type="hidden" name="(\$ACTION_[^"]*)"(?: value="([^"]*)")?/g)) {
    fields[name] = value.replaceAll("&quot;", '"').replaceAll("&amp;", "&");
  }
  expect(Object.keys(fields), path).toEqual(expect.arrayContaining(["$ACTION_REF_1", "$ACTION_1:0", "$ACTION_1:1"]));
  return fields;
}

const actionId = (fields: Record<string, string>) => (JSON.parse(fields["$ACTION_1:0"]) as { id: string }).id;

test.describe("server actions", () => {
  test("a fetch action from another origin, with an Origin that is no URL, or with a broken body → 4xx", async ({ request, baseURL }) => {
    const id = actionId(await actionFields(request, "/forgot-password"));
    // As React's client sends it: the form's fields first, the argument list ("0") last.
    const args = new FormData();
    args.set("_1_email", "nadie@example.com");
    args.set("0", '[{"status":"idle"},"$K1"]');
    const post = (headers: Record<string, string>, body: { multipart?: FormData; data?: string }) =>
      request.post("/forgot-password", { headers: { "next-action": id, accept: "text/x-component", ...headers }, ...body, maxRedirects: 0 });

    // The site's own call still works (the action ran: its neutral "sent" state comes back).
    const own = await post({ origin: baseURL! }, { multipart: args });
    expect(own.status()).toBe(200);
    expect(await own.text()).toContain('"status":"sent"');

    for (const origin of ["https://evil.example", "null", "https://a, b"]) {
      const response = await post({ origin }, { multipart: args });
      expect(response.status(), origin).toBe(403);
      expect((await response.json()).message).toMatch(/solo pueden enviarse desde el propio sitio/);
    }
    for (const [label, body, contentType] of [
      ["garbage text", "[zxc]", "text/plain;charset=UTF-8"],
      ["JSON that is not an argument list", '{"a":1}', "text/plain;charset=UTF-8"],
      ["a reference to a part that is not there", '["$1"]', "text/plain;charset=UTF-8"],
      ["a BigInt longer than React accepts", `["$n${"9".repeat(301)}"]`, "text/plain;charset=UTF-8"],
      ["garbage multipart", "garbage", "multipart/form-data; boundary=zzz"],
    ]) {
      const response = await post({ origin: baseURL!, "content-type": contentType }, { data: body });
      expect(response.status(), label).toBe(400);
      expect((await response.json()).message).toBe("La solicitud no es válida.");
    }
  });

  test("a form posted without JavaScript from another origin, or with broken action fields → 4xx", async ({ request, baseURL }) => {
    const fields = await actionFields(request, "/forgot-password");
    const post = (origin: string, multipart: Record<string, string>) =>
      request.post("/forgot-password", { headers: { origin }, multipart, maxRedirects: 0 });

    expect((await post(baseURL!, { ...fields, email: "nadie@example.com" })).status()).toBe(200);
    expect((await post("https://evil.example", { ...fields, email: "nadie@example.com" })).status()).toBe(403);
    expect((await post(baseURL!, { $ACTION_REF_1: "", "$ACTION_1:0": "garbage" })).status()).toBe(400);
  });

  test("the contact and register forms' actions refuse control and bidi characters and store nothing", async ({ request, baseURL }) => {
    const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;

    const contact = await actionFields(request, "/contacto");
    for (const [field, value, message] of [
      ["name", "Ana\u0000 Torres", "Contiene caracteres de control no permitidos."],
      ["name", "Ana\u001b[31m Torres", "Contiene caracteres de control no permitidos."],
      ["subject", "Factura\u202eftp.exe", "Contiene caracteres invisibles que cambian la dirección del texto."],
      ["message", "Hola\u2066 mundo", "Contiene caracteres invisibles que cambian la dirección del texto."],
    ]) {
      const form = { ...contact, name: "Ana Torres", email: `ana.${tag}@empresa.pe`, message: "Hola, necesitamos un ERP.", privacy_accepted: "on", [field]: value };
      const response = await request.post("/contacto", { headers: { origin: baseURL! }, multipart: form, maxRedirects: 0 });
      expect(response.status(), `${field} ${JSON.stringify(value)}`).toBe(200);
      expect(await response.text()).toContain(message);
    }
    const stored = await withDb((db) => db.query("select 1 from contact_messages where email = $1", [`ana.${tag}@empresa.pe`]));
    expect(stored.rowCount).toBe(0);

    const register = await actionFields(request, "/register");
    for (const [name, message] of [
      ["Ana\u202e Torres", "Contiene caracteres invisibles que cambian la dirección del texto."],
      ["Ana\u0000Torres", "Contiene caracteres de control no permitidos."],
    ]) {
      const form = { ...register, name, email: `reg.${tag}@empresa.pe`, password: "Segura#2026", password_confirmation: "Segura#2026", privacy_accepted: "on" };
      const response = await request.post("/register", { headers: { origin: baseURL! }, multipart: form, maxRedirects: 0 });
      expect(response.status()).toBe(200);
      expect(await response.text()).toContain(message);
    }
    const users = await withDb((db) => db.query("select 1 from users where email = $1", [`reg.${tag}@empresa.pe`]));
    expect(users.rowCount).toBe(0);
  });
});
