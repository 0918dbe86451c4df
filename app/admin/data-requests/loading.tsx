import { VerifyingAuth } from "@/components/account/area-shell";

// Each section has its own loading state (see app/admin/payment-reports/loading.tsx).
export default function Loading() {
  return <VerifyingAuth />;
}
