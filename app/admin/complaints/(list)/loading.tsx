import { VerifyingAuth } from "@/components/account/area-shell";

// Each section has its own loading state; the area has none: a boundary above a record page would
// start the response (200) before the record is read, so its "no encontrado" could not be a 404.
export default function Loading() {
  return <VerifyingAuth />;
}
