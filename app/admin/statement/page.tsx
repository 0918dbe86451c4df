import type { Metadata } from "next";
import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { StatementClientPicker } from "@/components/admin/billing/statement-client-picker";
import { StatementView } from "@/components/billing/statement-view";
import { requireAdmin } from "@/lib/auth/guards";
import { searchClientOptions } from "@/lib/billing/admin-queries";
import { statementForScreen } from "@/lib/billing/statement";
import { STATEMENT_MESSAGES } from "@/lib/billing/statement-schema";
import { businessDate } from "@/lib/dates";
import { searchParamValues, type PageSearchParams } from "@/lib/list/query-params";

export const metadata: Metadata = { title: "Estado de cuenta" };

/** "Estado de cuenta" of a client (?user_id=&from=&to=): the client picker, then the same view the client has. */
export default async function AdminStatementPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  await requireAdmin();
  const { user_id: userId, from, to } = searchParamValues(await searchParams);
  const [clients, view] = await Promise.all([searchClientOptions(undefined), userId ? statementForScreen(userId, { from, to }) : null]);
  const user = view?.statement.user ?? null;
  const period = Object.fromEntries(Object.entries({ from, to }).filter(([, value]) => value)) as Record<string, string>;
  return (
    <AreaPage>
      <AreaPageHeader
        title="Estado de cuenta"
        description={user ? `${user.name} (${user.email}): comprobantes, notas de crédito y pagos del periodo, con el saldo de cada moneda.` : "Elige un cliente para ver sus comprobantes, notas de crédito, pagos y saldo por moneda."}
      />
      <div className="mt-6 grid gap-6 lg:grid-cols-[18rem_1fr] lg:items-start">
        <StatementClientPicker initialClients={clients} selectedId={user?.id ?? null} keepParams={period} />
        <div className="min-w-0">
          {userId && !user && (
            <p role="alert" className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
              {STATEMENT_MESSAGES.userNotFound} Elige otro cliente de la lista.
            </p>
          )}
          {user && view && (
            <StatementView
              statement={view.statement}
              today={businessDate()}
              invoiceBasePath="/admin/invoices"
              downloadPath="/api/v1/admin/statement"
              keepParams={{ user_id: user.id }}
              problem={view.problem}
            />
          )}
        </div>
      </div>
    </AreaPage>
  );
}
