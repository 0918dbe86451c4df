import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "./scripts/lib/chromium";

// End-to-end tests run the real production server (`npm start`: migrations, demo seed,
// `next build` when sources changed, `next start`) in Debian's Chromium. Without
// DATABASE_URL the server uses its own embedded database under .data/e2e.
// E2E_BASE_URL points the tests at a server you already run (nothing is started then).
const port = Number(process.env.E2E_PORT || 3210);
const externalBaseURL = process.env.E2E_BASE_URL;
const baseURL = externalBaseURL || `http://localhost:${port}`;

// The server started below and the tests share these, so tests can mint session cookies
// (AUTH_SECRET) and prepare data (E2E_DATABASE_URL: the server's database).
process.env.AUTH_SECRET ||= "e2e-only-secret-0123456789abcdefghijklmnopqrstuvwxyz";
// The embedded database's port (and folder) follow E2E_PORT (54339 for the default 3210), so
// two runs on different E2E_PORTs never share a database.
const embeddedDbPort = port + 51_129;
// The server e-mails through SMTP_URL; e2e/admin-inbox.spec.ts listens there with a real SMTP
// server (smtp-server) while its tests run. A port per E2E_PORT, so parallel runs never share it.
// Other specs' mails (contact notices, reset links) find no listener: their senders log and go on.
process.env.E2E_SMTP_PORT ||= String(port + 1000);
// The server listens for inbound mail (answers to its replies) on this port, for lumenti.pe, and
// gives each conversation a reply address soporte+<token>@lumenti.pe (e2e/conversation-email.spec.ts).
process.env.E2E_INBOUND_SMTP_PORT ||= String(port + 1100);
// The browser's Google sign-in goes to a real OpenID provider on loopback, which
// e2e/google-sign-in.spec.ts starts on this port while its tests run (a port per E2E_PORT).
process.env.E2E_OIDC_PORT ||= String(port + 5);
process.env.E2E_DATABASE_URL ||=
  process.env.DATABASE_URL || `postgresql://postgres:postgres@127.0.0.1:${embeddedDbPort}/postgres?sslmode=disable`;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    locale: "es-PE",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } },
  ],
  webServer: externalBaseURL ? undefined : {
    command: "npx tsx scripts/serve.ts start",
    url: `${baseURL}/api/health`,
    timeout: 600_000,
    reuseExistingServer: !process.env.CI,
    stdout: "pipe",
    env: {
      PORT: String(port),
      EMBEDDED_DB_DIR: port === 3210 ? ".data/e2e" : `.data/e2e-${port}`,
      EMBEDDED_DB_PORT: String(embeddedDbPort),
      NEXT_TELEMETRY_DISABLED: "1",
      // No daily billing run while tests count records (tests/billing-run.test.ts covers it).
      BILLING_SCHEDULE: "off",
      // The SUNAT send queue (retries, summary tickets) every 2 s instead of 15, so states settle quickly.
      SUNAT_POLL_SECONDS: "2",
      // The tests play one trusted proxy: X-Forwarded-For's last entry is the client's address,
      // so each test can come from its own address (e2e/client-ip.spec.ts).
      TRUST_PROXY_HOPS: "1",
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      INBOUND_SMTP_PORT: process.env.E2E_INBOUND_SMTP_PORT,
      INBOUND_SMTP_HOST: "127.0.0.1",
      INBOUND_SMTP_DOMAINS: "lumenti.pe",
      INBOUND_REPLY_ADDRESS: "soporte@lumenti.pe",
      AUTH_GOOGLE_ID: "e2e-google-client",
      AUTH_GOOGLE_SECRET: "e2e-google-secret",
      AUTH_GOOGLE_ISSUER: `http://127.0.0.1:${process.env.E2E_OIDC_PORT}`,
    },
  },
});
