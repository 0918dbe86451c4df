import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { AreaPage } from "@/components/account/area-shell";
import { AuditHistory } from "@/components/admin/audit-history";
import { ComplaintDetailView } from "@/components/admin/complaints/complaint-detail";
import { requireAdmin } from "@/lib/auth/guards";
import { findAdminComplaint, type ComplaintDetailContract } from "@/lib/complaints/admin-queries";

type Props = { params: Promise<{ id: string }> };

/** The sheet, or null for an unknown id; once per request for the title and the page (React cache). */
const load = cache((raw: string): Promise<ComplaintDetailContract | null> => findAdminComplaint(raw));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await requireAdmin();
  const sheet = await load((await params).id);
  return { title: sheet ? `Hoja de reclamación ${sheet.number}` : "Hoja de reclamación no encontrada" };
}

/** One sheet of the Libro de Reclamaciones with its answer (or the form to answer it) and its history; an unknown id → not-found.tsx. */
export default async function AdminComplaintPage({ params }: Props) {
  await requireAdmin();
  const sheet = await load((await params).id);
  if (!sheet) notFound();
  return (
    <AreaPage>
      <ComplaintDetailView sheet={sheet} />
      <div className="mt-6">
        <AuditHistory entityType="complaint" entityId={String(sheet.id)} refreshKey={`${sheet.answered_at ?? ""}:${sheet.answer_email.status}:${sheet.answer_email.at ?? ""}`} />
      </div>
    </AreaPage>
  );
}
