import { ProfileLoading } from "@/components/account/profile-loading";

/** "Cargando perfil..." as the admin profile (spec §2.6). */
export default function Loading() {
  return <ProfileLoading />;
}
