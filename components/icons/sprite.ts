import { ICON_REGISTRY, type IconName } from "./registry";

/** public/icons.svg: every registered icon as a <symbol id="name">. */
export function buildIconSprite(): string {
  const symbols = Object.entries(ICON_REGISTRY).map(
    ([name, icon]) => `<symbol id="${name}" viewBox="${icon.viewBox}"${icon.attributes ? ` ${icon.attributes}` : ""}>${icon.body}</symbol>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

/** Icons that CSS draws as a mask (app/globals.css), each written as public/<name>.svg. */
export const STANDALONE_ICONS = ["check"] as const satisfies readonly IconName[];

/** One icon as its own SVG file. */
export function buildStandaloneIcon(name: IconName): string {
  const icon = ICON_REGISTRY[name];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${icon.viewBox}"${icon.attributes ? ` ${icon.attributes}` : ""}>${icon.body}</svg>\n`;
}

/** components/icons/version.ts: the sprite's URL, versioned by its content (it is cached for a year). */
export function buildIconVersionModule(hash: string): string {
  return `// Written by \`npm run icons\` from components/icons/registry.ts. Do not edit.\nexport const ICON_SPRITE_URL = "/icons.svg?${hash}";\n`;
}
