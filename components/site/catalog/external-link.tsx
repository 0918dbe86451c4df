import type { ReactNode } from "react";
import { Icon } from "@/components/icons/icon";

/** Marks a link that opens a new tab, for sighted and screen-reader users alike. */
export function NewTabHint() {
  return (
    <>
      <Icon name="external" className="size-4 shrink-0" />
      <span className="sr-only">(se abre en una pestaña nueva)</span>
    </>
  );
}

/** A link to another site, opened in a new tab without giving it access to this one. */
export function ExternalLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <NewTabHint />
    </a>
  );
}
