"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/components/ui/cn";
import { isActivePath } from "./nav";

/** A header link that marks the current page with aria-current. */
export function NavLink({ href, label, className, activeClassName, onNavigate }: {
  href: string;
  label: string;
  className?: string;
  activeClassName?: string;
  onNavigate?: () => void;
}) {
  const pathname = usePathname();
  const active = isActivePath(pathname, href);
  return (
    <Link
      href={href}
      aria-current={active ? "page" : undefined}
      className={cn(className, active && activeClassName)}
      onClick={onNavigate}
    >
      {label}
    </Link>
  );
}
