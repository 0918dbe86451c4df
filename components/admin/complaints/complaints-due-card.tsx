import { StatCard } from "@/components/admin/stat-card";

// The dashboard's "Reclamos por responder": sheets of the Libro de Reclamaciones still without an
// answer, and how many of them are past their legal term (15 business days). Links to the book,
// on the overdue ones when there are some.

export function ComplaintsDueCard({ unanswered, overdue }: { unanswered: number; overdue: number }) {
  const count = (value: number) => value.toLocaleString("es-PE");
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <StatCard
        testId="stat-complaints"
        label="Reclamos por responder"
        value={count(unanswered)}
        detail={overdue > 0 ? <span className="font-semibold text-red-700">{`${count(overdue)} ${overdue === 1 ? "vencida" : "vencidas"}`}</span> : "Ninguna vencida"}
        href={overdue > 0 ? "/admin/complaints?state=overdue" : "/admin/complaints?state=pending"}
        icon="document"
        accent={overdue > 0 ? "amber" : "brand"}
      />
    </div>
  );
}
