import { createHash, randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import bcrypt from "bcryptjs";
import { expectNoAxeViolations } from "./helpers/axe";
import { findUserByEmail, SEEDED_ADMIN, SEEDED_CLIENT, SESSION_COOKIES, withDb } from "./helpers/session";

const isSessionCookie = (name: string) => (SESSION_COOKIES as readonly string[]).includes(name);

// Sign-in screens and the redirect rules (lib/auth/redirects.ts: who lands where), against the
// server's seeded database. Every test that posts a form uses its own fake IP address
// (X-Forwarded-For) and unique e-mails, so repeated runs never meet a rate limit, and wrong
// passwords are only ever tried on throw-away accounts.

const TEXT = {
  welcome: (name: string) => `¡Bienvenido, ${name}!`,
  invalidCredentials: "Correo electrónico o contraseña incorrectos.",
  tooManyAttempts: "Demasiados intentos. Inténtalo de nuevo en unos minutos.",
  registered: "¡Registro exitoso!",
  accountCreated: "¡Cuenta creada exitosamente!",
  required: "Todos los campos son obligatorios.",
  mismatch: "Las contraseñas no coinciden.",
  tooShort: "La contraseña debe tener al menos 8 caracteres",
  emailTaken: "Ya existe una cuenta con este correo electrónico.",
  forgotSent: "Si el correo está registrado, recibirás un enlace para restablecer tu contraseña.",
  passwordUpdated: "Tu contraseña fue actualizada. Ya puedes iniciar sesión.",
  invalidLink: "El enlace no es válido o ha expirado.",
  signedOut: "Sesión cerrada",
} as const;

const DASHBOARD = { admin: "/admin/dashboard", client: "/client/dashboard" } as const;
/** The dashboards' own headings, to tell that the landing page really rendered. */
const DASHBOARD_HEADING = { admin: "Panel", client: "Mi Portal" } as const;

let uniqueCounter = 0;
const unique = () => `${Date.now()}-${process.pid}-${++uniqueCounter}`;

function fakeIp(): string {
  const part = () => Math.floor(Math.random() * 254) + 1;
  return `10.${part()}.${part()}.${part()}`;
}

async function sendFromOwnIp(page: Page) {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": fakeIp() });
}

/** The form's own live region (Next's route announcer is an alert too). */
const formAlert = (page: Page) => page.getByRole("main").getByRole("alert");
const formStatus = (page: Page) => page.getByRole("main").getByRole("status");
const toast = (page: Page, text: string) => page.getByRole("region", { name: /Notificaciones/ }).getByText(text, { exact: true });

async function fillLogin(page: Page, email: string, password: string) {
  const form = page.getByRole("form", { name: "Iniciar Sesión" });
  await form.getByLabel("Correo electrónico").fill(email);
  await form.getByLabel("Contraseña", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Iniciar Sesión" }).click();
}

async function login(page: Page, email: string, password: string, query = "") {
  await sendFromOwnIp(page);
  await page.goto(`/login${query}`);
  await fillLogin(page, email, password);
}

/** A client account created straight in the database, for tests that change or guess its password. */
async function createClient(password: string) {
  const email = `e2e-auth-${unique()}@ejemplo.pe`;
  const id = `e2e${randomBytes(10).toString("hex")}`;
  const name = `Prueba ${unique()}`;
  const hash = await bcrypt.hash(password, 4);
  await withDb((db) =>
    db.query("insert into users (id, name, email, password_hash, role, updated_at) values ($1, $2, $3, $4, 'client', now())", [id, name, email, hash]),
  );
  return { id, name, email };
}

/** A reset link as requestPasswordReset stores it: only the SHA-256 of the token is kept. */
async function createResetToken(userId: string, { expiresInMinutes = 60 } = {}) {
  const token = randomBytes(32).toString("base64url");
  const hash = createHash("sha256").update(token).digest("hex");
  await withDb((db) =>
    db.query("insert into password_reset_tokens (user_id, token_hash, expires_at) values ($1, $2, now() + make_interval(mins => $3))", [
      userId,
      hash,
      expiresInMinutes,
    ]),
  );
  return token;
}

async function expectOnDashboard(page: Page, role: "admin" | "client") {
  await expect(page).toHaveURL(DASHBOARD[role]);
  await expect(page.getByRole("heading", { level: 1, name: DASHBOARD_HEADING[role], exact: true })).toBeVisible();
}

test.describe("Iniciar Sesión", () => {
  test("un admin entra a /admin/dashboard y ve «¡Bienvenido, {nombre}!»", async ({ page }) => {
    const admin = await findUserByEmail(SEEDED_ADMIN.email);
    await login(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
    await expectOnDashboard(page, "admin");
    await expect(toast(page, TEXT.welcome(admin.name))).toBeVisible();
  });

  test("un cliente entra a /client/dashboard y ve su bienvenida", async ({ page }) => {
    const client = await findUserByEmail(SEEDED_CLIENT.email);
    await login(page, SEEDED_CLIENT.email, SEEDED_CLIENT.password);
    await expectOnDashboard(page, "client");
    await expect(toast(page, TEXT.welcome(client.name))).toBeVisible();
  });

  test("la pantalla tiene el encabezado, el correo de tipo email y los enlaces del spec", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Iniciar Sesión");
    await expect(page.getByLabel("Correo electrónico")).toHaveAttribute("type", "email");
    await expect(page.getByLabel("Contraseña", { exact: true })).toHaveAttribute("type", "password");
    await expect(page.getByRole("link", { name: "¿Olvidaste tu contraseña?" })).toHaveAttribute("href", "/forgot-password");
    await expect(page.getByRole("link", { name: "Crear una cuenta" })).toHaveAttribute("href", "/register");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  });

  test("una contraseña incorrecta se muestra en la caja roja y no inicia sesión", async ({ page }) => {
    const user = await createClient("Clave-Correcta-1");
    await login(page, user.email, "Clave-Incorrecta-9");
    await expect(formAlert(page)).toHaveText(TEXT.invalidCredentials);
    await expect(formAlert(page).locator("div").first()).toHaveClass(/bg-red-50/);
    await expect(page).toHaveURL(/\/login$/);
    // What was typed in the e-mail stays; the session does not exist.
    await expect(page.getByLabel("Correo electrónico")).toHaveValue(user.email);
    expect((await page.context().cookies()).some((cookie) => isSessionCookie(cookie.name))).toBe(false);
  });

  test("un correo desconocido da el mismo mensaje que una contraseña incorrecta", async ({ page }) => {
    await login(page, `nadie-${unique()}@ejemplo.pe`, "Cualquier-Clave-1");
    await expect(formAlert(page)).toHaveText(TEXT.invalidCredentials);
  });

  test("campos vacíos o un correo mal escrito se marcan sin enviar nada", async ({ page }) => {
    await page.goto("/login");
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST") posted = true;
    });
    await page.getByRole("button", { name: "Iniciar Sesión" }).click();
    await expect(page.getByLabel("Correo electrónico")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Contraseña", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Correo electrónico").fill("rosa@");
    await expect(page.getByLabel("Correo electrónico")).toHaveAccessibleDescription("Ingresa un correo electrónico válido.");
    expect(posted).toBe(false);
  });

  test("tras 10 intentos fallidos la caja roja pide esperar", async ({ page }) => {
    test.slow();
    const email = `nadie-${unique()}@ejemplo.pe`;
    await login(page, email, "Intento-0000");
    await expect(formAlert(page)).toHaveText(TEXT.invalidCredentials);
    for (let attempt = 1; attempt < 10; attempt++) {
      await page.getByRole("button", { name: "Iniciar Sesión" }).click();
      await expect(formAlert(page)).toHaveText(TEXT.invalidCredentials);
    }
    await page.getByLabel("Contraseña", { exact: true }).fill("Intento-final");
    await page.getByRole("button", { name: "Iniciar Sesión" }).click();
    await expect(formAlert(page)).toHaveText(TEXT.tooManyAttempts);
  });

  test("vuelve a la ubicación guardada (?callbackUrl=/client/profile)", async ({ page }) => {
    await login(page, SEEDED_CLIENT.email, SEEDED_CLIENT.password, `?callbackUrl=${encodeURIComponent("/client/profile")}`);
    await expect(page).toHaveURL("/client/profile");
  });

  for (const evil of ["https://evil.example", "//evil.example/client/profile", "/\\evil.example"]) {
    test(`ignora un callbackUrl a otro sitio (${evil}) y va al panel propio`, async ({ page }) => {
      await login(page, SEEDED_CLIENT.email, SEEDED_CLIENT.password, `?callbackUrl=${encodeURIComponent(evil)}`);
      await expectOnDashboard(page, "client");
    });
  }

  test("un admin con ?callbackUrl de la zona cliente va a su propio panel", async ({ page }) => {
    await login(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password, `?callbackUrl=${encodeURIComponent("/client/invoices")}`);
    await expectOnDashboard(page, "admin");
  });

  test("quien ya inició sesión y abre /login va a su panel", async ({ page }) => {
    await login(page, SEEDED_CLIENT.email, SEEDED_CLIENT.password);
    await expectOnDashboard(page, "client");
    await page.goto("/login");
    await expectOnDashboard(page, "client");
  });

  test("el botón muestra «Ingresando...» mientras se comprueba", async ({ page }) => {
    await sendFromOwnIp(page);
    await page.goto("/login");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/login", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await fillLogin(page, SEEDED_CLIENT.email, SEEDED_CLIENT.password);
    await expect(page.getByRole("button", { name: "Ingresando..." })).toBeDisabled();
    release();
    await expectOnDashboard(page, "client");
  });
});

