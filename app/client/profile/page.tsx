import type { Metadata } from "next";
import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { ClientProfileScreen } from "@/components/client/profile-screen";
import { requireClientAreaUser } from "@/lib/auth/guards";
import { getClientProfile } from "@/lib/users/profile";

export const metadata: Metadata = { title: "Mi perfil" };

/** "Mi perfil": name, e-mail, billing profile and password, which really save. */
export default async function ClientProfilePage() {
  const user = await requireClientAreaUser();
  const profile = await getClientProfile(user.id);
  return (
    <AreaPage>
      <AreaPageHeader title="Mi perfil" description="Tus datos personales, los datos con los que te facturamos y tu contraseña." />
      <div className="mt-8">
        <ClientProfileScreen profile={profile} />
      </div>
    </AreaPage>
  );
}
