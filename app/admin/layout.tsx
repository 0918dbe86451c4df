import type { Metadata } from "next";
import type { ReactNode } from "react";
import { AreaShell } from "@/components/account/area-shell";
import { ADMIN_NAV } from "@/components/admin/nav";
import { OutboundMailBanner } from "@/components/admin/outbound-mail-banner";
import { EmailVerificationBanner } from "@/components/auth/email-verification-banner";
import { requireAdmin } from "@/lib/auth/guards";

export const metadata: Metadata = {
  title: { default: "Administración", template: "%s · Administración | Lumen Consultoría TI" },
  robots: { index: false, follow: false },
};

/** Admin area: admins only, checked here again behind proxy.ts. */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const user = await requireAdmin();
  return (
    <AreaShell
      title="Panel de Administración"
      homeHref="/admin/dashboard"
      profileHref="/admin/profile"
      navLabel="Menú de administración"
      navGroups={ADMIN_NAV}
      user={{ name: user.name, email: user.email }}
    >
      <OutboundMailBanner />
      <EmailVerificationBanner />
      {children}
    </AreaShell>
  );
}
