import { createHash, randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import bcrypt from "bcryptjs";
import { SESSION_COOKIES, withDb } from "./session";

// The sign-in screens' texts, locators and steps, shared by the e2e/auth-*.spec.ts files, which
// run against the server's seeded database. Every test that posts a form uses its own fake IP
// address (X-Forwarded-For) and unique e-mails, so repeated runs never meet a rate limit, and
// wrong passwords are only ever tried on throw-away accounts (createClient).

export const isSessionCookie = (name: string) => (SESSION_COOKIES as readonly string[]).includes(name);

export const TEXT = {
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

export const DASHBOARD = { admin: "/admin/dashboard", client: "/client/dashboard" } as const;
/** The dashboards' own headings, to tell that the landing page really rendered. */
export const DASHBOARD_HEADING = { admin: "Panel", client: "Mi Portal" } as const;

let uniqueCounter = 0;
export const unique = () => `${Date.now()}-${process.pid}-${++uniqueCounter}`;

export function fakeIp(): string {
  const part = () => Math.floor(Math.random() * 254) + 1;
  return `10.${part()}.${part()}.${part()}`;
}

export async function sendFromOwnIp(page: Page) {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": fakeIp() });
}

/** The form's own live region (Next's route announcer is an alert too). */
export const formAlert = (page: Page) => page.getByRole("main").getByRole("alert");
export const formStatus = (page: Page) => page.getByRole("main").getByRole("status");
export const toast = (page: Page, text: string) => page.getByRole("region", { name: /Notificaciones/ }).getByText(text, { exact: true });

export async function fillLogin(page: Page, email: string, password: string) {
  const form = page.getByRole("form", { name: "Iniciar Sesión" });
  await form.getByLabel("Correo electrónico").fill(email);
  await form.getByLabel("Contraseña", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Iniciar Sesión" }).click();
}

export async function login(page: Page, email: string, password: string, query = "") {
  await sendFromOwnIp(page);
  await page.goto(`/login${query}`);
  await fillLogin(page, email, password);
}

/** A client account created straight in the database, for tests that change or guess its password. */
export async function createClient(password: string) {
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
export async function createResetToken(userId: string, { expiresInMinutes = 60 } = {}) {
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

export async function expectOnDashboard(page: Page, role: "admin" | "client") {
  await expect(page).toHaveURL(DASHBOARD[role]);
  await expect(page.getByRole("heading", { level: 1, name: DASHBOARD_HEADING[role], exact: true })).toBeVisible();
}
