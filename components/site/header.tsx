import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { Container } from "@/components/ui/container";
import { getSiteSettings } from "@/lib/content/settings";
import { LogoMark } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { HEADER_NAV, LOGIN_LINK } from "./nav";
import { NavLink } from "./nav-link";

export async function SiteHeader() {
  const settings = await getSiteSettings();
  return (
    <header className="sticky top-0 z-40 border-b border-ink-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <Container className="relative flex h-16 items-center justify-between gap-6">
        <Link href="/" className="flex min-w-0 items-center gap-2.5 rounded-lg" aria-label={`${settings.companyName}, inicio`}>
          <LogoMark />
          <span className="text-lg leading-tight font-bold truncate tracking-tight text-ink-900 lg:sr-only xl:not-sr-only">{settings.companyName}</span>
        </Link>

        <nav aria-label="Principal" className="hidden lg:block">
          <ul className="flex items-center gap-0.5">
            {HEADER_NAV.map((item) => (
              <li key={item.href}>
                <NavLink
                  href={item.href}
                  label={item.label}
                  className="rounded-md px-2.5 py-2 text-sm font-medium text-ink-700 transition-colors hover:bg-ink-100 hover:text-ink-900 xl:px-3"
                  activeClassName="text-brand-700 hover:text-brand-800"
                />
              </li>
            ))}
          </ul>
        </nav>

        <div className="hidden lg:block">
          <Link href={LOGIN_LINK.href} className={buttonClasses("primary", "sm")}>
            {LOGIN_LINK.label}
          </Link>
        </div>

        <MobileMenu items={HEADER_NAV} login={LOGIN_LINK} />
      </Container>
    </header>
  );
}
