"use client";

import dynamic from "next/dynamic";
import { Controller, type FieldErrors, type UseFormReturn } from "react-hook-form";
import { MediaGalleryField, MediaPickerField } from "@/components/admin/media/media-picker";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { SelectField, TextAreaField, TextField, type SelectOption } from "@/components/ui/form-field";
import {
  CATALOG_BILLING_PERIOD_LABELS,
  CATALOG_BILLING_PERIODS,
  CATALOG_CURRENCIES,
  CATALOG_LIMITS,
  CATALOG_STATUS_LABELS,
  CATALOG_STATUSES,
  type CatalogItemInput,
} from "@/lib/catalog/admin-schema";
import { CATALOG_CATEGORIES } from "@/lib/catalog/categories";
import { CATALOG_LIST_SPLITS, type CatalogListField, type ListSplit } from "@/lib/catalog/lists";
import type { CatalogKind } from "@/lib/generated/prisma/enums";
import { CATALOG_FIELD_LABELS, suggestSlug, type CatalogFormField, type CatalogFormValues } from "./catalog-form-values";

// The ONE field group of the product and service forms: each field is rendered
// here once, with its label, input type and hint; the two forms only decide where each goes
// (four tabs for products, sections for services).

const RichEditor = dynamic(() => import("@/components/editor/rich-editor").then((module) => module.RichEditor), {
  ssr: false,
  loading: () => <p className="rounded-lg border border-ink-300 px-4 py-3 text-sm text-ink-600">Cargando editor...</p>,
});

export type CatalogForm = UseFormReturn<CatalogFormValues, unknown, CatalogItemInput>;

/** The message of a field's error (a list field's error may be on one of its entries). */
export function fieldError(errors: FieldErrors<CatalogFormValues>, name: CatalogFormField): string | undefined {
  const error = errors[name] as unknown;
  if (!error || typeof error !== "object") return undefined;
  const message = (error as { message?: unknown }).message;
  if (typeof message === "string" && message) return message;
  for (const entry of Object.values(error as Record<string, unknown>)) {
    if (entry && typeof entry === "object" && typeof (entry as { message?: unknown }).message === "string") return (entry as { message: string }).message;
  }
  return undefined;
}

const SPLIT_HINTS: Record<ListSplit, string> = {
  "commas-or-newlines": "Separa los elementos con comas o saltos de línea.",
  newlines: "Uno por línea.",
  commas: "Separa los elementos con comas.",
};

function listHint(kind: CatalogKind, field: CatalogListField): string {
  const rule = CATALOG_LIST_SPLITS[kind][field];
  if (field === "faq") return "Una por línea, en la forma pregunta: respuesta.";
  if (field === "specifications") return `${SPLIT_HINTS[rule]} Cada una como nombre: valor.`;
  if (field === "videos") return `${SPLIT_HINTS[rule]} URLs que empiecen por https://.`;
  return SPLIT_HINTS[rule];
}

const STATUS_OPTIONS: SelectOption[] = CATALOG_STATUSES.map((status) => ({ value: status, label: CATALOG_STATUS_LABELS[status] }));
const CURRENCY_OPTIONS: SelectOption[] = CATALOG_CURRENCIES.map((currency) => ({ value: currency, label: currency }));
const PERIOD_OPTIONS: SelectOption[] = CATALOG_BILLING_PERIODS.map((period) => ({ value: period, label: CATALOG_BILLING_PERIOD_LABELS[period] }));

type FieldsProps = {
  kind: CatalogKind;
  form: CatalogForm;
  fields: readonly CatalogFormField[];
  /** The slug follows the name until the admin edits the slug (new items only). */
  slugFollowsName?: { value: boolean; stop: () => void };
  className?: string;
};

/** Renders the named fields, in order, on a responsive grid. */
export function CatalogFormFields({ kind, form, fields, slugFollowsName, className }: FieldsProps) {
  return (
    <div className={className ?? "grid gap-5 sm:grid-cols-2"}>
      {fields.map((name) => (
        <CatalogFormFieldControl key={name} kind={kind} form={form} name={name} slugFollowsName={slugFollowsName} />
      ))}
    </div>
  );
}