test.describe("Iniciar Sesión sin JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("el formulario funciona: éxito redirige al panel, el error sale en la caja roja", async ({ page }) => {
    await login(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
    await expect(page).toHaveURL(DASHBOARD.admin);

    const user = await createClient("Clave-Correcta-1");
    await page.context().clearCookies();
    await login(page, user.email, "Clave-Incorrecta-9");
    await page.waitForLoadState("load");
    await expect(formAlert(page)).toHaveText(TEXT.invalidCredentials);
    await expect(page.getByLabel("Correo electrónico")).toHaveValue(user.email);
  });

  test("respeta la ubicación guardada", async ({ page }) => {
    await login(page, SEEDED_CLIENT.email, SEEDED_CLIENT.password, `?callbackUrl=${encodeURIComponent("/client/invoices")}`);
    await expect(page).toHaveURL("/client/invoices");
  });
});

test.describe("Registro", () => {
  async function fillRegister(page: Page, values: { name?: string; email?: string; password?: string; confirmation?: string }) {
    const form = page.getByRole("form", { name: "Crear una cuenta" });
    if (values.name !== undefined) await form.getByLabel("Nombre completo").fill(values.name);
    if (values.email !== undefined) await form.getByLabel("Correo electrónico").fill(values.email);
    if (values.password !== undefined) await form.getByLabel("Contraseña", { exact: true }).fill(values.password);
    if (values.confirmation !== undefined) await form.getByLabel("Confirmar contraseña", { exact: true }).fill(values.confirmation);
    await form.getByRole("button", { name: "Crear cuenta" }).click();
  }

  test("una cuenta nueva: «¡Registro exitoso!», el toast y la sesión abierta en /client/dashboard", async ({ page }) => {
    await sendFromOwnIp(page);
    await page.goto("/register");
    const email = `nuevo-${unique()}@ejemplo.pe`;
    const name = "Carmen Rojas";
    await fillRegister(page, { name, email: email.toUpperCase(), password: "Clave-Nueva-2026", confirmation: "Clave-Nueva-2026" });

    await expect(formStatus(page)).toContainText(TEXT.registered);
    await expectOnDashboard(page, "client");
    await expect(toast(page, TEXT.accountCreated)).toBeVisible();

    const created = await findUserByEmail(email);
    expect(created).toMatchObject({ name, email, role: "client" });
  });

  test("un correo ya registrado da un mensaje claro", async ({ page }) => {
    await sendFromOwnIp(page);
    await page.goto("/register");
    await fillRegister(page, { name: "Otra Persona", email: SEEDED_CLIENT.email, password: "Clave-Nueva-2026", confirmation: "Clave-Nueva-2026" });
    await expect(formAlert(page)).toHaveText(TEXT.emailTaken);
    await expect(page.getByLabel("Correo electrónico")).toHaveAccessibleDescription(TEXT.emailTaken);
    await expect(page).toHaveURL(/\/register$/);
  });

  test("contraseñas distintas: «Las contraseñas no coinciden.»", async ({ page }) => {
    await page.goto("/register");
    await fillRegister(page, { name: "Ana", email: `ana-${unique()}@ejemplo.pe`, password: "Clave-Nueva-2026", confirmation: "Clave-Otra-2026" });
    await expect(page.getByLabel("Confirmar contraseña", { exact: true })).toHaveAccessibleDescription(TEXT.mismatch);
  });

  test("todos los campos son obligatorios y la contraseña tiene al menos 8 caracteres", async ({ page }) => {
    await page.goto("/register");
    await fillRegister(page, {});
    for (const label of ["Nombre completo", "Correo electrónico"]) {
      await expect(page.getByLabel(label)).toHaveAccessibleDescription(TEXT.required);
    }
    await expect(page.getByLabel("Contraseña", { exact: true })).toHaveAccessibleDescription(new RegExp(TEXT.required.replace(".", "\\.")));
    await expect(page.getByLabel("Confirmar contraseña", { exact: true })).toHaveAccessibleDescription(TEXT.required);

    await fillRegister(page, { name: "Ana", email: `ana-${unique()}@ejemplo.pe`, password: "corta", confirmation: "corta" });
    await expect(page.getByLabel("Contraseña", { exact: true })).toHaveAccessibleDescription(new RegExp(TEXT.tooShort));
  });

  test("sin JavaScript el servidor valida igual y el registro funciona", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": fakeIp() } });
    const page = await context.newPage();
    await page.goto("/register");
    await fillRegister(page, { name: "Ana", email: `ana-${unique()}@ejemplo.pe`, password: "Clave-Nueva-2026", confirmation: "Otra-Clave-2026" });
    await expect(page.getByLabel("Confirmar contraseña", { exact: true })).toHaveAccessibleDescription(TEXT.mismatch);
    await expect(page.getByLabel("Nombre completo")).toHaveValue("Ana");

    await fillRegister(page, { password: "Clave-Nueva-2026", confirmation: "Clave-Nueva-2026" });
    await expect(formStatus(page)).toContainText(TEXT.registered);
    await page.getByRole("link", { name: "Ir a mi panel" }).click();
    // Signed in as the new client (the area streams its content, so without JavaScript only its frame is checked).
    await expect(page).toHaveURL(DASHBOARD.client);
    await expect(page.getByRole("button", { name: "Cerrar sesión" }).first()).toBeVisible();
    await context.close();
  });
});

