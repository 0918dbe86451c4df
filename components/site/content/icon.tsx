import { Icon } from "@/components/icons/icon";
import type { IconName } from "@/components/icons/registry";
import { cn } from "@/components/ui/cn";

/** A 24×24 outline icon from the sprite. Decorative: hidden from assistive technology. */
export function OutlineIcon({ name, className }: { name: IconName; className?: string }) {
  return <Icon name={name} className={cn("size-6", className)} />;
}

/** A small check mark for feature and benefit lists. */
export function CheckIcon({ className }: { className?: string }) {
  return <Icon name="check" className={cn("ic-check", className)} />;
}

/** A right arrow for "see more" links. */
export function ArrowIcon({ className }: { className?: string }) {
  return <Icon name="arrow-right" className={cn("size-4", className)} />;
}
