"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/components/ui/cn";
import { AreaIcon } from "./icons";
import { isActiveAreaPath, type AreaNavGroup } from "./nav";

/**
 * The link groups of a side menu. In the collapsed desktop rail only the icons show; the
 * labels stay in the accessibility tree (sr-only) and as a tooltip (title).
 */
export function SidebarNav({
  groups,
  label,
  compact = false,
  onNavigate,
}: {
  groups: AreaNavGroup[];
  label: string;
  compact?: boolean;
  onNavigate?: () => void;
}) {
  const pathname = usePathname();
  return (
    <nav aria-label={label} className="flex flex-col gap-6 px-3 py-5">
      {groups.map((group) => {
        const headingId = group.label ? `menu-${group.id}-${compact ? "rail" : "full"}` : undefined;
        return (
          <div key={group.id}>
            {group.label && (
              <p
                id={headingId}
                className={cn(
                  "mb-2 px-3 text-xs font-semibold tracking-wider text-ink-600 uppercase",
                  compact && "sr-only",
                )}
              >
                {group.label}
              </p>
            )}
            {group.label && compact && <hr aria-hidden="true" className="mx-2 mb-3 border-ink-200" />}
            <ul aria-labelledby={headingId} className="flex flex-col gap-1">
              {group.items.map((item) => {
                const active = isActiveAreaPath(pathname, item.href);
                return (
                  <li key={`${group.id}-${item.href}`}>
                    <Link
                      href={item.href}
                      onClick={onNavigate}
                      aria-current={active ? "page" : undefined}
                      title={compact ? item.label : undefined}
                      className={cn(
                        "side-link",
                        compact && "justify-center px-0",
                        active ? "bg-brand-50 text-brand-800 ring-1 ring-brand-100 ring-inset" : "side-link-idle",
                      )}
                    >
                      <AreaIcon name={item.icon} className={active ? "text-brand-700" : "text-ink-500"} />
                      <span className={cn(compact && "sr-only")}>{item.label}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
