"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { deleteUserAction } from "@/lib/users/actions";
import { UserAvatar } from "@/components/account/user-menu";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTable, FilterButtons, SearchBox, useTableUrl, type DataTableColumn } from "@/components/ui/data-table";
import { notify } from "@/components/ui/toast";
import type { Paged } from "@/lib/list/paging";
import { formatDate } from "@/lib/format";
import { USER_ROLE_LABELS } from "@/lib/users/labels";
import type { UserContract } from "@/lib/users/serialize";
import { UserFormModal } from "./user-form-modal";
import { EmailText } from "@/components/ui/email-text";
import { totalLabel } from "@/components/ui/plural";

// "Gestión de Usuarios": the server-paged table with name (initial avatar), e-mail,
// role badge, registration date, edit and delete; "+ Nuevo Usuario"; "Total de usuarios".

/** "+ Nuevo Usuario" in the page header, with its modal. */
export function NewUserButton() {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>+ Nuevo Usuario</Button>
      {open && (
        <UserFormModal
          user={null}
          onClose={() => setOpen(false)}
          onSaved={() => {
            setOpen(false);
            router.refresh();
          }}
        />
      )}
    </>
  );
}

const ROLE_FILTERS = [
  { value: "all", label: "Todos" },
  { value: "admin", label: "Administradores" },
  { value: "client", label: "Clientes" },
];

export function UsersTable({
  result,
  currentUserId,
  opened = null,
}: {
  result: Paged<UserContract>;
  currentUserId: string;
  /** Opened from a link (?id=…). */
  opened?: UserContract | null;
}) {
  const router = useRouter();
  const url = useTableUrl();
  const [editing, setEditing] = useState<UserContract | null>(opened);
  const closeEditor = () => {
    setEditing(null);
    // Leave the link's ?id= behind, so a refresh does not open it again.
    if (url.params.has("id")) url.set({ id: null }, { resetPage: false });
  };
  const [deleting, setDeleting] = useState<UserContract | null>(null);
  const [pending, setPending] = useState(false);

  const columns: DataTableColumn<UserContract>[] = [
    {
      id: "name",
      header: "Nombre",
      sortable: true,
      cell: (user) => (
        <span className="flex min-w-0 items-center gap-3">
          <UserAvatar name={user.name} />
          <span className="min-w-0 font-semibold break-words text-ink-900">
            {user.name}
            {user.id === currentUserId && (
              <span className="ml-2 align-middle text-xs font-medium text-ink-600">(tú)</span>
            )}
          </span>
        </span>
      ),
    },
    {
      id: "email",
      header: "Correo electrónico",
      sortable: true,
      cell: (user) => (
        <a href={`mailto:${user.email}`} className="text-brand-700 hover:underline">
          <EmailText email={user.email} />
        </a>
      ),
    },
    {
      id: "role",
      header: "Rol",
      sortable: true,
      cell: (user) => <Badge tone={user.role === "admin" ? "brand" : "neutral"}>{USER_ROLE_LABELS[user.role]}</Badge>,
    },
    {
      id: "created_at",
      header: "Fecha de registro",
      sortable: true,
      className: "whitespace-nowrap",
      cell: (user) => <time dateTime={user.created_at}>{formatDate(user.created_at)}</time>,
    },
  ];

  async function confirmDelete() {
    if (!deleting) return;
    setPending(true);
    const result = await deleteUserAction(deleting.id);
    setPending(false);
    if (result.ok) {
      notify.success("Usuario eliminado correctamente");
      setDeleting(null);
      router.refresh();
    } else {
      notify.error(`Error al eliminar usuario: ${result.message}`);
      setDeleting(null);
    }
  }

  return (
    <>
      <DataTable
        caption="Usuarios"
        rows={result.data}
        page={result}
        columns={columns}
        getRowId={(user) => user.id}
        rowLabel={(user) => user.name}
        summary={`Total de usuarios: ${totalLabel(result)}`}
        toolbar={
          <>
            <FilterButtons label="Filtrar por rol" param="role" options={ROLE_FILTERS} />
            <SearchBox label="Buscar por nombre o correo" />
          </>
        }
        rowActions={(user) => (
          <>
            <Button variant="ghost" size="sm" onClick={() => setEditing(user)}>
              Editar<span className="sr-only"> a {user.name}</span>
            </Button>
            {user.id !== currentUserId && (
              <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50 hover:text-red-800" onClick={() => setDeleting(user)}>
                Eliminar<span className="sr-only"> a {user.name}</span>
              </Button>
            )}
          </>
        )}
      />

      {editing && (
        <UserFormModal
          user={editing}
          isSelf={editing.id === currentUserId}
          onClose={closeEditor}
          onSaved={() => {
            closeEditor();
            router.refresh();
          }}
        />
      )}

      <ConfirmDialog
        open={deleting !== null}
        title="Eliminar usuario"
        message={
          <>
            ¿Seguro que deseas eliminar a <strong className="break-words">{deleting?.name}</strong> ({deleting?.email})? Se cerrarán sus sesiones y
            esta acción no se puede deshacer.
          </>
        }
        confirmLabel="Eliminar"
        pendingLabel="Eliminando..."
        pending={pending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
