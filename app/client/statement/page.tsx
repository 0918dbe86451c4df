import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { StatementView } from "@/components/billing/statement-view";
import { requireClientAreaUser } from "@/lib/auth/guards";
import { statementForScreen } from "@/lib/billing/statement";
import { businessDate } from "@/lib/dates";
import { searchParamValues, type PageSearchParams } from "@/lib/list/query-params";

export const metadata: Metadata = { title: "Estado de cuenta" };

/** "Estado de cuenta": the client's own movements and balance per currency for a period (?from=&to=, Lima days). */
export default async function ClientStatementPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const user = await requireClientAreaUser();
  const { from, to } = searchParamValues(await searchParams);
  const view = await statementForScreen(user.id, { from, to });
  // The signed-in user was found a moment ago; gone now, there is nothing of theirs to show.
  if (!view) notFound();
  const { statement, problem } = view;
  return (
    <AreaPage>
      <AreaPageHeader title="Estado de cuenta" description="Tus comprobantes, notas de crédito y pagos del periodo, con el saldo de cada moneda." />
      <div className="mt-6">
        <StatementView statement={statement} today={businessDate()} invoiceBasePath="/client/invoices" downloadPath="/api/v1/client/statement" problem={problem} />
      </div>
    </AreaPage>
  );
}
