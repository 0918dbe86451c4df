"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { bulkCatalogItemsAction, deleteCatalogItemAction } from "@/lib/catalog/actions";
import { Button, ButtonLink, buttonClasses } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTable, FilterButtons, SearchBox, useTableUrl, type DataTableColumn } from "@/components/ui/data-table";
import { countLabel, plural, totalLabel } from "@/components/ui/plural";
import { notify } from "@/components/ui/toast";
import type { Paged } from "@/lib/list/paging";
import { CATALOG_STATUS_LABELS, CATALOG_STATUSES, type CatalogStatusValue } from "@/lib/catalog/labels";
import { CATALOG_CATEGORIES } from "@/lib/catalog/categories";
import type { CatalogListRow } from "@/lib/catalog/serialize";
import { formatMoney } from "@/lib/format";
import type { CatalogKind } from "@/lib/generated/prisma/enums";
import { CatalogStatusBadge } from "./catalog-status-badge";
import { CATALOG_SCREEN_TEXTS } from "./catalog-texts";
import { NameWithFeatures } from "./feature-tooltip";

// "Gestión de Productos" and "Gestión de Servicios": ONE screen for both kinds, only
// the words differ (catalog-texts.ts). The server-paged table (page, per page, sort, status,
// category and search in the URL), row actions view / edit / delete (asking first),
// the bulk bar (status change, delete) and "Exportar CSV" of the current filters.

const STATUS_FILTERS = [
  { value: "all", label: "Todos" },
  ...CATALOG_STATUSES.map((status) => ({ value: status, label: CATALOG_STATUS_LABELS[status] })),
];

type PendingDelete = { ids: number[]; clearSelection?: () => void };

function CategoryFilter({ kind }: { kind: CatalogKind }) {
  const url = useTableUrl();
  const id = useId();
  const current = url.params.get("category") ?? "";
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium whitespace-nowrap text-ink-700">
        Categoría
      </label>
      <select
        id={id}
        value={current}
        onChange={(event) => url.set({ category: event.target.value || null })}
        className="h-11 w-full rounded-lg border border-ink-300 bg-white px-3 text-base text-ink-900 sm:h-9 sm:w-auto sm:text-sm"
      >
        <option value="">Todas las categorías</option>
        {CATALOG_CATEGORIES[kind].map((category) => (
          <option key={category} value={category}>
            {category}
          </option>
        ))}
      </select>
    </div>
  );
}

