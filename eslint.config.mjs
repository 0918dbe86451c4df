import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";

// The layers and what each may import (docs/architecture.md, "Layers"). Paths are relative to
// this file, so the rules hold whatever directory ESLint runs from.
const root = import.meta.dirname;

// Every file of lib/ that is domain logic or a shared piece: all of lib/ except the HTTP folder
// (lib/http), the server-action runner (lib/actions), Prisma's generated client and each domain's
// server actions (lib/<domain>/actions.ts, lib/<domain>/actions/*.ts), which are entry points like
// route handlers.
const DOMAIN_FILES = [
  "lib/*.{ts,tsx}",
  "lib/!(http|actions|generated)/!(actions).{ts,tsx}",
  "lib/!(http|actions|generated)/!(actions)/**/*.{ts,tsx}",
];

const BOUNDARY_ZONES = [
  {
    target: "components",
    from: ["app"],
    message: "components/ imports only components/ and lib/: move what it needs from app/ into lib/ (server actions go to lib/<domain>/actions.ts).",
  },
  {
    target: "components",
    from: ["lib/http"],
    message: "lib/http is for route handlers and server actions, not for UI.",
  },
  {
    target: "lib",
    from: ["components", "app"],
    message: "lib/ never imports components/ or app/.",
  },
  {
    target: DOMAIN_FILES,
    from: ["lib/http/**", "lib/actions/**"],
    message:
      "The domain speaks no HTTP: throw a DomainError (lib/errors.ts). Only route handlers and a domain's server actions (lib/<domain>/actions.ts) import lib/http and lib/actions.",
  },
  {
    // Pages, layouts and their pieces; route handlers (route.ts) and the code they share under
    // app/api/ are free to.
    target: ["app/!(route).{ts,tsx}", "app/!(api)/**/!(route).{ts,tsx}"],
    from: ["lib/http/**"],
    message: "In app/, only route handlers (route.ts, and their helpers under app/api/) import lib/http.",
  },
];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    name: "project/boundaries",
    files: ["**/*.{ts,tsx,mts,cts,js,mjs,jsx}"],
    plugins: { "import-x": importX },
    settings: {
      // How import-x reads the files it follows (TypeScript as well as JavaScript) and resolves
      // their imports (tsconfig's "@/…" paths, then Node's resolution).
      "import-x/extensions": [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"],
      "import-x/external-module-folders": ["node_modules", "node_modules/@types"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx", ".mts", ".cts"] },
      "import-x/resolver-next": [
        createTypeScriptImportResolver({ project: `${root}/tsconfig.json`, alwaysTryTypes: true }),
        createNodeResolver(),
      ],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: root, zones: BOUNDARY_ZONES }],
      // Type-only imports are erased at build time and do not count (the rule skips them).
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // Server actions live in lib/<domain>/actions.ts: app/ keeps routes, layouts and pages, and
    // components/ the UI that calls them. A module-level "use server" anywhere else is refused.
    name: "project/server-actions-in-lib",
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "Program > ExpressionStatement[directive='use server']",
          message: "Server actions live in lib/<domain>/actions.ts (app/ keeps routes, layouts and pages; components/ the UI).",
        },
      ],
    },
  },
  globalIgnores([".next/**", ".next-*/**", ".lighthouse/**", ".bench/**", ".data/**", "lib/generated/**", "next-env.d.ts", "coverage/**", "test-results/**", "playwright-report/**"]),
]);
