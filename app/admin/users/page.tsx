import type { Metadata } from "next";
import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { NewUserButton, UsersTable } from "@/components/admin/users/users-screen";
import { requireAdmin } from "@/lib/auth/guards";
import { listUsersPage } from "@/lib/users/queries";
import { userListQuerySchema } from "@/lib/users/schema";

export const metadata: Metadata = { title: "Usuarios" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Spec §2.6 "Gestión de Usuarios": server-paged, `?q=`, `?role=`, `?page=`, `?per_page=` in the URL. */
export default async function AdminUsersPage({ searchParams }: { searchParams: SearchParams }) {
  const admin = await requireAdmin();
  const raw = await searchParams;
  const single = Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]));
  // A hand-edited URL with a bad value shows the first page of everything rather than an error.
  const parsed = userListQuerySchema.safeParse(single);
  const result = await listUsersPage(parsed.success ? parsed.data : {});
  return (
    <AreaPage>
      <AreaPageHeader
        title="Gestión de Usuarios"
        description="Cuentas de clientes y administradores de la plataforma."
        actions={<NewUserButton />}
      />
      <div className="mt-8">
        <UsersTable result={result} currentUserId={admin.id} />
      </div>
    </AreaPage>
  );
}