function CatalogFormFieldControl({ kind, form, name, slugFollowsName }: { kind: CatalogKind; form: CatalogForm; name: CatalogFormField; slugFollowsName?: FieldsProps["slugFollowsName"] }) {
  const { register, formState, control } = form;
  const error = fieldError(formState.errors, name);
  const label = CATALOG_FIELD_LABELS[name];
  const wide = "sm:col-span-2";

  switch (name) {
    case "name": {
      const field = register("name", {
        onChange: (event) => {
          // A slug error shown before (e.g. "El slug es obligatorio.") is checked again against the suggestion.
          if (slugFollowsName?.value) form.setValue("slug", suggestSlug(String(event.target.value)), { shouldDirty: true, shouldValidate: Boolean(form.getFieldState("slug").error) });
        },
      });
      return <TextField label={label} required maxLength={CATALOG_LIMITS.name} autoComplete="off" error={error} {...field} />;
    }
    case "slug": {
      const field = register("slug", { onChange: () => slugFollowsName?.stop() });
      return (
        <TextField
          label={label}
          required
          maxLength={CATALOG_LIMITS.slug}
          autoComplete="off"
          spellCheck={false}
          hint="Minúsculas sin tildes, números y guiones. Se sugiere a partir del nombre."
          error={error}
          {...field}
        />
      );
    }
    case "description":
      return <TextAreaField className={wide} label={label} required rows={3} maxLength={CATALOG_LIMITS.description} error={error} {...register("description")} />;
    case "long_description":
    case "content_html":
      return (
        <div className={wide}>
          <Controller
            control={control}
            name={name}
            render={({ field }) => (
              <RichEditor
                label={name === "content_html" ? "Contenido (editor HTML)" : label}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                editorRef={field.ref}
                error={error}
              />
            )}
          />
        </div>
      );
    case "features":
    case "videos":
    case "specifications":
    case "benefits":
    case "use_cases":
    case "faq":
      return <TextAreaField className={wide} label={label} rows={name === "faq" ? 5 : 4} hint={listHint(kind, name)} error={error} {...register(name)} />;
    case "price_from":
      return <TextField label={label} type="number" inputMode="decimal" min={0} step={0.01} placeholder="Sin precio" error={error} {...register("price_from")} />;
    case "order_index":
      return <TextField label={label} type="number" inputMode="numeric" min={0} step={1} error={error} {...register("order_index")} />;
    case "currency":
      return <SelectField label={label} options={CURRENCY_OPTIONS} error={error} {...register("currency")} />;
    case "billing_period":
      return <SelectField label={label} options={PERIOD_OPTIONS} error={error} {...register("billing_period")} />;
    case "status":
      return <SelectField label={label} options={STATUS_OPTIONS} error={error} {...register("status")} />;
    case "category":
      return (
        <SelectField
          label={label}
          placeholder="Sin categoría"
          options={CATALOG_CATEGORIES[kind].map((category) => ({ value: category, label: category }))}
          error={error}
          {...register("category")}
        />
      );
    case "is_featured":
      return <CheckboxField className="sm:col-span-2" label={label} error={error} {...register("is_featured")} />;
    case "demo_url":
    case "documentation_url":
      return <TextField label={label} type="url" inputMode="url" placeholder="https://" maxLength={CATALOG_LIMITS.url} error={error} {...register(name)} />;
    case "image":
      return (
        <div className={wide}>
          <Controller
            control={control}
            name="image"
            render={({ field }) => (
              <MediaPickerField
                label={label}
                value={field.value}
                onChange={(id) => field.onChange(id)}
                onBlur={field.onBlur}
                fieldRef={field.ref}
                hint="Se elige en la Biblioteca de medios y necesita un texto alternativo."
                error={error}
              />
            )}
          />
        </div>
      );
    case "gallery_images":
      return (
        <div className={wide}>
          <Controller
            control={control}
            name="gallery_images"
            render={({ field }) => (
              <MediaGalleryField
                label={label}
                value={field.value}
                onChange={(ids) => field.onChange(ids)}
                onBlur={field.onBlur}
                fieldRef={field.ref}
                hint="Imágenes de la Biblioteca de medios, en el orden en que se muestran."
                error={error}
              />
            )}
          />
        </div>
      );
    case "contact_email":
      return <TextField label={label} type="email" autoComplete="off" maxLength={CATALOG_LIMITS.email} error={error} {...register("contact_email")} />;
    case "contact_phone":
      return <TextField label={label} type="tel" autoComplete="off" maxLength={CATALOG_LIMITS.phone} placeholder="+51 987 654 321" error={error} {...register("contact_phone")} />;
    case "meta_title":
      return <TextField className={wide} label={label} maxLength={CATALOG_LIMITS.metaTitle} error={error} {...register("meta_title")} />;
    case "meta_description":
      return <TextAreaField className={wide} label={label} rows={3} maxLength={CATALOG_LIMITS.metaDescription} error={error} {...register("meta_description")} />;
    case "meta_keywords":
      return <TextField className={wide} label={label} maxLength={CATALOG_LIMITS.metaKeywords} hint="Separadas por comas." error={error} {...register("meta_keywords")} />;
  }
}
