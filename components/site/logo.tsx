import { Icon } from "@/components/icons/icon";
import { cn } from "@/components/ui/cn";

/** The brand mark (same drawing as app/icon.svg). Decorative: the company name sits next to it. */
export function LogoMark({ className }: { className?: string }) {
  return <Icon name="logo" className={cn("size-9 shrink-0", className)} />;
}
