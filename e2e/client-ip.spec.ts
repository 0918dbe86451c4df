import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext, type APIResponse, type Page } from "@playwright/test";
import { withDb } from "./helpers/session";

// The client's address on the real server: a new X-Forwarded-For per request
// no longer escapes the per-address limits. The server Playwright starts trusts one proxy
// (TRUST_PROXY_HOPS=1, playwright.config.ts) and the tests play that proxy: it appends the
// address it saw (the visitor's) to whatever X-Forwarded-For the visitor sent, so a visitor
// that lies in the header only controls the entries to the left of its real address.

const part = () => randomBytes(1)[0] % 254 + 1;
const visitorAddress = () => `10.${part()}.${part()}.${part()}`;
const lie = () => `203.0.113.${part()}`;

/** What the trusted proxy forwards for a visitor that sends a new lie in every header per request. */
function throughProxy(visitor: string) {
  return {
    "x-forwarded-for": `${lie()}, ${lie()}, ${visitor}`,
    "x-real-ip": lie(),
    "x-lumen-peer-address": lie(),
  };
}

/** Every request the page sends goes through the proxy, with new lies each time. */
async function browseThroughProxy(page: Page, visitor: string) {
  await page.route("**/*", (route) => route.continue({ headers: { ...route.request().headers(), ...throughProxy(visitor) } }));
}

async function register(request: APIRequestContext, tag: string) {
  const owner = { email: `duena.${tag}@ejemplo.pe`, password: `Segura#${tag}` };
  const registered = await postJson(request, "/api/v1/auth/register", visitorAddress(), {
    name: "Dueña de la cuenta",
    email: owner.email,
    password: owner.password,
    password_confirmation: owner.password,
  });
  expect(registered.status()).toBe(201);
  return owner;
}

const postJson = (request: APIRequestContext, path: string, visitor: string, data: unknown) =>
  request.post(path, { data, headers: throughProxy(visitor) });

function expectLimited(response: APIResponse) {
  expect(response.status()).toBe(429);
  expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
}

test.describe("Dirección del cliente", () => {
  test("contacto: cambiar X-Forwarded-For en cada envío no evita el límite, y se guarda la dirección real", async ({ request }) => {
    const visitor = visitorAddress();
    const tag = `${Date.now()}-${randomBytes(3).toString("hex")}`;
    const message = (i: number) => ({
      name: "Rosa Huamán",
      email: `rosa.${tag}.${i}@ejemplo.pe`,
      message: `Necesitamos automatizar la facturación electrónica (${tag}).`,
    });
    for (let i = 1; i <= 5; i++) {
      expect((await postJson(request, "/api/v1/contact", visitor, message(i))).status(), `mensaje ${i}`).toBe(201);
    }
    const refused = await postJson(request, "/api/v1/contact", visitor, message(6));
    expectLimited(refused);
    expect((await refused.json()).success).toBe(false);

    const { rows } = await withDb((db) =>
      db.query<{ ip_address: string }>("select ip_address from contact_messages where email like $1", [`rosa.${tag}.%`]),
    );
    expect(rows.map((row) => row.ip_address)).toEqual(Array(5).fill(visitor));
  });

  test("login: cambiar X-Forwarded-For no evita el límite; el dueño entra desde su propia dirección", async ({ request }) => {
    test.slow(); // a dozen bcrypt comparisons on a shared machine
    const tag = `${Date.now()}-${randomBytes(3).toString("hex")}`;
    const owner = await register(request, tag);

    const attacker = visitorAddress();
    for (let i = 1; i <= 10; i++) {
      const failure = await postJson(request, "/api/v1/auth/login", attacker, { email: owner.email, password: `Adivina-${i}` });
      expect(failure.status(), `intento ${i}`).toBe(401);
    }
    expectLimited(await postJson(request, "/api/v1/auth/login", attacker, owner));

    // The Auth.js sign-in (what the login form uses) shares the limit.
    const csrf = await request.get("/api/auth/csrf", { headers: throughProxy(attacker) });
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const viaAuthJs = await request.post("/api/auth/callback/credentials", {
      form: { csrfToken, email: owner.email, password: owner.password },
      headers: throughProxy(attacker),
      maxRedirects: 0,
    });
    expect(viaAuthJs.status()).toBe(302);
    expect(viaAuthJs.headers().location).toContain("code=rate_limited");

    // The owner, from an address with no failures, is not locked out.
    const ownLogin = await postJson(request, "/api/v1/auth/login", visitorAddress(), owner);
    expect(ownLogin.status()).toBe(200);
    expect(typeof (await ownLogin.json()).token).toBe("string");
  });

  test("olvidé mi contraseña: cambiar X-Forwarded-For no consigue un sexto enlace", async ({ browser, request }) => {
    const owner = await register(request, `${Date.now()}-${randomBytes(3).toString("hex")}`);
    const resetLink = async () => {
      const { rows } = await withDb((db) =>
        db.query<{ token_hash: string }>(
          "select t.token_hash from password_reset_tokens t join users u on u.id = t.user_id where u.email = $1",
          [owner.email],
        ),
      );
      return rows[0]?.token_hash;
    };

    // The form without JavaScript posts the server action itself: the screen's real path.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await browseThroughProxy(page, visitorAddress());
    const links: (string | undefined)[] = [];
    for (let i = 1; i <= 6; i++) {
      const previous = links.at(-1);
      await page.goto("/forgot-password");
      await page.getByLabel("Correo electrónico").fill(owner.email);
      await page.getByRole("button", { name: "Enviar enlace" }).click();
      await expect(page.getByRole("main").getByRole("status")).toHaveText(/Si el correo está registrado/);
      // The link is made after the answer (same answer time for every e-mail): wait for it.
      if (i <= 5) await expect.poll(resetLink).not.toBe(previous);
      else await page.waitForTimeout(1500); // the refused sixth must leave the link as it was
      links.push(await resetLink());
    }
    await context.close();
    // Each accepted request replaces the link; the sixth was refused (the screen says the same).
    expect(new Set(links.slice(0, 5)).size).toBe(5);
    expect(links[5]).toBe(links[4]);
  });
});
