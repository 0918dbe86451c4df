import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/guards";
import { dashboardFor, loginUrl } from "@/lib/auth/redirects";

/** /dashboard sends each user to their own dashboard, a visitor to /login (proxy.ts does it first). */
export default async function DashboardRedirect() {
  const user = await currentUser();
  redirect(user ? dashboardFor(user.role) : loginUrl("/client/dashboard"));
}
