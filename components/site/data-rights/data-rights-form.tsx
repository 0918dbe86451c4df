"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { SelectField, TextAreaField, TextField } from "@/components/ui/form-field";
import { PrivacyConsentField } from "@/components/site/privacy-consent-field";
import { formatCalendarDate } from "@/lib/dates";
import { PERSONAL_DOCUMENT_LABELS, PERSONAL_DOCUMENT_TYPES } from "@/lib/legal/personal-document";
import { submitDataRequestAction } from "@/lib/privacy/actions/data-requests";
import {
  DATA_REQUEST_KIND_LABELS,
  DATA_REQUEST_KINDS,
  DATA_REQUEST_LIMITS,
  DATA_REQUEST_MESSAGES,
  KINDS_WITH_REQUIRED_DETAIL,
  type DataRequestKindCode,
} from "@/lib/privacy/data-request-labels";
import { DATA_REQUEST_TERM_DAYS } from "@/lib/privacy/data-request-terms";

// The public "Derechos ARCO" form. Plain fields (no form library); zod and the shared schema load
// when the visitor starts on the form, not with the page. Checked in the browser with the same
// schema the server action and POST /api/v1/data-requests use, then sent to the server action;
// on success it shows the request number and the last day of our term.

const loadSchema = () => import("@/lib/privacy/data-request-schema");

const FIELDS = ["kind", "name", "email", "document_type", "document_number", "detail", "privacy_accepted"] as const;
type Field = (typeof FIELDS)[number];
type FieldErrors = Partial<Record<Field, string>>;

const HONEYPOT = "website";
const isField = (name: string): name is Field => (FIELDS as readonly string[]).includes(name);

/** What the form holds, as the schema takes it. */
function formValues(form: HTMLFormElement) {
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    kind: text("kind"),
    name: text("name"),
    email: text("email"),
    document_type: text("document_type"),
    document_number: text("document_number"),
    detail: text("detail"),
    privacy_accepted: data.has("privacy_accepted"),
    [HONEYPOT]: text(HONEYPOT),
  };
}

async function validate(form: HTMLFormElement): Promise<{ values: ReturnType<typeof formValues>; errors: FieldErrors }> {
  const { dataRequestSchema } = await loadSchema();
  const values = formValues(form);
  const result = dataRequestSchema.safeParse(values);
  const errors: FieldErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? "");
      if (isField(field) && !errors[field]) errors[field] = issue.message;
    }
  }
  return { values, errors };
}

type Receipt = { id: number; due_date: string; kind: DataRequestKindCode; email: string };

