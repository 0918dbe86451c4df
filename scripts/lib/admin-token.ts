// An API token of the seeded administrator (ADMIN_EMAIL / ADMIN_PASSWORD, else the development
// defaults the seed uses), from the app's own login, for the scripts that call the admin API.
import { DEVELOPMENT_DEFAULTS } from "../../prisma/seed-data/users";

export async function adminToken(baseUrl: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({
      email: process.env.ADMIN_EMAIL || DEVELOPMENT_DEFAULTS.ADMIN_EMAIL,
      password: process.env.ADMIN_PASSWORD || DEVELOPMENT_DEFAULTS.ADMIN_PASSWORD,
    }),
  });
  const body = (await response.json().catch(() => ({}))) as { token?: string };
  if (!body.token) throw new Error(`No se pudo iniciar sesión como administrador en ${baseUrl} (${response.status})`);
  return body.token;
}
