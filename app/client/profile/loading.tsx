import { ProfileLoading } from "@/components/account/profile-loading";

/** "Cargando perfil..." as the admin profile. */
export default function Loading() {
  return <ProfileLoading />;
}
