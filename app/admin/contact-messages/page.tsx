import type { Metadata } from "next";
import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { ContactInbox } from "@/components/admin/inbox/contact-inbox";
import { ButtonLink } from "@/components/ui/button";
import { db } from "@/lib/db";
import { exportHref } from "@/lib/list/export-link";
import { pageRequest } from "@/lib/list/paging";
import { readListQuery } from "@/lib/list/query";
import { requireAdmin } from "@/lib/auth/guards";
import { contactListQuerySchema } from "@/lib/contact/admin-schema";
import { listContactMessages, listReplyTemplates } from "@/lib/contact/admin-queries";
import { smtpConfigured } from "@/lib/mail";
import { listAdminChoices } from "@/lib/users/queries";
import type { PageSearchParams } from "@/lib/list/query-params";

export const metadata: Metadata = { title: "Gestión de Contactos" };

/** "Gestión de Contactos": the list is read here, on the server, one page at a time. */
export default async function ContactMessagesPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const admin = await requireAdmin();
  // A hand-edited URL with a bad value shows the first page of everything rather than an error.
  const { query } = readListQuery(contactListQuerySchema, await searchParams);
  const [result, templates, admins, viewer] = await Promise.all([
    listContactMessages(query, pageRequest(query), admin.id),
    listReplyTemplates(),
    listAdminChoices(),
    db.user.findUnique({ where: { id: admin.id }, select: { signature: true } }),
  ]);
  // The export link carries the list's filters under their URL names.
  const { assigned, ...filters } = query;

  return (
    <AreaPage>
      <AreaPageHeader
        title="Gestión de Contactos"
        description="Mensajes recibidos desde el formulario de contacto del sitio."
        actions={
          <ButtonLink href="/admin/contact-messages/templates" variant="outline">
            Plantillas de respuesta
          </ButtonLink>
        }
      />
      <div className="mt-6">
        <ContactInbox
          result={result}
          templates={templates}
          exportHref={exportHref("/api/v1/admin/contact-messages", { ...filters, assigned_to: assigned })}
          mailConfigured={smtpConfigured()}
          admins={admins}
          viewerId={admin.id}
          hasSignature={Boolean(viewer?.signature?.trim())}
        />
      </div>
    </AreaPage>
  );
}
