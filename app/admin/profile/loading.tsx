import { ProfileLoading } from "@/components/account/profile-loading";

/** Spec §2.6: "Cargando perfil..." while no user is loaded. */
export default function Loading() {
  return <ProfileLoading />;
}
