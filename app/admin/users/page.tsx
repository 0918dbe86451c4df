import type { Metadata } from "next";
import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { NewUserButton, UsersTable } from "@/components/admin/users/users-screen";
import { requireAdmin } from "@/lib/auth/guards";
import { findUser, listUsers } from "@/lib/users/queries";
import { userListQuerySchema } from "@/lib/users/schema";
import { pageRequest } from "@/lib/list/paging";
import { readListQuery } from "@/lib/list/query";
import { searchParamValues, type PageSearchParams } from "@/lib/list/query-params";

export const metadata: Metadata = { title: "Usuarios" };

/** "Gestión de Usuarios": server-paged, `?q=`, `?role=`, `?page=`, `?per_page=` in the URL; `?id=` opens a user. */
export default async function AdminUsersPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const admin = await requireAdmin();
  const raw = await searchParams;
  // A hand-edited URL with a bad value shows the first page of everything rather than an error.
  const { query } = readListQuery(userListQuerySchema, raw);
  // ?id=<user id> (links from the audit trail) opens that user's edit modal.
  const single = searchParamValues(raw);
  const openId = typeof single.id === "string" && /^[a-z0-9]{1,40}$/i.test(single.id) ? single.id : null;
  const [result, opened] = await Promise.all([listUsers(query, pageRequest(query)), openId ? findUser(openId) : null]);
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
