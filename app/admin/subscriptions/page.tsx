import type { Metadata } from "next";
import { AreaPage } from "@/components/account/area-shell";
import { SubscriptionsScreen } from "@/components/admin/billing/subscriptions-screen";
import { pageRequest } from "@/lib/list/paging";
import { readListQuery } from "@/lib/list/query";
import type { PageSearchParams } from "@/lib/list/query-params";
import { requireAdmin } from "@/lib/auth/guards";
import { listAdminSubscriptions } from "@/lib/billing/admin-queries";
import { subscriptionListQuerySchema } from "@/lib/billing/schema";

export const metadata: Metadata = { title: "Suscripciones" };

/** "Suscripciones" (admin) on real records: ?page, ?per_page, ?status, ?user_id, ?q in the URL. */
export default async function AdminSubscriptionsPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  await requireAdmin();
  // A hand-edited URL with a bad value falls back to the unfiltered first page.
  const { query } = readListQuery(subscriptionListQuerySchema, await searchParams);
  const result = await listAdminSubscriptions(query, pageRequest(query));
  return (
    <AreaPage>
      <SubscriptionsScreen result={result} />
    </AreaPage>
  );
}
