"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from "react";
import type { FieldErrors } from "react-hook-form";
import { Button, ButtonLink } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { notify } from "@/components/ui/toast";
import { useActionSubmit } from "@/components/ui/use-action-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { UnsavedChangesGuard } from "@/components/ui/unsaved-changes";
import { createCatalogItemAction, updateCatalogItemAction } from "@/lib/catalog/actions";
import { CATALOG_MESSAGES, type CatalogItemInput } from "@/lib/catalog/admin-schema";
import type { CatalogItemContract } from "@/lib/catalog/serialize";
import type { CatalogKind } from "@/lib/generated/prisma/enums";
import { CatalogHistory } from "./catalog-history";
import { CatalogFormFields, fieldError, type CatalogForm } from "./catalog-form-fields";
import { catalogFormSchema, catalogItemToFormValues, emptyCatalogFormValues, type CatalogFormField, type CatalogFormValues } from "./catalog-form-values";

// The product form (four tabs) and the service form (one page with sections) of the back office, on
// the one field group (catalog-form-fields.tsx) and the one schema. Create when no item is given.

const LIST_PATH: Record<CatalogKind, string> = { product: "/admin/products", service: "/admin/services" };

const PRODUCT_TABS: { id: string; title: string; fields: readonly CatalogFormField[] }[] = [
  {
    id: "basic",
    title: "Información Básica",
    fields: ["name", "slug", "description", "long_description", "features", "price_from", "currency", "billing_period", "category", "status", "demo_url", "documentation_url", "order_index", "is_featured"],
  },
  { id: "content", title: "Contenido", fields: ["content_html", "benefits", "use_cases", "specifications", "faq"] },
  { id: "media", title: "Multimedia", fields: ["image", "gallery_images", "videos"] },
  { id: "seo", title: "SEO y Contacto", fields: ["meta_title", "meta_description", "meta_keywords", "contact_email", "contact_phone"] },
];

const SERVICE_SECTIONS: { id: string; title: string; fields: readonly CatalogFormField[] }[] = [
  { id: "basic", title: "Información básica", fields: ["name", "slug", "description", "long_description", "features"] },
  { id: "content", title: "Contenido HTML", fields: ["content_html"] },
  { id: "media", title: "Multimedia", fields: ["image", "gallery_images", "videos"] },
  { id: "details", title: "Información detallada", fields: ["specifications", "benefits", "use_cases", "faq"] },
  { id: "links", title: "Enlaces y contacto", fields: ["demo_url", "documentation_url", "contact_email", "contact_phone"] },
  { id: "seo", title: "SEO", fields: ["meta_title", "meta_description", "meta_keywords"] },
  { id: "settings", title: "Configuración", fields: ["category", "status", "order_index", "price_from", "currency", "billing_period", "is_featured"] },
];

const TEXTS = {
  product: { update: "Actualizar Producto", created: "Producto creado correctamente", drafted: "Producto guardado como borrador: no se muestra en el sitio", updated: "Producto actualizado correctamente" },
  service: { update: "Actualizar", created: "Servicio creado correctamente", drafted: "Servicio guardado como borrador: no se muestra en el sitio", updated: "Servicio actualizado correctamente" },
} as const;

// A new item is saved as a draft or published by the button pressed, never by a select that
// starts at "Activo"; an existing item keeps its "Estado" select (Activo, Inactivo, Borrador).
type SaveIntent = "draft" | "active";

function firstErrorField(errors: FieldErrors<CatalogFormValues>, order: readonly CatalogFormField[]): CatalogFormField | undefined {
  return order.find((name) => fieldError(errors, name));
}

export type CatalogItemFormProps = { kind: CatalogKind; item?: CatalogItemContract };

