// Written by `npm run icons` from components/icons/registry.ts. Do not edit.
export const ICON_SPRITE_URL = "/icons.svg?036b66";