test.describe("Recuperar y restablecer la contraseña", () => {
  test("«¿Olvidaste tu contraseña?» responde siempre lo mismo y crea un enlace solo para cuentas reales", async ({ page }) => {
    const user = await createClient("Clave-Original-1");
    await sendFromOwnIp(page);
    await page.goto("/login");
    await page.getByRole("link", { name: "¿Olvidaste tu contraseña?" }).click();
    await expect(page).toHaveURL("/forgot-password");

    await page.getByLabel("Correo electrónico").fill(user.email);
    await page.getByRole("button", { name: "Enviar enlace" }).click();
    await expect(formStatus(page)).toHaveText(TEXT.forgotSent);
    // The link is made after the answer is sent (so known and unknown e-mails answer alike).
    const unusedLinks = async () =>
      (await withDb((db) => db.query("select count(*)::int as n from password_reset_tokens where user_id = $1 and used_at is null", [user.id]))).rows[0].n;
    await expect.poll(unusedLinks).toBe(1);

    await page.goto("/forgot-password");
    await page.getByLabel("Correo electrónico").fill(`nadie-${unique()}@ejemplo.pe`);
    await page.getByRole("button", { name: "Enviar enlace" }).click();
    await expect(formStatus(page)).toHaveText(TEXT.forgotSent);

    await expect(page.getByRole("link", { name: "Volver a Iniciar Sesión" })).toHaveAttribute("href", "/login");
  });

  test("también sin JavaScript, y también cuando esta IP ya pidió demasiados enlaces", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": fakeIp() } });
    const page = await context.newPage();
    for (let request = 0; request < 6; request++) {
      await page.goto("/forgot-password");
      await page.getByLabel("Correo electrónico").fill(`nadie-${unique()}@ejemplo.pe`);
      await page.getByRole("button", { name: "Enviar enlace" }).click();
      await expect(formStatus(page)).toHaveText(TEXT.forgotSent);
    }
    await context.close();
  });

  test("el enlace fija una contraseña nueva, con la que se entra, y no sirve dos veces", async ({ page }) => {
    const user = await createClient("Clave-Original-1");
    const token = await createResetToken(user.id);
    await sendFromOwnIp(page);
    await page.goto(`/reset-password/${token}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Restablecer contraseña");

    await page.getByLabel("Nueva contraseña", { exact: true }).fill("Clave-Nueva-2026");
    await page.getByLabel("Confirmar contraseña", { exact: true }).fill("Clave-Distinta-2026");
    await page.getByRole("button", { name: "Guardar nueva contraseña" }).click();
    await expect(page.getByLabel("Confirmar contraseña", { exact: true })).toHaveAccessibleDescription(TEXT.mismatch);

    await page.getByLabel("Nueva contraseña", { exact: true }).fill("corta");
    await page.getByLabel("Confirmar contraseña", { exact: true }).fill("corta");
    await page.getByRole("button", { name: "Guardar nueva contraseña" }).click();
    await expect(page.getByLabel("Nueva contraseña", { exact: true })).toHaveAccessibleDescription(new RegExp(TEXT.tooShort));

    await page.getByLabel("Nueva contraseña", { exact: true }).fill("Clave-Nueva-2026");
    await page.getByLabel("Confirmar contraseña", { exact: true }).fill("Clave-Nueva-2026");
    await page.getByRole("button", { name: "Guardar nueva contraseña" }).click();
    await expect(formStatus(page)).toHaveText(TEXT.passwordUpdated);
    await page.getByRole("main").getByRole("link", { name: "Iniciar Sesión", exact: true }).click();
    await expect(page).toHaveURL("/login");

    // The old password no longer works; the new one does.
    await fillLogin(page, user.email, "Clave-Original-1");
    await expect(formAlert(page)).toHaveText(TEXT.invalidCredentials);
    await page.getByLabel("Contraseña", { exact: true }).fill("Clave-Nueva-2026");
    await page.getByRole("button", { name: "Iniciar Sesión" }).click();
    await expectOnDashboard(page, "client");

    // The link is spent.
    await page.goto(`/reset-password/${token}`);
    await expect(formAlert(page)).toHaveText(TEXT.invalidLink);
    await expect(page.getByRole("link", { name: "Solicitar un nuevo enlace" })).toHaveAttribute("href", "/forgot-password");
    await expect(page.getByLabel("Nueva contraseña", { exact: true })).toHaveCount(0);
  });

  test("un enlace vencido o inventado dice «El enlace no es válido o ha expirado.»", async ({ page }) => {
    const user = await createClient("Clave-Original-1");
    const expired = await createResetToken(user.id, { expiresInMinutes: -1 });
    for (const token of [expired, randomBytes(32).toString("base64url"), "abc"]) {
      await page.goto(`/reset-password/${token}`);
      await expect(formAlert(page)).toHaveText(TEXT.invalidLink);
      await expect(page.getByLabel("Nueva contraseña", { exact: true })).toHaveCount(0);
    }
  });

  test("un enlace que vence con el formulario abierto también lo dice al enviar", async ({ page }) => {
    const user = await createClient("Clave-Original-1");
    const token = await createResetToken(user.id);
    await page.goto(`/reset-password/${token}`);
    await withDb((db) => db.query("update password_reset_tokens set expires_at = now() - interval '1 minute' where user_id = $1", [user.id]));
    await page.getByLabel("Nueva contraseña", { exact: true }).fill("Clave-Nueva-2026");
    await page.getByLabel("Confirmar contraseña", { exact: true }).fill("Clave-Nueva-2026");
    await page.getByRole("button", { name: "Guardar nueva contraseña" }).click();
    await expect(formAlert(page)).toHaveText(TEXT.invalidLink);
  });
});

test.describe("Cerrar sesión", () => {
  test("desde el panel de cliente: toast «Sesión cerrada» y el panel vuelve a pedir login", async ({ page }) => {
    await login(page, SEEDED_CLIENT.email, SEEDED_CLIENT.password);
    await expectOnDashboard(page, "client");
    await page.getByRole("button", { name: "Cerrar sesión" }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page, TEXT.signedOut)).toBeVisible();
    expect((await page.context().cookies()).some((cookie) => isSessionCookie(cookie.name))).toBe(false);

    await page.goto(DASHBOARD.client);
    await expect(page).toHaveURL(`/login?callbackUrl=${encodeURIComponent(DASHBOARD.client)}`);
  });

  test("una copia de la cookie tomada antes de cerrar sesión ya no sirve: 401 en la API y /login en el panel", async ({ page, request, baseURL }) => {
    await login(page, SEEDED_CLIENT.email, SEEDED_CLIENT.password);
    await expectOnDashboard(page, "client");
    const copied = (await page.context().cookies()).find((cookie) => isSessionCookie(cookie.name));
    if (!copied) throw new Error("No session cookie after logging in");
    const headers = { cookie: `${copied.name}=${copied.value}` };
    expect((await request.get("/api/v1/auth/me", { headers })).status()).toBe(200);

    await page.getByRole("button", { name: "Cerrar sesión" }).filter({ visible: true }).click();
    await expect(toast(page, TEXT.signedOut)).toBeVisible();

    const me = await request.get("/api/v1/auth/me", { headers });
    expect(me.status()).toBe(401);
    const dashboard = await request.get(DASHBOARD.client, { headers, maxRedirects: 0 });
    expect([303, 307, 308]).toContain(dashboard.status());
    const target = new URL(dashboard.headers()["location"] ?? "", baseURL);
    expect(`${target.pathname}${target.search}`).toBe(`/login?callbackUrl=${encodeURIComponent(DASHBOARD.client)}`);

    // A browser that puts the copy back is sent to the login screen too.
    await page.context().addCookies([copied]);
    await page.goto(DASHBOARD.client);
    await expect(page).toHaveURL(`/login?callbackUrl=${encodeURIComponent(DASHBOARD.client)}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Iniciar Sesión");
  });

  test("desde el panel de admin", async ({ page }) => {
    await login(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
    await expectOnDashboard(page, "admin");
    await page.getByRole("button", { name: "Cerrar sesión" }).filter({ visible: true }).click();
    await expect(toast(page, TEXT.signedOut)).toBeVisible();
    await page.goto(DASHBOARD.admin);
    await expect(page).toHaveURL(`/login?callbackUrl=${encodeURIComponent(DASHBOARD.admin)}`);
  });
});

// ---------------------------------------------------------------------------------------
// Redirect rules, for a visitor, a client and an admin: in the browser, and with a
// plain HTTP client (no JavaScript, no redirects followed) carrying the session cookie the
// browser login produced.

type Who = "visitor" | "client" | "admin";
const loginWith = (path: string) => `/login?callbackUrl=${encodeURIComponent(path)}`;

const RULES: { who: Who; from: string; to: string }[] = [
  { who: "visitor", from: "/admin/dashboard", to: loginWith("/admin/dashboard") },
  { who: "visitor", from: "/admin/users", to: loginWith("/admin/users") },
  { who: "visitor", from: "/admin", to: loginWith("/admin") },
  { who: "visitor", from: "/client/invoices", to: loginWith("/client/invoices") },
  { who: "visitor", from: "/client/tickets?estado=abierto", to: loginWith("/client/tickets?estado=abierto") },
  { who: "visitor", from: "/client", to: loginWith("/client") },
  { who: "visitor", from: "/dashboard", to: loginWith("/client/dashboard") },
  { who: "client", from: "/", to: DASHBOARD.client },
  { who: "client", from: "/dashboard", to: DASHBOARD.client },
  { who: "client", from: "/client", to: DASHBOARD.client },
  { who: "client", from: "/admin", to: DASHBOARD.client },
  { who: "client", from: "/admin/dashboard", to: DASHBOARD.client },
  { who: "client", from: "/admin/users", to: DASHBOARD.client },
  { who: "admin", from: "/", to: DASHBOARD.admin },
  { who: "admin", from: "/dashboard", to: DASHBOARD.admin },
  { who: "admin", from: "/admin", to: DASHBOARD.admin },
  { who: "admin", from: "/client", to: DASHBOARD.admin },
  { who: "admin", from: "/client/dashboard", to: DASHBOARD.admin },
  { who: "admin", from: "/client/tickets", to: DASHBOARD.admin },
];

/** Session cookies from a real browser login, one per role, made once per worker. */
type SessionCookie = { name: string; value: string };
const sessionCookies: Partial<Record<Exclude<Who, "visitor">, SessionCookie>> = {};

async function sessionCookieFor(browser: Browser, who: Exclude<Who, "visitor">): Promise<SessionCookie> {
  if (sessionCookies[who]) return sessionCookies[who];
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const account = who === "admin" ? SEEDED_ADMIN : SEEDED_CLIENT;
  await login(page, account.email, account.password);
  await expect(page).toHaveURL(DASHBOARD[who]);
  const cookie = (await context.cookies()).find((candidate) => isSessionCookie(candidate.name));
  await context.close();
  if (!cookie) throw new Error(`No session cookie after logging in as ${who}`);
  expect(cookie.httpOnly).toBe(true);
  expect(cookie.sameSite).toBe("Lax");
  // Secure (and "__Secure-" named) exactly when the server runs in production.
  expect(cookie.secure).toBe(cookie.name.startsWith("__Secure-"));
  sessionCookies[who] = { name: cookie.name, value: cookie.value };
  return sessionCookies[who];
}

test.describe("Reglas de redirección en el navegador", () => {
  test("un visitante ve la página de inicio pública en /", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("link", { name: "Iniciar Sesión" }).first()).toBeVisible();
  });

  for (const rule of RULES) {
    test(`${rule.who} en ${rule.from} → ${rule.to}`, async ({ page, browser, baseURL }) => {
      if (rule.who !== "visitor") {
        const { name, value } = await sessionCookieFor(browser, rule.who);
        const secure = name.startsWith("__Secure-");
        await page.context().addCookies([{ name, value, domain: new URL(baseURL!).hostname, path: "/", secure, httpOnly: true, sameSite: "Lax" }]);
      }
      await page.goto(rule.from);
      await expect(page).toHaveURL(rule.to);
      if (rule.who === "visitor") {
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Iniciar Sesión");
      } else {
        await expect(page.getByRole("heading", { level: 1, name: DASHBOARD_HEADING[rule.who], exact: true })).toBeVisible();
      }
    });
  }

  test("tras iniciar sesión desde la redirección, el visitante vuelve a donde iba", async ({ page }) => {
    await sendFromOwnIp(page);
    await page.goto("/client/invoices");
    await expect(page).toHaveURL(loginWith("/client/invoices"));
    await fillLogin(page, SEEDED_CLIENT.email, SEEDED_CLIENT.password);
    await expect(page).toHaveURL("/client/invoices");
  });
});

