import type { Metadata } from "next";
import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { ProfileScreen } from "@/components/admin/users/profile-screen";
import { requireAdmin } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Perfil" };

/** "Perfil de Administrador": the signed-in admin's name, e-mail and role, and their password. */
export default async function AdminProfilePage() {
  const admin = await requireAdmin();
  return (
    <AreaPage>
      <AreaPageHeader title="Perfil de Administrador" description="Tus datos de acceso al panel de administración." />
      <div className="mt-8">
        <ProfileScreen user={{ name: admin.name, email: admin.email, role: admin.role }} />
      </div>
    </AreaPage>
  );
}
