import type { Metadata } from "next";
import type { ReactNode } from "react";
import { AreaShell } from "@/components/account/area-shell";
import { EmailVerificationBanner } from "@/components/auth/email-verification-banner";
import { CLIENT_NAV } from "@/components/client/nav";
import { requireClientAreaUser } from "@/lib/auth/guards";

export const metadata: Metadata = {
  title: { default: "Zona Cliente", template: "%s · Zona Cliente | Lumen Consultoría TI" },
  robots: { index: false, follow: false },
};

/** Client area: any signed-in user except admins, checked here again behind proxy.ts. */
export default async function ClientLayout({ children }: { children: ReactNode }) {
  const user = await requireClientAreaUser();
  return (
    <AreaShell
      title="Zona Cliente"
      homeHref="/client/dashboard"
      profileHref="/client/profile"
      navLabel="Menú de la zona cliente"
      navGroups={CLIENT_NAV}
      user={{ name: user.name, email: user.email }}
    >
      <EmailVerificationBanner />
      {children}
    </AreaShell>
  );
}
