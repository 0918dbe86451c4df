import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([".next/**", ".next-*/**", ".lighthouse/**", ".data/**", "lib/generated/**", "next-env.d.ts", "coverage/**", "test-results/**", "playwright-report/**"]),
]);
