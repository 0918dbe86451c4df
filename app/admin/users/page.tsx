import type { Metadata } from "next";
import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { NewUserButton, UsersTable } from "@/components/admin/users/users-screen";
import { requireAdmin } from "@/lib/auth/guards";
import { findUser, listUsersPage } from "@/lib/users/queries";
import { userListQuerySchema } from "@/lib/users/schema";
import { searchParamValues, type PageSearchParams } from "@/lib/list/query-params";

export const metadata: Metadata = { title: "Usuarios" };

/** Spec §2.6 "Gestión de Usuarios": server-paged, `?q=`, `?role=`, `?page=`, `?per_page=` in the URL; `?id=` opens a user. */
export default async function AdminUsersPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const admin = await requireAdmin();
  const raw = await searchParams;
  const single = searchParamValues(raw);
  // A hand-edited URL with a bad value shows the first page of everything rather than an error.
  const parsed = userListQuerySchema.safeParse(single);
  // ?id=<user id> (links from the audit trail) opens that user's edit modal.
  const openId = typeof single.id === "string" && /^[a-z0-9]{1,40}$/i.test(single.id) ? single.id : null;
  const [result, opened] = await Promise.all([listUsersPage(parsed.success ? parsed.data : {}), openId ? findUser(openId) : null]);
  return (
    <AreaPage>
      <AreaPageHeader
        title="Gestión de Usuarios"
        description="Cuentas de clientes y administradores de la plataforma."
        actions={<NewUserButton />}
      />
      <div className="mt-8">
        <UsersTable result={result} currentUserId={admin.id} opened={opened} />
      </div>
    </AreaPage>
  );
}
