"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { Icon } from "@/components/icons/icon";
import type { IconName } from "@/components/icons/registry";
import { Container } from "@/components/ui/container";
import { LogoMark } from "./logo";
import { COMPLAINTS_BOOK_LINK, FOOTER_COMPANY_NAV, FOOTER_LEGAL_NAV } from "./nav";

// A client component on purpose: the footer's markup ships once in a cached script, and every
// page's RSC payload carries only FooterData instead of the footer's element tree.

export type SocialKey = "linkedin" | "twitter" | "facebook";

export type FooterData = {
  companyName: string;
  tagline: string | null;
  socials: { key: SocialKey; label: string; href: string }[];
  email: string | null;
  phone: string | null;
  address: string | null;
  hours: string | null;
  copyright: string;
  footerText: string | null;
};

/** tel: links keep only + and digits. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

function FooterHeading({ children }: { children: ReactNode }) {
  return <h2 className="foot-h">{children}</h2>;
}

function ContactIcon({ name }: { name: IconName }) {
  return <Icon name={name} className="foot-ic" />;
}

const linkClass = "foot-link";

function FooterNav({ label, items, children }: { label: string; items: readonly { href: string; label: string }[]; children?: ReactNode }) {
  return (
    <nav aria-label={label} className="lg:col-span-2">
      <FooterHeading>{label}</FooterHeading>
      <ul className="mt-4 space-y-3">
        {items.map((item) => (
          <li key={item.href}>
            <Link href={item.href} className={linkClass}>
              {item.label}
            </Link>
          </li>
        ))}
        {children}
      </ul>
    </nav>
  );
}

/** The public footer as drawn from the company settings. */
export function FooterView({ data: settings }: { data: FooterData }) {
  return (
    <footer className="on-dark bg-brand-950 text-ink-300">
      <Container className="py-14 lg:py-16">
        <div className="grid gap-10 md:grid-cols-2 lg:grid-cols-12">
          <div className="lg:col-span-4">
            <Link href="/" className="inline-flex items-center gap-2.5 rounded-lg">
              <LogoMark />
              <span className="text-lg font-bold tracking-tight text-white">{settings.companyName}</span>
            </Link>
            {settings.tagline && <p className="mt-4 max-w-sm text-sm leading-6 text-ink-300">{settings.tagline}</p>}
            {settings.socials.length > 0 && (
              <ul className="mt-6 flex gap-3" aria-label="Redes sociales">
                {settings.socials.map((social) => (
                  <li key={social.key}>
                    <a
                      href={social.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="social"
                    >
                      <span className="sr-only">{`${settings.companyName} en ${social.label} (se abre en una pestaña nueva)`}</span>
                      <Icon name={social.key} className="size-[18px]" />
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>

          <FooterNav label="Empresa" items={FOOTER_COMPANY_NAV} />
          <FooterNav label="Legal" items={FOOTER_LEGAL_NAV}>
            <li>
              <Link href={COMPLAINTS_BOOK_LINK.href} className={`${linkClass} inline-flex items-center gap-2`}>
                <Icon name="book-open" className="size-5 shrink-0" />
                {COMPLAINTS_BOOK_LINK.label}
              </Link>
            </li>
          </FooterNav>

          <div className="md:col-span-2 lg:col-span-4">
            <FooterHeading>Contacto</FooterHeading>
            <address className="foot-contact mt-4 space-y-3 text-sm not-italic">
              {settings.email && (
                <p>
                  <ContactIcon name="mail" />
                  <a href={`mailto:${settings.email}`} className={`${linkClass} break-all`} data-testid="footer-email">
                    {settings.email}
                  </a>
                </p>
              )}
              {settings.phone && (
                <p>
                  <ContactIcon name="phone" />
                  <a href={telHref(settings.phone)} className={linkClass}>
                    {settings.phone}
                  </a>
                </p>
              )}
              {settings.address && (
                <p>
                  <ContactIcon name="map-pin" />
                  <span>{settings.address}</span>
                </p>
              )}
              {settings.hours && (
                <p>
                  <ContactIcon name="clock" />
                  <span>{settings.hours}</span>
                </p>
              )}
            </address>
          </div>
        </div>

        <div className="foot-bar">
          <p>{settings.copyright}</p>
          {settings.footerText && <p className="max-w-xl md:text-right">{settings.footerText}</p>}
        </div>
      </Container>
    </footer>
  );
}
