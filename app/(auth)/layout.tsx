import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { LogoMark } from "@/components/site/logo";
import { SkipLink } from "@/components/site/skip-link";
import { getSiteSettings } from "@/lib/content/settings";

// The sign-in screens sit outside the public header and footer: a quiet frame
// with the logo, a way back to the site, and the card in the middle. Never indexed.
export const metadata: Metadata = {
  robots: { index: false, follow: false, googleBot: { index: false, follow: false } },
};

export default async function AuthLayout({ children }: { children: ReactNode }) {
  const settings = await getSiteSettings();
  return (
    <div className="relative isolate flex min-h-dvh flex-col overflow-hidden bg-ink-50">
      <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[28rem] bg-gradient-to-b from-brand-100/70 via-brand-50/40 to-transparent" />
      <div aria-hidden="true" className="pointer-events-none absolute -top-40 left-1/2 -z-10 size-[36rem] -translate-x-1/2 rounded-full bg-brand-200/40 blur-3xl" />
      <SkipLink />
      <header className="mx-auto flex h-16 w-full max-w-5xl items-center justify-between gap-4 px-5 sm:px-6">
        <Link href="/" className="flex min-w-0 items-center gap-2.5 rounded-lg" aria-label={`${settings.companyName}, inicio`}>
          <LogoMark />
          <span className="truncate text-lg font-bold tracking-tight text-ink-900 max-sm:sr-only">{settings.companyName}</span>
        </Link>
        <Link href="/" className="group inline-flex shrink-0 items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-ink-700 hover:text-brand-800">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 transition-transform group-hover:-translate-x-0.5" fill="currentColor">
            <path fillRule="evenodd" d="M17 10a.75.75 0 01-.75.75H5.61l3.96 3.96a.75.75 0 11-1.06 1.06l-5.25-5.25a.75.75 0 010-1.06l5.25-5.25a.75.75 0 111.06 1.06L5.61 9.25h10.64A.75.75 0 0117 10z" clipRule="evenodd" />
          </svg>
          Volver al sitio
        </Link>
      </header>
      <main id="contenido" tabIndex={-1} className="flex flex-1 items-start justify-center px-4 pt-6 pb-12 focus:outline-none sm:items-center sm:py-12">
        {children}
      </main>
      <footer className="px-5 pb-6 text-center text-xs text-ink-600">
        © {new Date().getFullYear()} {settings.companyName}. Tus datos viajan cifrados y se tratan conforme a la Ley 29733.
      </footer>
    </div>
  );
}
