import { createHash, randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import bcrypt from "bcryptjs";
import { expectNoAxeViolations } from "./helpers/axe";
import { startOidcProvider, type OidcIdentity, type TestOidcProvider } from "./helpers/oidc-provider";
import { createSessionRow, signInAs, withDb, type SessionUser } from "./helpers/session";

// The browser's Google sign-in end to end, against a real OpenID provider on loopback standing
// in for Google (AUTH_GOOGLE_ISSUER, playwright.config.ts): the whole redirect flow, a new
// account created verified, linking to an existing account only when its address is verified,
// a Google e-mail Google has not verified refused. Then the verification link, the banner's
// «Reenviar enlace», and the profile's e-mail change that asks for the current password.

const TEXT = {
  accountUnverified: /Ya existe una cuenta con ese correo, pero su dirección aún no está verificada/,
  googleEmailUnverified: /Google no ha verificado el correo de esa cuenta/,
  verified: "¡Listo! Tu correo quedó verificado.",
  used: /Este enlace ya se usó/,
  invalid: /El enlace no es válido/,
  resent: "Te enviamos un nuevo enlace de verificación.",
  emailChanged: "Perfil actualizado. Te enviamos un enlace a tu nuevo correo para verificarlo.",
  wrongPassword: "La contraseña actual no es correcta.",
} as const;

let oidc: TestOidcProvider;

test.beforeAll(async ({ baseURL }) => {
  oidc = await startOidcProvider(Number(process.env.E2E_OIDC_PORT), baseURL!);
});
test.afterAll(async () => {
  await oidc?.close();
});

let counter = 0;
const stamp = () => `${Date.now()}${process.pid}${++counter}`;

function identity(overrides: Partial<OidcIdentity> = {}): OidcIdentity {
  const id = stamp();
  const value = { sub: `google-${id}`, email: `persona.${id}@gmail.com`, email_verified: true, name: `Persona ${id}`, ...overrides };
  oidc.register(value);
  return value;
}

/** A client account straight in the database, with a password (cheap hash) and its address verified or not. */
async function createAccount({ email, verified, password = "Clave-Propia-1" }: { email?: string; verified: boolean; password?: string }) {
  const id = `e2eg${randomBytes(8).toString("hex")}`;
  const user: SessionUser = { id, name: `Cuenta ${id}`, email: email ?? `cuenta.${id}@ejemplo.pe`, role: "client" };
  await withDb((db) =>
    db.query(
      "insert into users (id, name, email, password_hash, role, email_verified, updated_at) values ($1, $2, $3, $4, 'client', $5, now())",
      [user.id, user.name, user.email, bcrypt.hashSync(password, 4), verified ? new Date() : null],
    ),
  );
  return { ...user, password };
}

const userByEmail = async (email: string) =>
  (await withDb((db) => db.query<{ id: string; email_verified: Date | null }>("select id, email_verified from users where email = $1", [email]))).rows[0];
const googleLinks = async (sub: string) =>
  (await withDb((db) => db.query<{ user_id: string }>("select user_id from accounts where provider = 'google' and provider_account_id = $1", [sub]))).rows;

/** From /login through the provider's own login and consent pages, back to the app. */
async function signInWithGoogle(page: Page, who: OidcIdentity) {
  await page.goto("/login");
  await page.getByRole("button", { name: "Continuar con Google" }).click();
  await expect(page).toHaveURL(new RegExp(`^${oidc.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(who.sub);
  await page.locator('input[name="password"]').fill("lo-que-sea");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

const formAlert = (page: Page) => page.getByRole("main").getByRole("alert");
const toast = (page: Page, text: string) => page.getByRole("region", { name: /Notificaciones/ }).getByText(text, { exact: true });
const banner = (page: Page) => page.getByRole("region", { name: "Verificación de correo" });

test.describe("Continuar con Google (contra un proveedor OpenID real en loopback)", () => {
  test("una identidad nueva crea una cuenta de cliente ya verificada y entra a su panel", async ({ page }) => {
    const who = identity();
    await signInWithGoogle(page, who);
    await expect(page).toHaveURL("/client/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Mi Portal" })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    const user = await userByEmail(who.email);
    expect(user.email_verified).not.toBeNull();
    expect(await googleLinks(who.sub)).toEqual([{ user_id: user.id }]);
  });

  test("se vincula a una cuenta existente cuya dirección está verificada", async ({ page }) => {
    const account = await createAccount({ verified: true, email: `verificada.${stamp()}@gmail.com` });
    const who = identity({ email: account.email.toUpperCase() });
    await signInWithGoogle(page, who);
    await expect(page).toHaveURL("/client/dashboard");
    await expect(page.getByTestId("user-menu")).toContainText(account.name);
    expect(await googleLinks(who.sub)).toEqual([{ user_id: account.id }]);
  });

  test("no entrega una cuenta registrada antes con la misma dirección sin verificar: /login lo explica", async ({ page }) => {
    const squatter = await createAccount({ verified: false, email: `victima.${stamp()}@gmail.com` });
    const who = identity({ email: squatter.email });
    await signInWithGoogle(page, who);
    await expect(page).toHaveURL(/\/login\?error=GoogleAccountUnverified/);
    await expect(formAlert(page)).toContainText(TEXT.accountUnverified);
    expect(await googleLinks(who.sub)).toEqual([]);
    const cookies = await page.context().cookies();
    expect(cookies.some((cookie) => cookie.name.endsWith("authjs.session-token"))).toBe(false);
  });

  test("rechaza un correo que Google no verificó y no crea nada", async ({ page }) => {
    const who = identity({ email_verified: false });
    await signInWithGoogle(page, who);
    await expect(page).toHaveURL(/\/login\?error=GoogleEmailUnverified/);
    await expect(formAlert(page)).toContainText(TEXT.googleEmailUnverified);
    expect(await userByEmail(who.email)).toBeUndefined();
    expect(await googleLinks(who.sub)).toEqual([]);
  });

  test("una cookie de sesión revocada no sirve para vincular Google a esa cuenta", async ({ page, context, baseURL }) => {
    const victim = await createAccount({ verified: true });
    await signInAs(context, baseURL!, victim);
    await withDb((db) => db.query("delete from sessions where user_id = $1", [victim.id]));
    const who = identity();
    await signInWithGoogle(page, who);
    await expect(page).toHaveURL("/client/dashboard");
    const created = await userByEmail(who.email);
    expect(created.id).not.toBe(victim.id);
    expect(await googleLinks(who.sub)).toEqual([{ user_id: created.id }]);
  });
});

test.describe("Verificación del correo", () => {
  async function verificationLink(userId: string, email: string, expiresInHours = 24) {
    const token = randomBytes(32).toString("base64url");
    const hash = createHash("sha256").update(token).digest("hex");
    await withDb((db) =>
      db.query("insert into email_verification_tokens (user_id, email, token_hash, expires_at) values ($1, $2, $3, now() + make_interval(hours => $4))", [
        userId,
        email,
        hash,
        expiresInHours,
      ]),
    );
    return `/verificar-correo?token=${token}`;
  }

  test("el enlace verifica la dirección una sola vez; uno desconocido lo dice", async ({ page }) => {
    const account = await createAccount({ verified: false });
    const link = await verificationLink(account.id, account.email);
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Verificar correo" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(TEXT.verified);
    expect((await userByEmail(account.email)).email_verified).not.toBeNull();
    await expectNoAxeViolations(page);

    await page.goto(link);
    await expect(formAlert(page)).toContainText(TEXT.used);
    await page.goto(`/verificar-correo?token=${"x".repeat(43)}`);
    await expect(formAlert(page)).toContainText(TEXT.invalid);
  });

  test("sin verificar, el panel muestra el aviso con «Reenviar enlace»; reenviar avisa con un toast", async ({ page, context, baseURL }) => {
    const account = await createAccount({ verified: false });
    await signInAs(context, baseURL!, account);
    await page.goto("/client/dashboard");
    await expect(banner(page)).toContainText(account.email);
    await expectNoAxeViolations(page);
    await banner(page).getByRole("button", { name: "Reenviar enlace" }).click();
    await expect(toast(page, TEXT.resent)).toBeVisible();
    const { rows } = await withDb((db) => db.query("select email from email_verification_tokens where user_id = $1", [account.id]));
    expect(rows).toEqual([{ email: account.email }]);
  });
});

test.describe("Mi perfil: cambiar el correo pide la contraseña actual", () => {
  test("el campo aparece al cambiar el correo; una contraseña incorrecta no cambia nada; la correcta cierra las otras sesiones", async ({ page, context, baseURL }) => {
    const account = await createAccount({ verified: true });
    await signInAs(context, baseURL!, account);
    const otherSid = await createSessionRow(account);
    await page.goto("/client/profile");
    const section = page.getByRole("region", { name: "Información personal" });
    await expect(section.getByLabel("Contraseña actual", { exact: true })).toHaveCount(0);

    const newEmail = `nuevo.${stamp()}@ejemplo.pe`;
    await section.getByLabel("Correo electrónico").fill(newEmail);
    const current = section.getByLabel("Contraseña actual", { exact: true });
    await current.fill("no-es-la-clave");
    await section.getByRole("button", { name: "Actualizar perfil" }).click();
    await expect(current).toHaveAccessibleDescription(new RegExp(TEXT.wrongPassword));
    expect(await userByEmail(account.email)).toBeDefined();

    await current.fill(account.password);
    await section.getByRole("button", { name: "Actualizar perfil" }).click();
    await expect(toast(page, TEXT.emailChanged)).toBeVisible();
    await expect(banner(page)).toContainText(newEmail);
    const changed = await userByEmail(newEmail);
    expect(changed.email_verified).toBeNull();
    const { rows } = await withDb((db) =>
      db.query("select count(*)::int as n from sessions where user_id = $1 and session_token = $2", [account.id, createHash("sha256").update(otherSid).digest("hex")]),
    );
    expect(rows[0].n).toBe(0);
  });
});
