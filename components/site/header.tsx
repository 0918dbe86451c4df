import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { Container } from "@/components/ui/container";
import { getSiteSettings } from "@/lib/content/settings";
import { LogoMark } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { LOGIN_LINK } from "./nav";
import { HeaderNav } from "./nav-link";

export async function SiteHeader() {
  const settings = await getSiteSettings();
  return (
    <header className="site-header">
      <Container className="relative flex h-16 items-center justify-between gap-6">
        <Link href="/" className="flex min-w-0 items-center gap-2.5 rounded-lg" aria-label={`${settings.companyName}, inicio`}>
          <LogoMark />
          <span className="brand-name">{settings.companyName}</span>
        </Link>

        <nav aria-label="Principal" className="hidden lg:block">
          <HeaderNav />
        </nav>

        <div className="hidden lg:block">
          <Link href={LOGIN_LINK.href} className={buttonClasses("primary", "sm")}>
            {LOGIN_LINK.label}
          </Link>
        </div>

        <MobileMenu />
      </Container>
    </header>
  );
}