export function CatalogListScreen({ kind, result, exportHref }: { kind: CatalogKind; result: Paged<CatalogListRow>; exportHref: string }) {
  const texts = CATALOG_SCREEN_TEXTS[kind];
  const router = useRouter();
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [bulkBusy, setBulkBusy] = useState(false);

  async function confirmDelete() {
    if (!pendingDelete) return;
    setDeleting(true);
    const { ids } = pendingDelete;
    const outcome =
      ids.length === 1 ? await deleteCatalogItemAction(kind, ids[0]) : await bulkCatalogItemsAction(kind, { ids, action: "delete" });
    setDeleting(false);
    setPendingDelete(null);
    if (!outcome.ok) {
      notify.error(`${texts.deleteFailed}: ${outcome.message}`);
      return;
    }
    pendingDelete.clearSelection?.();
    const removed = "affected" in outcome.data ? outcome.data.affected : 1;
    notify.success(ids.length === 1 ? texts.deleted : `${countLabel(removed, texts.singular, texts.plural)} ${plural(removed, "eliminado", "eliminados")}`);
    router.refresh();
  }

  async function bulkStatus(ids: string[], status: CatalogStatusValue, clear: () => void) {
    setBulkBusy(true);
    const outcome = await bulkCatalogItemsAction(kind, { ids: ids.map(Number), action: status });
    setBulkBusy(false);
    if (!outcome.ok) {
      notify.error(`No se pudo cambiar el estado: ${outcome.message}`);
      return;
    }
    const n = outcome.data.affected;
    notify.success(
      n === 0
        ? `Ningún ${texts.singular} cambió de estado`
        : `${n} ${n === 1 ? texts.singular : texts.plural} ${n === 1 ? "pasó" : "pasaron"} a ${CATALOG_STATUS_LABELS[status]}`,
    );
    clear();
    router.refresh();
  }

  const columns: DataTableColumn<CatalogListRow>[] = [
    {
      id: "name",
      header: "Nombre",
      sortable: true,
      cell: (row) => <NameWithFeatures name={row.name} href={`${texts.basePath}/view/${row.id}`} features={row.features} />,
    },
    { id: "slug", header: "Slug", sortable: true, cell: (row) => <code className="text-xs break-words text-ink-700">{row.slug}</code> },
    {
      id: "price_from",
      header: "Precio",
      sortable: true,
      cell: (row) => <span className="whitespace-nowrap">{row.price_from === null ? "-" : formatMoney(row.price_from, row.currency)}</span>,
    },
    { id: "category", header: "Categoría", sortable: true, cell: (row) => row.category ?? "-" },
    { id: "status", header: "Estado", sortable: true, cell: (row) => <CatalogStatusBadge status={row.status} /> },
    { id: "is_featured", header: "Destacado", sortable: true, cell: (row) => (row.is_featured ? "Sí" : "No") },
  ];

  return (
    <>
      <DataTable
        caption={texts.caption}
        rows={result.data}
        page={result}
        columns={columns}
        getRowId={(row) => String(row.id)}
        rowLabel={(row) => row.name}
        selectable
        emptyText={texts.empty}
        loadingText={texts.loading}
        summary={`Total de ${texts.plural}: ${totalLabel(result)}`}
        toolbar={
          <>
            <FilterButtons label="Filtrar por estado" param="status" options={STATUS_FILTERS} />
            <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
              <CategoryFilter kind={kind} />
              <SearchBox label={texts.searchLabel} placeholder="Buscar por nombre, slug o descripción…" />
              <a href={exportHref} download className={buttonClasses("outline", "md", "shrink-0")}>
                Exportar CSV
              </a>
            </div>
          </>
        }
        rowActions={(row) => (
          <>
            <ButtonLink href={`${texts.basePath}/view/${row.id}`} variant="ghost" size="sm" aria-label={`Ver ${row.name}`}>
              Ver
            </ButtonLink>
            <ButtonLink href={`${texts.basePath}/edit/${row.id}`} variant="ghost" size="sm" aria-label={`Editar ${row.name}`}>
              Editar
            </ButtonLink>
            <Button
              variant="ghost"
              size="sm"
              className="text-red-800"
              onClick={() => setPendingDelete({ ids: [row.id] })}
              aria-label={`Eliminar ${row.name}`}
            >
              Eliminar
            </Button>
          </>
        )}
        bulkActions={(ids, clear) => (
          <>
            <span className="self-center text-sm text-brand-900">Cambiar estado:</span>
            {CATALOG_STATUSES.map((status) => (
              <Button key={status} size="sm" variant="outline" disabled={bulkBusy} onClick={() => void bulkStatus(ids, status, clear)}>
                {CATALOG_STATUS_LABELS[status]}
              </Button>
            ))}
            <Button
              size="sm"
              variant="outline"
              className="text-red-800"
              disabled={bulkBusy}
              onClick={() => setPendingDelete({ ids: ids.map(Number), clearSelection: clear })}
            >
              Eliminar
            </Button>
          </>
        )}
      />

      <ConfirmDialog
        open={pendingDelete !== null}
        title={texts.deleteTitle}
        message={
          pendingDelete && pendingDelete.ids.length > 1
            ? `¿Seguro que deseas eliminar ${countLabel(pendingDelete.ids.length, texts.singular, texts.plural)}?`
            : texts.deleteQuestion
        }
        pending={deleting}
        pendingLabel="Eliminando..."
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPendingDelete(null)}
      />
    </>
  );
}
