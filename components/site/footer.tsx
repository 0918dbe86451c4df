import Link from "next/link";
import type { ReactNode } from "react";
import { Container } from "@/components/ui/container";
import { getSiteSettings } from "@/lib/content/settings";
import { LogoMark } from "./logo";
import { FOOTER_COMPANY_NAV, FOOTER_LEGAL_NAV } from "./nav";

/** Only http(s) links are rendered, so a bad settings value can never become a javascript: URL. */
function safeHttpUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** tel: links keep only + and digits. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

const SOCIAL_ICONS = {
  linkedin: (
    <path d="M20.45 20.45h-3.56v-5.57c0-1.33-.02-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.35V9h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28zM5.34 7.43a2.06 2.06 0 110-4.13 2.06 2.06 0 010 4.13zM7.12 20.45H3.56V9h3.56v11.45zM22.22 0H1.77C.79 0 0 .77 0 1.73v20.54C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.73V1.73C24 .77 23.2 0 22.22 0z" />
  ),
  twitter: (
    <path d="M18.24 2.25h3.31l-7.23 8.26 8.5 11.24h-6.66l-5.21-6.82-5.97 6.82H1.67l7.73-8.84L1.25 2.25h6.83l4.71 6.23 5.45-6.23zm-1.16 17.52h1.83L7.08 4.13H5.12l11.96 15.64z" />
  ),
  facebook: (
    <path d="M24 12.07C24 5.4 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.05V9.41c0-3.02 1.79-4.69 4.53-4.69 1.31 0 2.68.24 2.68.24v2.97h-1.51c-1.49 0-1.96.93-1.96 1.89v2.25h3.33l-.53 3.49h-2.8V24C19.61 23.1 24 18.1 24 12.07z" />
  ),
} as const;

function FooterHeading({ children }: { children: ReactNode }) {
  return <h2 className="text-sm font-semibold tracking-wide text-white">{children}</h2>;
}

function ContactIcon({ d }: { d: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="mt-0.5 size-5 shrink-0 text-accent-300" fill="none" stroke="currentColor" strokeWidth="1.6">
      <path strokeLinecap="round" strokeLinejoin="round" d={d} />
    </svg>
  );
}

const linkClass = "rounded text-sm text-ink-300 transition-colors hover:text-white";

function FooterNav({ label, items }: { label: string; items: readonly { href: string; label: string }[] }) {
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
      </ul>
    </nav>
  );
}

export async function SiteFooter() {
  const settings = await getSiteSettings();
  const socials = [
    { key: "linkedin" as const, label: "LinkedIn", href: safeHttpUrl(settings.socialLinkedin) },
    { key: "twitter" as const, label: "Twitter", href: safeHttpUrl(settings.socialTwitter) },
    { key: "facebook" as const, label: "Facebook", href: safeHttpUrl(settings.socialFacebook) },
  ].filter((social): social is { key: "linkedin" | "twitter" | "facebook"; label: string; href: string } => social.href !== null);
  const year = new Date().getFullYear();

  return (
    <footer className="on-dark bg-brand-950 text-ink-300">
      <Container className="py-14 lg:py-16">
        <div className="grid gap-10 md:grid-cols-2 lg:grid-cols-12">
          <div className="lg:col-span-4">
            <Link href="/" className="inline-flex items-center gap-2.5 rounded-lg">
              <LogoMark />
              <span className="text-lg font-bold tracking-tight text-white">{settings.companyName}</span>
            </Link>
            {settings.companyTagline && <p className="mt-4 max-w-sm text-sm leading-6 text-ink-300">{settings.companyTagline}</p>}
            {socials.length > 0 && (
              <ul className="mt-6 flex gap-3" aria-label="Redes sociales">
                {socials.map((social) => (
                  <li key={social.key}>
                    <a
                      href={social.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex size-10 items-center justify-center rounded-lg bg-white/10 text-white transition-colors hover:bg-white/20"
                    >
                      <span className="sr-only">{`${settings.companyName} en ${social.label} (se abre en una pestaña nueva)`}</span>
                      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-[18px]" fill="currentColor">
                        {SOCIAL_ICONS[social.key]}
                      </svg>
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>

          <FooterNav label="Empresa" items={FOOTER_COMPANY_NAV} />
          <FooterNav label="Legal" items={FOOTER_LEGAL_NAV} />

          <div className="md:col-span-2 lg:col-span-4">
            <FooterHeading>Contacto</FooterHeading>
            <address className="mt-4 space-y-3 text-sm not-italic">
              {settings.contactEmail && (
                <p className="flex gap-3">
                  <ContactIcon d="M21.75 6.75v10.5a2.25 2.25 0 01-2.25 2.25h-15a2.25 2.25 0 01-2.25-2.25V6.75m19.5 0A2.25 2.25 0 0019.5 4.5h-15a2.25 2.25 0 00-2.25 2.25m19.5 0v.243a2.25 2.25 0 01-1.07 1.916l-7.5 4.615a2.25 2.25 0 01-2.36 0L3.32 8.91a2.25 2.25 0 01-1.07-1.916V6.75" />
                  <a href={`mailto:${settings.contactEmail}`} className={`${linkClass} break-all`} data-testid="footer-email">
                    {settings.contactEmail}
                  </a>
                </p>
              )}
              {settings.contactPhone && (
                <p className="flex gap-3">
                  <ContactIcon d="M2.25 6.75c0 8.284 6.716 15 15 15h2.25a2.25 2.25 0 002.25-2.25v-1.372c0-.516-.351-.966-.852-1.091l-4.423-1.106c-.44-.11-.902.055-1.173.417l-.97 1.293c-.282.376-.769.542-1.21.38a12.035 12.035 0 01-7.143-7.143c-.162-.441.004-.928.38-1.21l1.293-.97c.363-.271.527-.734.417-1.173L6.963 3.102a1.125 1.125 0 00-1.091-.852H4.5A2.25 2.25 0 002.25 4.5v2.25z" />
                  <a href={telHref(settings.contactPhone)} className={linkClass}>
                    {settings.contactPhone}
                  </a>
                </p>
              )}
              {settings.contactAddress && (
                <p className="flex gap-3">
                  <ContactIcon d="M15 10.5a3 3 0 11-6 0 3 3 0 016 0z M19.5 10.5c0 7.142-7.5 11.25-7.5 11.25S4.5 17.642 4.5 10.5a7.5 7.5 0 1115 0z" />
                  <span>{settings.contactAddress}</span>
                </p>
              )}
              {settings.businessHours && (
                <p className="flex gap-3">
                  <ContactIcon d="M12 6v6h4.5m4.5 0a9 9 0 11-18 0 9 9 0 0118 0z" />
                  <span>{settings.businessHours}</span>
                </p>
              )}
            </address>
          </div>
        </div>

        <div className="mt-12 flex flex-col gap-3 border-t border-white/10 pt-8 text-sm text-ink-300 md:flex-row md:items-center md:justify-between">
          <p>{`© ${year} ${(settings.companyLegalName ?? settings.companyName).replace(/\.+$/, "")}. Todos los derechos reservados.`}</p>
          {settings.footerText && <p className="max-w-xl md:text-right">{settings.footerText}</p>}
        </div>
      </Container>
    </footer>
  );
}
