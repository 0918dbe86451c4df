import Link from "next/link";

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
                <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 text-brand-300" fill="currentColor">
                  <path fillRule="evenodd" d="M7.21 14.77a.75.75 0 01.02-1.06L11.17 10 7.23 6.29a.75.75 0 111.04-1.08l4.5 4.25a.75.75 0 010 1.08l-4.5 4.25a.75.75 0 01-1.06-.02z" clipRule="evenodd" />
                </svg>
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
