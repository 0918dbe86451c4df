import type { Metadata } from "next";
import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { DashboardStatCards, ReceivablesSection, RecentContactMessages } from "@/components/admin/dashboard";
import { DashboardChartsSection } from "@/components/admin/dashboard-charts";
import { ComplaintsDueCard } from "@/components/admin/complaints/complaints-due-card";
import { getDashboardCharts } from "@/lib/admin/charts";
import { getDashboardStats, listRecentContactMessages } from "@/lib/admin/stats";
import { requireAdmin } from "@/lib/auth/guards";
import { countUnansweredComplaints } from "@/lib/complaints/admin-queries";

export const metadata: Metadata = { title: "Panel" };

/**
 * "/admin/dashboard": five live figures, each linking to its section, what clients owe and its
 * ageing ("Cobranza"), the charts (contact messages per week, revenue per month, first response
 * time) and the latest messages.
 */
export default async function AdminDashboardPage() {
  const user = await requireAdmin();
  const [stats, charts, messages, complaints] = await Promise.all([getDashboardStats(), getDashboardCharts(), listRecentContactMessages(5), countUnansweredComplaints()]);
  const firstName = user.name.trim().split(/\s+/)[0] || user.name;
  return (
    <AreaPage>
      <AreaPageHeader title="Panel" description={`Hola, ${firstName}. Este es el resumen de la actividad de la plataforma.`} />
      <div className="mt-8 flex flex-col gap-8">
        <DashboardStatCards stats={stats} />
        <ComplaintsDueCard unanswered={complaints.unanswered} overdue={complaints.overdue} />
        <ReceivablesSection receivables={stats.receivables} />
        <DashboardChartsSection charts={charts} />
        <RecentContactMessages messages={messages} />
      </div>
    </AreaPage>
  );
}
