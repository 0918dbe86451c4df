import type { Metadata } from "next";
import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { ContactInbox } from "@/components/admin/inbox/contact-inbox";
import { ButtonLink } from "@/components/ui/button";
import { pageRequest } from "@/lib/list/paging";
import { requireAdmin } from "@/lib/auth/guards";
import { contactListQuerySchema } from "@/lib/contact/admin-schema";
import { listContactMessages, listReplyTemplates } from "@/lib/contact/admin-queries";
import { smtpConfigured } from "@/lib/mail";
import { searchParamValues, type PageSearchParams } from "@/lib/list/query-params";

export const metadata: Metadata = { title: "Gestión de Contactos" };

/** Spec §2.6 "Contact management": the list is read here, on the server, one page at a time. */
export default async function ContactMessagesPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  await requireAdmin();
  const values = searchParamValues(await searchParams);
  const input = { page: values.page, per_page: values.per_page, status: values.status, q: values.q };
  // A hand-edited URL with a bad value shows the first page of everything rather than an error.
  const parsed = contactListQuerySchema.safeParse(input);
  const query = parsed.success ? parsed.data : {};
  const filter = { status: query.status, q: query.q };
  const [result, templates] = await Promise.all([listContactMessages(filter, pageRequest(query)), listReplyTemplates()]);

  const exportParams = new URLSearchParams();
  if (parsed.success && input.status) exportParams.set("status", input.status);
  if (query.q) exportParams.set("q", query.q);
  const exportHref = `/api/v1/admin/contact-messages/export${exportParams.size ? `?${exportParams}` : ""}`;

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
        <ContactInbox result={result} templates={templates} exportHref={exportHref} mailConfigured={smtpConfigured()} />
      </div>
    </AreaPage>
  );
}
