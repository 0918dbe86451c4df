import type { Metadata } from "next";
import { AreaPage } from "@/components/account/area-shell";
import { SubscriptionsScreen } from "@/components/admin/billing/subscriptions-screen";
import { pageRequest } from "@/lib/list/paging";
import { searchParamValues, type PageSearchParams } from "@/lib/list/query-params";
import { requireAdmin } from "@/lib/auth/guards";
import { listAdminSubscriptionsPage, listCatalogItemOptions, listClientOptions } from "@/lib/billing/admin-queries";
import { subscriptionListQuerySchema } from "@/lib/billing/schema";

export const metadata: Metadata = { title: "Suscripciones" };

/** Spec §2.6 "Subscriptions" on real records: ?page, ?per_page, ?status, ?user_id, ?q in the URL. */
export default async function AdminSubscriptionsPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  await requireAdmin();
  const params = searchParamValues(await searchParams);
  // A hand-edited URL with a bad value falls back to the unfiltered first page.
  const parsed = subscriptionListQuerySchema.safeParse(params);
  const query = parsed.success ? parsed.data : {};
  const [result, clients, catalogItems] = await Promise.all([
    listAdminSubscriptionsPage({ status: query.status, user_id: query.user_id, q: query.q }, pageRequest(query)),
    listClientOptions(),
    listCatalogItemOptions(),
  ]);
  return (
    <AreaPage>
      <SubscriptionsScreen result={result} clients={clients} catalogItems={catalogItems} />
    </AreaPage>
  );
}
