import { redirect } from "next/navigation";
import { requireAdmin } from "@/lib/auth/guards";

/** Spec §2.1: the admin index goes to the dashboard (proxy.ts does it first). */
export default async function AdminIndex() {
  await requireAdmin();
  redirect("/admin/dashboard");
}
