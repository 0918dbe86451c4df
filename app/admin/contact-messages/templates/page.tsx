import type { Metadata } from "next";
import Link from "next/link";
import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { ReplyTemplates } from "@/components/admin/inbox/reply-templates";
import { requireAdmin } from "@/lib/auth/guards";
import { listReplyTemplates } from "@/lib/contact/admin-queries";

export const metadata: Metadata = { title: "Plantillas de respuesta" };

export default async function ReplyTemplatesPage() {
  await requireAdmin();
  const templates = await listReplyTemplates();
  return (
    <AreaPage>
      <p className="mb-3 text-sm">
        <Link href="/admin/contact-messages" className="text-brand-800 underline underline-offset-2">
          ← Volver a Gestión de Contactos
        </Link>
      </p>
      <AreaPageHeader title="Plantillas de respuesta" description="Textos reutilizables que puedes insertar al responder un mensaje de contacto." />
      <div className="mt-6">
        <ReplyTemplates templates={templates} />
      </div>
    </AreaPage>
  );
}
