import type { Metadata } from "next";
import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { SubscriptionsTable } from "@/components/client/subscriptions-table";
import { requireClientAreaUser } from "@/lib/auth/guards";
import { listClientSubscriptions } from "@/lib/billing/queries";

export const metadata: Metadata = { title: "Suscripciones" };

/** "Suscripciones": every subscription of the client, active first. */
export default async function ClientSubscriptionsPage() {
  const user = await requireClientAreaUser();
  const subscriptions = await listClientSubscriptions(user.id);
  return (
    <AreaPage>
      <AreaPageHeader title="Suscripciones" description="Tus planes contratados, su importe y la fecha del próximo cobro." />
      <div className="mt-6">
        <SubscriptionsTable rows={subscriptions} />
      </div>
    </AreaPage>
  );
}
