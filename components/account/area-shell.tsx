import Link from "next/link";
import type { ReactNode } from "react";
export { AreaPageHeader } from "./page-header";
import { LogoutButton } from "@/components/auth/logout-button";
import { LogoMark } from "@/components/site/logo";
import { buttonClasses } from "@/components/ui/button";
import { AreaFrame } from "./area-frame";
import { AreaIcon } from "./icons";
import type { AreaNavGroup } from "./nav";
import { NotificationBell } from "./notification-bell";
import { UserMenu } from "./user-menu";

export type AreaUser = { name: string; email: string };

/**
 * The shell of a signed-in area (admin and client share it): header with the area's name,
 * notification bell, the user (linking to the profile) and "Cerrar sesión"; side menu; content.
 * The layout that renders it has already checked the session and role.
 */
export function AreaShell({
  title,
  homeHref,
  profileHref,
  navLabel,
  navGroups,
  user,
  children,
}: {
  title: string;
  homeHref: string;
  profileHref: string;
  navLabel: string;
  navGroups: AreaNavGroup[];
  user: AreaUser;
  children: ReactNode;
}) {
  return (
    <AreaFrame
      navLabel={navLabel}
      navGroups={navGroups}
      brand={
        <Link href={homeHref} className="inline-flex max-w-full min-w-0 items-center gap-2.5 rounded-lg">
          <LogoMark className="hidden size-8 sm:block" />
          {/* On a phone the header also holds the logout button: a long name takes two lines rather than being cut. */}
          <span className="text-base font-bold tracking-tight text-ink-900 max-sm:line-clamp-2 max-sm:leading-tight sm:truncate sm:text-lg">{title}</span>
        </Link>
      }
      headerEnd={
        <>
          <NotificationBell />
          <UserMenu name={user.name} email={user.email} profileHref={profileHref} />
          {/* Always in the header; below 640 px only its icon shows, the name stays for screen readers. */}
          <LogoutButton
            icon={<AreaIcon name="logout" className="sm:hidden" />}
            className={buttonClasses("outline", "sm", "max-sm:size-11 max-sm:px-0")}
          >
            <span className="sr-only sm:not-sr-only">Cerrar sesión</span>
          </LogoutButton>
        </>
      }
      drawerFooter={<LogoutButton icon={<AreaIcon name="logout" />} className={buttonClasses("outline", "md", "w-full")} />}
    >
      {children}
    </AreaFrame>
  );
}


/** The padded content column of an area page. */
export function AreaPage({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">{children}</div>;
}

/** The protected-route loading text, shown while the server checks the session. */
export function VerifyingAuth() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center px-4">
      <div role="status" className="flex items-center gap-3 text-base font-medium text-ink-700">
        <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700" />
        Verificando autenticación...
      </div>
    </div>
  );
}
