import { formatShortDay, isoDay } from "@/components/account/dates";
import { daysBetween } from "@/lib/dates";
import { formatMoney } from "@/lib/format";

// An invoice's due date in a list ("Vence"), with how late it is when it is overdue, in red:
// "Vencida hace 3 días". `today` is the Lima day the server rendered the list on, so the hint
// agrees with the state badge beside it.

/** "Vencida hace 1 día", "Vencida hace 12 días". */
export function overdueHint(days: number): string {
  return days === 1 ? "Vencida hace 1 día" : `Vencida hace ${days.toLocaleString("es-PE")} días`;
}

export function InvoiceDueDate({ invoice, today }: { invoice: { due_date: string | null; status: string }; today: string }) {
  if (!invoice.due_date) return <span className="text-ink-600">—</span>;
  return (
    <div className="whitespace-nowrap">
      <time dateTime={isoDay(invoice.due_date)}>{formatShortDay(invoice.due_date)}</time>
      {invoice.status === "overdue" && <p className="text-xs font-medium text-red-700">{overdueHint(daysBetween(invoice.due_date, today))}</p>}
    </div>
  );
}

/** What an invoice still owes ("Saldo"); "—" for a cancelled one, which owes nothing. */
export function invoiceBalanceText(invoice: { status: string; balance: string; currency: string }): string {
  return invoice.status === "cancelled" ? "—" : formatMoney(invoice.balance, invoice.currency);
}
