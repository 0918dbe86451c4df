// Writes app/fonts/inter-latin-wght-400-800.woff2 from @fontsource-variable/inter (scripts/lib/font-subset.ts).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { INTER_SOURCE, INTER_SUBSET, subsetInter } from "./lib/font-subset";

const root = path.resolve(import.meta.dirname, "..");
const source = readFileSync(path.join(root, INTER_SOURCE));
const subset = await subsetInter(source);
writeFileSync(path.join(root, INTER_SUBSET), subset);
console.log(`${INTER_SUBSET}: ${subset.length} bytes (from ${source.length})`);
