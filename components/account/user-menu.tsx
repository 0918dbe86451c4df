import Link from "next/link";
import { cn } from "@/components/ui/cn";

/** The first letter of a name, upper-cased ("ángela" → "Á"); "?" for an empty name. */
export function userInitial(name: string | null | undefined): string {
  const first = Array.from((name ?? "").trim())[0];
  return first ? first.toLocaleUpperCase("es") : "?";
}

export function UserAvatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-600 to-brand-800 text-sm font-bold text-white",
        className,
      )}
    >
      {userInitial(name)}
    </span>
  );
}

/** The signed-in user in the header: initial, name and e-mail, linking to the profile page. */
export function UserMenu({ name, email, profileHref }: { name: string; email: string; profileHref: string }) {
  return (
    <Link
      href={profileHref}
      className="flex items-center gap-2.5 rounded-lg p-1 text-left hover:bg-ink-100 lg:pr-3"
      data-testid="user-menu"
    >
      <UserAvatar name={name} />
      <span className="sr-only lg:not-sr-only lg:flex lg:min-w-0 lg:flex-col">
        <span className="sr-only">Mi perfil: </span>
        <span className="max-w-40 truncate text-sm leading-tight font-semibold text-ink-900">{name}</span>
        <span className="max-w-40 truncate text-xs leading-tight text-ink-600">{email}</span>
      </span>
    </Link>
  );
}
