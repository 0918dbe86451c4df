import Link from "next/link";
import { Icon } from "@/components/icons/icon";

export type ViewToggleOption = { label: "Cuadrícula" | "Lista"; href: string; current: boolean };

const ICONS = { Cuadrícula: "grid", Lista: "list" } as const;

/**
 * Grid / list toggle of a public list (services, technologies): two links to the list's URL in
 * each view (/servicios/ver/integracion/lista), the current one marked with aria-current and
 * styled by it (.seg in app/globals.css). Works without JavaScript; with it, next/link navigates
 * on the client and keeps the scroll position.
 */
export function ViewToggle({ options }: { options: readonly ViewToggleOption[] }) {
  return (
    <nav aria-label="Vista">
      <ul className="inline-flex rounded-xl bg-ink-100 p-1 ring-1 ring-ink-200 ring-inset">
        {options.map((option) => (
          <li key={option.label}>
            <Link href={option.href} scroll={false} aria-current={option.current ? "true" : undefined} className="seg">
              <Icon name={ICONS[option.label]} className="size-5" />
              {option.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
