import type { Metadata } from "next";
import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { DashboardStatCards, RecentContactMessages } from "@/components/admin/dashboard";
import { DashboardChartsSection } from "@/components/admin/dashboard-charts";
import { getDashboardCharts } from "@/lib/admin/charts";
import { getDashboardStats, listRecentContactMessages } from "@/lib/admin/stats";
import { requireAdmin } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Panel" };

/**
 * "/admin/dashboard": five live figures, each linking to its section, the charts (contact
 * messages per week, revenue per month, first response time) and the latest messages.
 */
export default async function AdminDashboardPage() {
  const user = await requireAdmin();
  const [stats, charts, messages] = await Promise.all([getDashboardStats(), getDashboardCharts(), listRecentContactMessages(5)]);
  const firstName = user.name.trim().split(/\s+/)[0] || user.name;
  return (
    <AreaPage>
      <AreaPageHeader title="Panel" description={`Hola, ${firstName}. Este es el resumen de la actividad de la plataforma.`} />
      <div className="mt-8 flex flex-col gap-8">
        <DashboardStatCards stats={stats} />
        <DashboardChartsSection charts={charts} />
        <RecentContactMessages messages={messages} />
      </div>
    </AreaPage>
  );
}
