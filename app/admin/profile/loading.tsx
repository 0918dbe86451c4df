import { ProfileLoading } from "@/components/account/profile-loading";

/** "Cargando perfil..." while the profile loads. */
export default function Loading() {
  return <ProfileLoading />;
}