export function CatalogItemForm({ kind, item }: CatalogItemFormProps) {
  const router = useRouter();
  const editing = item !== undefined;
  const form: CatalogForm = useZodForm(catalogFormSchema(kind), {
    // Enter in a field submits with the first button, "Guardar borrador": a draft either way.
    defaultValues: item ? catalogItemToFormValues(kind, item) : { ...emptyCatalogFormValues(), status: "draft" },
  }) as unknown as CatalogForm;
  const [intent, setIntent] = useState<SaveIntent>("draft");
  // Saved: the edits are no longer at risk while the list loads.
  const [saved, setSaved] = useState(false);
  const [slugFollows, setSlugFollows] = useState(!editing);
  const [banner, setBanner] = useState<string | null>(null);
  const [historyKey, setHistoryKey] = useState(0);
  const [tab, setTab] = useState(PRODUCT_TABS[0].id);
  const pendingFocus = useRef<CatalogFormField | null>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const texts = TEXTS[kind];
  const submitting = form.formState.isSubmitting;

  // The "Estado" select only when editing; a new item's status is the button pressed.
  const shownFields = (fields: readonly CatalogFormField[]) => (editing ? fields : fields.filter((name) => name !== "status"));
  const fieldOrder = shownFields(kind === "product" ? PRODUCT_TABS.flatMap((t) => t.fields) : SERVICE_SECTIONS.flatMap((s) => s.fields));

  // A field with an error on another tab: show that tab, then focus the field.
  useEffect(() => {
    const name = pendingFocus.current;
    if (!name) return;
    pendingFocus.current = null;
    const frame = requestAnimationFrame(() => {
      try {
        form.setFocus(name);
      } catch {
        // The rich editor registers no focusable ref; its tab is shown all the same.
      }
    });
    return () => cancelAnimationFrame(frame);
  });

  function revealErrors(errors: FieldErrors<CatalogFormValues>) {
    revealField(firstErrorField(errors, fieldOrder));
  }

  function revealField(first: CatalogFormField | undefined) {
    if (!first) return;
    if (kind === "product") {
      const owner = PRODUCT_TABS.find((t) => t.fields.includes(first));
      if (owner) setTab(owner.id);
    }
    pendingFocus.current = first;
  }

  function showError(message: string) {
    if (kind === "product") {
      notify.error(message);
    } else {
      setBanner(message);
      requestAnimationFrame(() => bannerRef.current?.focus());
    }
  }

  const onValid = useActionSubmit(
    form,
    (values: CatalogItemInput) => {
      setBanner(null);
      return editing ? updateCatalogItemAction(kind, item.id, values) : createCatalogItemAction(kind, values);
    },
    {
      success: (_saved, values) => (editing ? texts.updated : values.status === "active" ? texts.created : texts.drafted),
      onSuccess: () => {
        setSaved(true);
        router.push(LIST_PATH[kind]);
        router.refresh();
      },
      // showError says it instead: a toast on the product form, a banner on the service form.
      failureToast: () => null,
      onFailure: (refusal) => {
        revealField(fieldOrder.find((name) => refusal.errors?.[name]?.length));
        showError(refusal.message);
      },
    },
  );

  function onInvalid(errors: FieldErrors<CatalogFormValues>) {
    revealErrors(errors);
    showError(CATALOG_MESSAGES.invalid);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    return form.handleSubmit(onValid, onInvalid)(event);
  }

  function onRestored(restored: CatalogItemContract) {
    form.reset(catalogItemToFormValues(kind, restored));
    setHistoryKey((key) => key + 1);
    router.refresh();
  }

  const footer = (
    <div className="flex flex-col-reverse gap-3 border-t border-ink-200 pt-6 sm:flex-row sm:justify-end">
      <ButtonLink href={LIST_PATH[kind]} variant="outline">
        Cancelar
      </ButtonLink>
      {editing ? (
        <Button type="submit" disabled={submitting} aria-disabled={submitting}>
          {submitting ? "Guardando..." : texts.update}
        </Button>
      ) : (
        <>
          <Button type="submit" variant="outline" disabled={submitting} aria-disabled={submitting} onClick={() => choose("draft")}>
            {submitting && intent === "draft" ? "Guardando..." : "Guardar borrador"}
          </Button>
          <Button type="submit" disabled={submitting} aria-disabled={submitting} onClick={() => choose("active")}>
            {submitting && intent === "active" ? "Publicando..." : "Publicar"}
          </Button>
        </>
      )}
    </div>
  );

  function choose(next: SaveIntent) {
    setIntent(next);
    form.setValue("status", next);
  }

  const slugFollowsName = { value: slugFollows, stop: () => setSlugFollows(false) };

  return (
    <div className="space-y-10">
      <UnsavedChangesGuard dirty={form.formState.isDirty && !saved} />
      {editing && (
        <div className="flex flex-wrap gap-2">
          <ButtonLink href={`/admin/preview/${kind}/${item.id}`} variant="outline" size="sm" prefetch={false} target="_blank" rel="noopener">
            Vista previa
            <span className="sr-only"> (se abre en una pestaña nueva)</span>
          </ButtonLink>
        </div>
      )}
      <form noValidate onSubmit={onSubmit} className="space-y-8" aria-label={editing ? `Editar ${item.name}` : kind === "product" ? "Nuevo Producto" : "Nuevo Servicio"}>
        {kind === "service" && banner && (
          <div ref={bannerRef} tabIndex={-1} role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
            {banner}
          </div>
        )}
        {kind === "product" ? (
          <ProductTabs tab={tab} onTab={setTab} errors={form.formState.errors}>
            {(tabId) => (
              <CatalogFormFields kind={kind} form={form} fields={shownFields(PRODUCT_TABS.find((t) => t.id === tabId)!.fields)} slugFollowsName={slugFollowsName} />
            )}
          </ProductTabs>
        ) : (
          SERVICE_SECTIONS.map((section) => (
            <section key={section.id} aria-labelledby={`service-section-${section.id}`} className="rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-6">
              <h2 id={`service-section-${section.id}`} className="mb-5 text-lg font-semibold text-ink-900">
                {section.title}
              </h2>
              <CatalogFormFields kind={kind} form={form} fields={shownFields(section.fields)} slugFollowsName={slugFollowsName} />
            </section>
          ))
        )}
        {footer}
      </form>
      {editing && (
        <section aria-labelledby="catalog-history-title" className="rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-6">
          <CatalogHistory key={historyKey} kind={kind} id={item.id} titleId="catalog-history-title" onRestored={onRestored} />
        </section>
      )}
    </div>
  );
}

