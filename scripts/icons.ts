// Writes public/icons.svg and components/icons/version.ts from components/icons/registry.ts.
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { buildIconSprite, buildIconVersionModule, buildStandaloneIcon, STANDALONE_ICONS } from "../components/icons/sprite";

const root = path.resolve(import.meta.dirname, "..");
const sprite = buildIconSprite();
const hash = createHash("sha256").update(sprite).digest("hex").slice(0, 6);
writeFileSync(path.join(root, "public", "icons.svg"), sprite);
writeFileSync(path.join(root, "components", "icons", "version.ts"), buildIconVersionModule(hash));
for (const name of STANDALONE_ICONS) writeFileSync(path.join(root, "public", `${name}.svg`), buildStandaloneIcon(name));
console.log(`public/icons.svg: ${Buffer.byteLength(sprite)} bytes, version ${hash}`);
