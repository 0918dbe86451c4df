import type { Metadata } from "next";
import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { ActiveSubscriptions, AmountDue, QuickLinks, RecentInvoices } from "@/components/client/dashboard";
import { requireClientAreaUser } from "@/lib/auth/guards";
import { getClientDashboard } from "@/lib/billing/queries";

export const metadata: Metadata = { title: "Mi Portal" };

/** "Mi Portal": welcome, what is due (per currency, the overdue part, the next due date), up to 3 active subscriptions, 5 recent invoices, quick links. */
export default async function ClientDashboardPage() {
  const user = await requireClientAreaUser();
  const { subscriptions, invoices, amountsDue, nextDue } = await getClientDashboard(user.id);
  return (
    <AreaPage>
      <AreaPageHeader
        title="Mi Portal"
        description={
          <>
            ¡Bienvenido, <span className="font-semibold text-ink-800">{user.name}</span>! Aquí tienes un resumen de tus servicios con Lumen.
          </>
        }
      />
      <div className="mt-8 flex flex-col gap-10">
        <AmountDue amountsDue={amountsDue} nextDue={nextDue} />
        <ActiveSubscriptions subscriptions={subscriptions} />
        <RecentInvoices invoices={invoices} />
        <QuickLinks />
      </div>
    </AreaPage>
  );
}
