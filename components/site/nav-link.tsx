"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { HEADER_NAV, isActivePath } from "./nav";

/**
 * The header's links (lg and up), marking the current page with aria-current (styled by
 * .nav-link in app/globals.css). A client component without props: the list is in its own
 * module, not repeated in every page's RSC payload.
 */
export function HeaderNav() {
  const pathname = usePathname();
  return (
    <ul className="flex items-center gap-0.5">
      {HEADER_NAV.map((item) => (
        <li key={item.href}>
          <Link href={item.href} aria-current={isActivePath(pathname, item.href) ? "page" : undefined} className="nav-link">
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