test.describe("Reglas de redirección con un cliente HTTP sin JavaScript", () => {
  async function location(request: APIRequestContext, path: string, cookie?: SessionCookie) {
    const response = await request.get(path, { maxRedirects: 0, headers: cookie ? { cookie: `${cookie.name}=${cookie.value}` } : {} });
    return { status: response.status(), location: response.headers()["location"] };
  }

  test("un visitante recibe la página de inicio en / (sin redirección)", async ({ request }) => {
    const response = await request.get("/", { maxRedirects: 0 });
    expect(response.status()).toBe(200);
  });

  for (const rule of RULES) {
    test(`${rule.who} en ${rule.from} → 307/308 ${rule.to}`, async ({ request, browser, baseURL }) => {
      const cookie = rule.who === "visitor" ? undefined : await sessionCookieFor(browser, rule.who);
      const answer = await location(request, rule.from, cookie);
      expect([303, 307, 308]).toContain(answer.status);
      expect(answer.location).toBeTruthy();
      const target = new URL(answer.location!, baseURL);
      expect(target.origin).toBe(new URL(baseURL!).origin);
      expect(`${target.pathname}${target.search}`).toBe(rule.to);
    });
  }

  test("un token de sesión falsificado cuenta como visitante", async ({ request }) => {
    for (const name of SESSION_COOKIES) {
      const answer = await location(request, "/admin/dashboard", { name, value: "no-es-un-jwt" });
      expect(`${new URL(answer.location!, "http://x").pathname}`).toBe("/login");
    }
  });
});

test.describe("Accesibilidad (axe) y móvil", () => {
  for (const path of ["/login", "/register", "/forgot-password"]) {
    test(`${path} no tiene problemas de accesibilidad`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test("/login con la caja roja y /register con errores siguen sin problemas", async ({ page }) => {
    await login(page, `nadie-${unique()}@ejemplo.pe`, "Cualquier-Clave-1");
    await expect(formAlert(page)).toHaveText(TEXT.invalidCredentials);
    await expectNoAxeViolations(page);
    await page.goto("/register");
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await expect(page.getByLabel("Nombre completo")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
  });

  test("/reset-password (formulario y enlace no válido) sin problemas", async ({ page }) => {
    const user = await createClient("Clave-Original-1");
    await page.goto(`/reset-password/${await createResetToken(user.id)}`);
    await expect(page.getByLabel("Nueva contraseña", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto("/reset-password/no-existe");
    await expect(formAlert(page)).toHaveText(TEXT.invalidLink);
    await expectNoAxeViolations(page);
  });

  for (const path of ["/login", "/register", "/forgot-password"]) {
    test(`${path} cabe en 375 px sin desplazamiento horizontal`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
