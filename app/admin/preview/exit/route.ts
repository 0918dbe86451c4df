import { draftMode } from "next/headers";
import { redirect } from "next/navigation";

// Ends an admin's preview (Next's draft mode) and goes back: to ?to= when it is a path of this
// site's admin area (never another site), else the dashboard.

export async function GET(request: Request) {
  (await draftMode()).disable();
  const to = new URL(request.url).searchParams.get("to") ?? "";
  redirect(/^\/admin(\/[\w\-/]*)?$/.test(to) ? to : "/admin/dashboard");
}
