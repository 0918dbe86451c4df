// After `next build` (npm run build): V8's compile hint on every script the pre-rendered public
// pages load (scripts/lib/compile-hints.ts). NEXT_DIST_DIR-aware.
import path from "node:path";
import { addCompileHints } from "./lib/compile-hints";

const distDir = path.resolve(process.env.NEXT_DIST_DIR || ".next");
const { scripts, changed } = addCompileHints(distDir);
console.log(`Indicación de compilación: ${scripts} scripts de las páginas públicas (${changed} cambiados).`);
