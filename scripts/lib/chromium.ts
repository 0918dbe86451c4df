// Debian's Chromium as the e2e tests (playwright.config.ts) and npm run lighthouse launch it.

/** CHROMIUM_PATH, else Debian's package. */
export const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/** Nothing in the background (updates, sync, QUIC) that a measurement or a test would see. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
