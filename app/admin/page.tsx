import { redirect } from "next/navigation";
import { requireAdmin } from "@/lib/auth/guards";

/** The admin index goes to the dashboard (proxy.ts does it first). */
export default async function AdminIndex() {
  await requireAdmin();
  redirect("/admin/dashboard");
}