/** WAI-ARIA tabs (arrow keys, Home/End); every panel stays mounted so no value is lost. */
function ProductTabs({ tab, onTab, errors, children }: { tab: string; onTab: (id: string) => void; errors: FieldErrors<CatalogFormValues>; children: (tabId: string) => ReactNode }) {
  const id = useId();
  const listRef = useRef<HTMLDivElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = PRODUCT_TABS.findIndex((t) => t.id === tab);
    let next = index;
    if (event.key === "ArrowRight") next = (index + 1) % PRODUCT_TABS.length;
    else if (event.key === "ArrowLeft") next = (index - 1 + PRODUCT_TABS.length) % PRODUCT_TABS.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = PRODUCT_TABS.length - 1;
    else return;
    event.preventDefault();
    onTab(PRODUCT_TABS[next].id);
    listRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  }

  return (
    <div>
      <div ref={listRef} role="tablist" aria-label="Secciones del producto" onKeyDown={onKeyDown} className="-mx-4 flex gap-1 overflow-x-auto border-b border-ink-200 px-4 sm:mx-0 sm:px-0">
        {PRODUCT_TABS.map((t) => {
          const selected = t.id === tab;
          const hasError = t.fields.some((name) => fieldError(errors, name));
          return (
            <button
              key={t.id}
              type="button"
              role="tab"
              id={`${id}-tab-${t.id}`}
              aria-selected={selected}
              aria-controls={`${id}-panel-${t.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onTab(t.id)}
              className={cn(
                "-mb-px inline-flex min-h-11 shrink-0 items-center gap-1.5 border-b-2 px-3 text-sm font-semibold whitespace-nowrap",
                selected ? "border-brand-700 text-brand-800" : "border-transparent text-ink-600 hover:text-ink-900",
              )}
            >
              {t.title}
              {hasError && (
                <>
                  <span aria-hidden="true" className="inline-flex size-5 items-center justify-center rounded-full bg-red-700 text-xs text-white">
                    !
                  </span>
                  <span className="sr-only">(con errores)</span>
                </>
              )}
            </button>
          );
        })}
      </div>
      {PRODUCT_TABS.map((t) => (
        <div
          key={t.id}
          role="tabpanel"
          id={`${id}-panel-${t.id}`}
          aria-labelledby={`${id}-tab-${t.id}`}
          hidden={t.id !== tab}
          tabIndex={0}
          className="pt-6 focus-visible:outline-none"
        >
          {children(t.id)}
        </div>
      ))}
    </div>
  );
}
