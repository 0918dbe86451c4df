import type { IconName } from "./registry";
import { ICON_SPRITE_URL } from "./version";

/**
 * A decorative icon from the sprite (public/icons.svg): size and colour come from `className`
 * (currentColor). Hidden from assistive technology; the text next to it carries the meaning.
 */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" className={className}>
      <use href={`${ICON_SPRITE_URL}#${name}`} />
    </svg>
  );
}
