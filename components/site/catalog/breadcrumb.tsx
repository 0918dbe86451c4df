import Link from "next/link";
import { Icon } from "@/components/icons/icon";

/** Visible breadcrumb trail; the last entry is the current page. */
export function Breadcrumb({ items }: { items: { name: string; path: string }[] }) {
  return (
    <nav aria-label="Ruta de navegación">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={item.path} className="flex min-w-0 items-center gap-2">
              {index > 0 && (
                <Icon name="chevron-right" className="size-4 shrink-0 text-brand-300" />
              )}
              {last ? (
                <span aria-current="page" className="truncate font-medium text-white">
                  {item.name}
                </span>
              ) : (
                <Link href={item.path} className="rounded text-brand-200 hover:text-white hover:underline">
                  {item.name}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
