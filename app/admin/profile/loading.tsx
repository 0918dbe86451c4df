import { ProfileLoading } from "@/components/account/profile-loading";

/** "Cargando perfil..." while no user is loaded. */
export default function Loading() {
  return <ProfileLoading />;
}
