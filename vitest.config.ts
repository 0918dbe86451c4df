import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./", import.meta.url)),
      "server-only": fileURLToPath(new URL("./tests/setup/server-only.ts", import.meta.url)),
    },
  },
  test: {
    include: ["tests/**/*.test.ts", "tests/**/*.test.tsx"],
    environment: "node",
    globalSetup: ["tests/setup/global-database.ts"],
    setupFiles: ["tests/setup/env.ts"],
    // next-auth imports "next/server" without an extension, which Node's ESM loader refuses;
    // inlined, Vite resolves it (tests drive Auth.js's own route handlers).
    server: { deps: { inline: ["next-auth"] } },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two cores: integration files share one database server, so keep parallelism modest.
    maxWorkers: 2,
  },
});
