import type { Metadata } from "next";
import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { TwoFactorSection } from "@/components/admin/security/two-factor-section";
import { ProfileScreen } from "@/components/admin/users/profile-screen";
import { requireAdmin } from "@/lib/auth/guards";
import { twoFactorStatus } from "@/lib/auth/two-factor";
import { adminSignature } from "@/lib/users/profile";

export const metadata: Metadata = { title: "Perfil" };

/**
 * "Perfil de Administrador": the signed-in admin's name, e-mail, role and reply signature, their
 * password, and «Seguridad» (the second factor). It is also the enrolment screen the admin area
 * sends an admin to while the settings require a second factor they have not set up.
 */
export default async function AdminProfilePage() {
  const admin = await requireAdmin();
  const [signature, security] = await Promise.all([adminSignature(admin.id), twoFactorStatus(admin.id)]);
  return (
    <AreaPage>
      <AreaPageHeader title="Perfil de Administrador" description="Tus datos de acceso al panel de administración." />
      <div className="mt-8">
        <ProfileScreen user={{ name: admin.name, email: admin.email, role: admin.role, signature }}>
          <TwoFactorSection initial={security} />
        </ProfileScreen>
      </div>
    </AreaPage>
  );
}
