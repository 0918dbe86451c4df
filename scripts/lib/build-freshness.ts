// Whether a production build is older than the sources it was built from: `npm start` builds
// again then, and the bench refuses to reuse such a build (it would be rebuilt under it).
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** Everything that changes what `next build` produces. */
const BUILD_INPUTS = [
  "app",
  "components",
  "lib",
  "public",
  "next.config.ts",
  "postcss.config.mjs",
  "tsconfig.json",
  "package-lock.json",
  "proxy.ts",
  "instrumentation.ts",
  "cache-handler.mjs",
];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((newest, child) => Math.max(newest, newestMtime(path.join(entry, child))), stat.mtimeMs);
}

/** True when `distDir` has no build, or a build input under `root` changed after it was built. */
export function buildIsStale(root: string, distDir: string): boolean {
  const buildId = path.join(root, distDir, "BUILD_ID");
  if (!existsSync(buildId)) return true;
  const builtAt = statSync(buildId).mtimeMs;
  return BUILD_INPUTS.some((input) => newestMtime(path.join(root, input)) > builtAt);
}
