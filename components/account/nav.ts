import type { IconName } from "@/components/icons/registry";

/** One link of a signed-in area's side menu. Plain data, so server layouts can hand it to client components. */
export type AreaNavItem = { href: string; label: string; icon: IconName };

/** A group of links; `label` is shown above the group (e.g. "Reportes"). */
export type AreaNavGroup = { id: string; label?: string; items: AreaNavItem[] };

/** True on the item's page and its children ("/admin/products/new" marks "/admin/products"). */
export function isActiveAreaPath(pathname: string | null, href: string): boolean {
  if (!pathname) return false;
  return pathname === href || pathname.startsWith(`${href}/`);
}
