import { redirect } from "next/navigation";
import { requireClientAreaUser } from "@/lib/auth/guards";

/** The client index goes to the dashboard (proxy.ts does it first). */
export default async function ClientIndex() {
  await requireClientAreaUser();
  redirect("/client/dashboard");
}
