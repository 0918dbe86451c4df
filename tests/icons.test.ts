import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildIconSprite, buildIconVersionModule, buildStandaloneIcon, STANDALONE_ICONS } from "@/components/icons/sprite";
import { ICON_REGISTRY } from "@/components/icons/registry";

const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

describe("icon sprite", () => {
  it("public/icons.svg and its version are what `npm run icons` writes from the registry", () => {
    const sprite = buildIconSprite();
    expect(read("public/icons.svg"), "run `npm run icons`").toBe(sprite);
    const hash = createHash("sha256").update(sprite).digest("hex").slice(0, 6);
    expect(read("components/icons/version.ts"), "run `npm run icons`").toBe(buildIconVersionModule(hash));
    for (const name of STANDALONE_ICONS) expect(read(`public/${name}.svg`), "run `npm run icons`").toBe(buildStandaloneIcon(name));
  });

  it("draws each icon once: no two registry entries share their drawing", () => {
    const bodies = Object.values(ICON_REGISTRY).map((icon) => icon.body);
    expect(new Set(bodies).size).toBe(bodies.length);
  });

  it("every <use> of the public components names a symbol of the sprite", () => {
    const ids = new Set([...buildIconSprite().matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]));
    expect(ids.size).toBe(Object.keys(ICON_REGISTRY).length);
    for (const name of ["logo", "check", "arrow-right", "chevron-down", "linkedin", "menu", "close", "star-solid"]) {
      expect(ids.has(name), name).toBe(true);
    }
  });
});
