import { VerifyingAuth } from "@/components/account/area-shell";

export default function Loading() {
  return <VerifyingAuth />;
}
