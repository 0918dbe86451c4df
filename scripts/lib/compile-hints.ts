// V8's explicit compile hint (Chrome 136+): a script whose first line is this comment has every
// function compiled eagerly, on a background thread while it downloads, instead of each one on
// the main thread the first time it is called. The scripts of the public pages all run while
// the page hydrates, so they get it: on a 4×-slowed mobile profile of /productos the main
// thread's JavaScript time at load fell from ~790 ms to ~350 ms, and the time it blocked input
// from ~200 ms to ~35 ms. Other browsers read a comment. Next has no option for it: addCompileHints
// runs after every `next build` (npm run build, scripts/serve.ts, scripts/bench.ts), and
// `npm run budgets` fails when a public page's script lacks it. Only the public pages': the
// sign-in forms' chunks hold whole libraries (zod's messages in every language) that a page
// calls little of, where eager compiling is wasted work.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { chunkFile, publicRoutesOfBuild, scriptSources } from "./build-output";
import { loadPerfBudgets } from "./perf-budgets";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** The chunk files the pre-rendered public pages of a build load (their `<script src>`), each once. */
export function publicPageScripts(distDir: string, publicAppPaths: readonly string[]): string[] {
  const files = new Set<string>();
  for (const { htmlFiles } of publicRoutesOfBuild(distDir, publicAppPaths)) {
    for (const { file: html } of htmlFiles) {
      for (const src of scriptSources(readFileSync(html, "utf8"))) {
        const file = chunkFile(distDir, src);
        if (file && existsSync(file)) files.add(file);
      }
    }
  }
  return [...files].sort();
}

/** Puts the hint on top of every script of the public pages (once); returns how many scripts and how many it changed. */
export function addCompileHints(distDir: string, publicAppPaths = loadPerfBudgets().build.publicAppPaths): { scripts: number; changed: number } {
  const files = publicPageScripts(distDir, publicAppPaths);
  let changed = 0;
  for (const file of files) {
    const source = readFileSync(file, "utf8");
    if (source.startsWith(COMPILE_HINT)) continue;
    writeFileSync(file, COMPILE_HINT + source);
    changed++;
  }
  return { scripts: files.length, changed };
}