export function DataRightsForm({ initialKind }: { initialKind?: DataRequestKindCode }) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [kind, setKind] = useState<string>(initialKind ?? "");
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<{ message: string; at: number } | null>(null);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const touched = useRef(new Set<Field>());
  const formRef = useRef<HTMLFormElement>(null);
  const successRef = useRef<HTMLHeadingElement>(null);
  const id = useId();

  useEffect(() => {
    if (receipt) successRef.current?.focus();
  }, [receipt]);

  function focusFirst(found: FieldErrors) {
    const first = FIELDS.find((field) => found[field]);
    const element = first ? formRef.current?.elements.namedItem(first) : null;
    if (element instanceof HTMLElement) element.focus();
  }

  async function check(field: Field) {
    const form = formRef.current;
    if (!form) return;
    const { errors: found } = await validate(form);
    setErrors((current) => (current[field] === found[field] ? current : { ...current, [field]: found[field] }));
  }

  function onBlur(event: FormEvent<HTMLFormElement>) {
    const { name } = event.target as HTMLInputElement;
    if (!isField(name)) return;
    touched.current.add(name);
    void check(name);
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    const { name, value } = event.target as HTMLInputElement;
    if (name === "kind") {
      setKind(value);
      if (touched.current.has("detail")) void check("detail");
    }
    if (isField(name) && touched.current.has(name)) void check(name);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    for (const field of FIELDS) touched.current.add(field);
    const { values, errors: found } = await validate(form);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    setSending(true);
    try {
      const outcome = await submitDataRequestAction(values);
      if (outcome.ok) {
        setReceipt({ id: outcome.data.id, due_date: outcome.data.due_date, kind: values.kind as DataRequestKindCode, email: values.email.trim() });
        form.reset();
        touched.current.clear();
        setErrors({});
        return;
      }
      const fromServer: FieldErrors = {};
      for (const field of FIELDS) {
        const message = outcome.errors?.[field]?.[0];
        if (message) fromServer[field] = message;
      }
      setErrors(fromServer);
      focusFirst(fromServer);
      setFailure({ message: outcome.message || DATA_REQUEST_MESSAGES.invalid, at: Date.now() });
    } catch {
      setFailure({ message: "Error de conexión. Verifica tu conexión a internet e inténtalo de nuevo.", at: Date.now() });
    } finally {
      setSending(false);
    }
  }

  if (receipt) {
    return (
      <div className="rounded-3xl border border-emerald-200 bg-emerald-50 p-6 sm:p-8" data-testid="data-request-success">
        <h2 ref={successRef} tabIndex={-1} className="text-2xl font-bold tracking-tight text-emerald-950 focus:outline-none">
          Recibimos tu solicitud n.º {receipt.id}
        </h2>
        <p className="mt-3 text-base text-emerald-950">
          Derecho de {DATA_REQUEST_KIND_LABELS[receipt.kind].toLowerCase()}. Te responderemos a más tardar el{" "}
          <strong data-testid="data-request-due-date">{formatCalendarDate(receipt.due_date)}</strong> ({DATA_REQUEST_TERM_DAYS[receipt.kind]} días
          hábiles).
        </p>
        <p className="mt-2 text-sm text-emerald-900">
          Te enviamos un acuse a <span className="font-medium break-all">{receipt.email}</span>. Guarda el número de solicitud por si necesitas
          consultarnos.
        </p>
        <Button variant="outline" className="mt-6" onClick={() => setReceipt(null)}>
          Enviar otra solicitud
        </Button>
      </div>
    );
  }

  const detailRequired = (KINDS_WITH_REQUIRED_DETAIL as readonly string[]).includes(kind);

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      onBlur={onBlur}
      onChange={onChange}
      onFocus={() => void loadSchema()}
      aria-busy={sending}
      aria-labelledby={`${id}-title`}
      className="rounded-3xl border border-ink-200 bg-white p-4 shadow-card sm:p-8"
    >
      <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight text-ink-900">
        Presenta tu solicitud
      </h2>
      <p className="mt-2 text-sm text-ink-600">
        Los campos marcados con <span aria-hidden="true" className="font-semibold text-red-700">*</span>
        <span className="sr-only">asterisco</span> son obligatorios. Es gratuito.
      </p>

      <div role="alert" aria-live="assertive">
        {failure && (
          <p key={failure.at} className="mt-6 rounded-xl border border-red-200 bg-red-50 px-4 py-3.5 text-sm font-medium text-red-800">
            {failure.message}
          </p>
        )}
      </div>

      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        <SelectField
          label="Derecho que quieres ejercer"
          name="kind"
          requiredMark
          aria-required="true"
          ownArrow
          defaultValue={initialKind ?? ""}
          placeholder="Selecciona un derecho"
          options={DATA_REQUEST_KINDS.map((value) => ({ value, label: DATA_REQUEST_KIND_LABELS[value] }))}
          error={errors.kind}
          className="sm:col-span-2"
        />
        <TextField label="Nombre completo" name="name" requiredMark aria-required="true" autoComplete="name" maxLength={DATA_REQUEST_LIMITS.name} error={errors.name} />
        <TextField
          label="Correo electrónico"
          name="email"
          type="email"
          inputMode="email"
          requiredMark
          aria-required="true"
          autoComplete="email"
          maxLength={DATA_REQUEST_LIMITS.email}
          hint="Te responderemos a este correo."
          error={errors.email}
        />
        <SelectField
          label="Tipo de documento"
          name="document_type"
          requiredMark
          aria-required="true"
          ownArrow
          defaultValue=""
          placeholder="Selecciona"
          options={PERSONAL_DOCUMENT_TYPES.map((value) => ({ value, label: PERSONAL_DOCUMENT_LABELS[value] }))}
          error={errors.document_type}
        />
        <TextField
          label="Número de documento"
          name="document_number"
          requiredMark
          aria-required="true"
          autoComplete="off"
          maxLength={DATA_REQUEST_LIMITS.documentNumber + 10}
          hint="Para verificar que eres el titular de los datos."
          error={errors.document_number}
        />
        <TextAreaField
          label={detailRequired ? "Detalle de tu solicitud" : "Detalle de tu solicitud (opcional)"}
          name="detail"
          requiredMark={detailRequired}
          aria-required={detailRequired ? "true" : undefined}
          rows={5}
          maxLength={DATA_REQUEST_LIMITS.detail}
          hint={
            kind === "rectification"
              ? "Indica qué datos están mal y cuál es el dato correcto."
              : kind === "opposition"
                ? "Indica a qué uso de tus datos te opones y por qué."
                : `Hasta ${DATA_REQUEST_LIMITS.detail} caracteres.`
          }
          error={errors.detail}
          className="sm:col-span-2"
        />
      </div>

      {/* Honeypot: invisible to people and skipped by keyboard and screen readers; bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-${HONEYPOT}`}>Sitio web (deja este campo vacío)</label>
        <input id={`${id}-${HONEYPOT}`} type="text" tabIndex={-1} autoComplete="off" name={HONEYPOT} defaultValue="" />
      </div>

      <PrivacyConsentField className="mt-6" error={errors.privacy_accepted} />

      <div className="mt-8">
        <Button type="submit" size="lg" disabled={sending} className={cn("w-full sm:w-auto")}>
          {sending ? "Enviando..." : "Enviar solicitud"}
        </Button>
      </div>
    </form>
  );
}
