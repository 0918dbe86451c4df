import { Icon } from "@/components/icons/icon";
import type { IconName } from "@/components/icons/registry";
import { cn } from "@/components/ui/cn";

// The signed-in areas' icons (24 × 24 outlines from the site's sprite, public/icons.svg, cached
// for a year): a screen's HTML references them instead of carrying every menu icon's path data.
// Decorative: every icon sits next to a text label.

export function AreaIcon({ name, className }: { name: IconName; className?: string }) {
  return <Icon name={name} className={cn("size-5 shrink-0", className)} />;
}
