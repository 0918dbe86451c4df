"use client";

import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { FieldMessages, SelectField, TextAreaField, TextField, useFieldIds } from "@/components/ui/form-field";
import { UnsavedChangesGuard } from "@/components/ui/unsaved-changes";
import { submitComplaintAction } from "@/lib/complaints/actions/public";
import {
  COMPLAINT_CURRENCIES,
  COMPLAINT_CURRENCY_LABELS,
  COMPLAINT_LIMITS,
  COMPLAINT_MESSAGES,
  EMPTY_COMPLAINT_FORM,
  HONEYPOT_FIELD,
  type ComplaintField,
  type ComplaintFormValues,
  type ComplaintReceipt,
} from "@/lib/complaints/form";
import { COMPLAINT_GOOD_TYPE_LABELS, COMPLAINT_KIND_DEFINITIONS, COMPLAINT_KIND_LABELS } from "@/lib/complaints/labels";
import { businessDate, formatCalendarDate } from "@/lib/dates";
import { PERSONAL_DOCUMENT_LABELS, PERSONAL_DOCUMENT_TYPES } from "@/lib/legal/personal-document";
import { PrivacyConsentField } from "@/components/site/privacy-consent-field";
import { ComplaintReceiptView } from "./complaint-receipt";

/**
 * zod and the shared schema load when the visitor starts on the form, not with the page (as the
 * contact form does), so the page's first load stays small.
 */
const loadSchema = () => import("@/lib/complaints/schema");

/** A toast, with sonner loaded only when there is one to show (the public pages never load it up front). */
function toast(kind: "success" | "error", message: string) {
  void import("@/components/ui/toast").then(({ notify }) => notify[kind](message));
}

type FieldErrors = Partial<Record<ComplaintField, string>>;

/** The fields in the order the form shows them: the first one with an error takes the focus. */
const FIELD_ORDER: ComplaintField[] = [
  "consumer_name",
  "document_type",
  "document_number",
  "address",
  "phone",
  "email",
  "is_minor",
  "guardian_name",
  "guardian_document_type",
  "guardian_document_number",
  "good_type",
  "amount_claimed",
  "currency",
  "good_description",
  "kind",
  "detail",
  "consumer_request",
  "privacy_accepted",
];

const DOCUMENT_OPTIONS = PERSONAL_DOCUMENT_TYPES.map((type) => ({ value: type, label: PERSONAL_DOCUMENT_LABELS[type] }));
const CURRENCY_OPTIONS = COMPLAINT_CURRENCIES.map((code) => ({ value: code, label: COMPLAINT_CURRENCY_LABELS[code] }));

/**
 * A sheet's submission key: one per sheet, kept across retries, so a sheet sent twice (a double
 * click, a retry after a dropped connection) is filed once. crypto.randomUUID needs a secure
 * context; random bytes do not.
 */
function newSubmissionKey(): string {
  if (typeof crypto.randomUUID === "function" && window.isSecureContext) return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Something was typed: leaving the page would lose it. */
function hasTypedText(values: ComplaintFormValues): boolean {
  return (Object.keys(EMPTY_COMPLAINT_FORM) as ComplaintField[]).some(
    (field) => typeof values[field] === "string" && field !== "submission_key" && values[field] !== EMPTY_COMPLAINT_FORM[field],
  );
}

/** The shared schema's verdict: the first message of each invalid field (none when valid). */
async function validate(values: ComplaintFormValues): Promise<FieldErrors> {
  const { complaintSubmissionSchema } = await loadSchema();
  const result = complaintSubmissionSchema.safeParse(values);
  const errors: FieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "") as ComplaintField;
    if (FIELD_ORDER.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** Today in Lima, "dd/mm/aaaa": the date the sheet is filed. Rendered on the server, brought up to date in the browser. */
const noSubscription = () => () => {};

function TodayLine({ initial }: { initial: string }) {
  // The server's date while hydrating, the browser's right after.
  const today = useSyncExternalStore(noSubscription, () => businessDate(), () => initial);
  return (
    <p className="text-sm text-ink-700">
      <span className="font-semibold text-ink-900">Fecha:</span> <time dateTime={today}>{formatCalendarDate(today)}</time>
    </p>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-8 border-t border-ink-200 pt-6 first:mt-6">
      <h3 id={id} className="text-lg font-bold tracking-tight text-ink-900">
        {title}
      </h3>
      <div className="mt-4 grid gap-5 sm:grid-cols-2">{children}</div>
    </section>
  );
}

type RadioOption = { value: string; label: string; description?: string };

/** A group of radio buttons under its legend, with its error wired like the other fields. */
function RadioGroup({
  name,
  legend,
  options,
  value,
  error,
  onChange,
  className,
}: {
  name: ComplaintField;
  legend: string;
  options: RadioOption[];
  value: string;
  error?: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  const { id, describedBy } = useFieldIds(error);
  return (
    <fieldset aria-describedby={describedBy} aria-invalid={error ? true : undefined} className={className}>
      <legend className="mb-1.5 text-sm font-medium text-ink-800">
        {legend}
        <span aria-hidden="true" className="ml-0.5 text-red-700">
          *
        </span>
      </legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              "flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border px-4 py-3 text-sm transition-colors",
              value === option.value ? "border-brand-600 bg-brand-50" : "border-ink-300 bg-white hover:border-ink-500",
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="mt-0.5 size-4 shrink-0 accent-brand-700"
            />
            <span>
              <span className="block font-semibold text-ink-900">{option.label}</span>
              {option.description && <span className="mt-0.5 block text-ink-700">{option.description}</span>}
            </span>
          </label>
        ))}
      </div>
      <FieldMessages id={id} error={error} />
    </fieldset>
  );
}

/**
 * The Libro de Reclamaciones form. Each field is checked with the shared schema when the visitor
 * leaves it and, from then on, as they type; the whole sheet on submit; then it goes to the
 * server action. The button stays disabled while sending, and the sheet's submission key is kept
 * until it is filed: a double click or a retry after an error never files it twice. Once filed,
 * the form gives way to the sheet's receipt.
 */
export function ComplaintForm({ today }: { today: string }) {
  const [values, setValues] = useState<ComplaintFormValues>(EMPTY_COMPLAINT_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<{ message: string; at: number } | null>(null);
  const [filed, setFiled] = useState<{ receipt: ComplaintReceipt; values: ComplaintFormValues } | null>(null);
  const sendingRef = useRef(false);
  const keyRef = useRef<string | null>(null);
  // Fields the visitor has left once (or all of them after a submit): from then on they are re-checked as they change.
  const [touched, setTouched] = useState<ReadonlySet<ComplaintField>>(() => new Set<ComplaintField>());
  const formRef = useRef<HTMLFormElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (failure) bannerRef.current?.scrollIntoView({ behavior: "smooth", block: "nearest" });
  }, [failure]);

  async function recheck(next: ComplaintFormValues, field: ComplaintField) {
    const found = await validate(next);
    setErrors((current) => (current[field] === found[field] ? current : { ...current, [field]: found[field] }));
  }

  function update<F extends ComplaintField>(field: F, value: ComplaintFormValues[F]) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (touched.has(field)) void recheck(next, field);
    // A change of type re-checks the number typed for it.
    if (field === "document_type" && touched.has("document_number")) void recheck(next, "document_number");
    if (field === "guardian_document_type" && touched.has("guardian_document_number")) void recheck(next, "guardian_document_number");
    if (field === "amount_claimed" && touched.has("currency")) void recheck(next, "currency");
  }

  function onBlur(event: FormEvent<HTMLFormElement>) {
    const { name } = event.target as HTMLInputElement;
    if (!FIELD_ORDER.includes(name as ComplaintField)) return;
    const field = name as ComplaintField;
    if (!touched.has(field)) setTouched(new Set(touched).add(field));
    void recheck(values, field);
  }

  function focusFirstInvalid(found: FieldErrors) {
    const first = FIELD_ORDER.find((field) => found[field]);
    const element = first ? formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`) : null;
    element?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sendingRef.current) return; // a second click while the first is on its way
    sendingRef.current = true;
    setSending(true);
    setFailure(null);
    try {
      setTouched(new Set(FIELD_ORDER));
      const found = await validate(values);
      setErrors(found);
      if (Object.keys(found).length > 0) {
        focusFirstInvalid(found);
        setFailure({ message: COMPLAINT_MESSAGES.invalid, at: Date.now() });
        return;
      }
      keyRef.current ??= newSubmissionKey();
      const sent = { ...values, submission_key: keyRef.current };
      let result: Awaited<ReturnType<typeof submitComplaintAction>>;
      try {
        result = await submitComplaintAction(sent);
      } catch {
        // The sheet may or may not have arrived: the same key on the next try finds it if it did.
        setFailure({ message: COMPLAINT_MESSAGES.network, at: Date.now() });
        toast("error", COMPLAINT_MESSAGES.network);
        return;
      }
      if (result.ok) {
        setFiled({ receipt: result.data, values: sent });
        toast("success", `Hoja de reclamación N.° ${result.data.number} registrada`);
        return;
      }
      const fromServer: FieldErrors = {};
      for (const field of [...FIELD_ORDER, "submission_key" as const]) {
        const message = result.errors?.[field]?.[0];
        if (message) fromServer[field] = message;
      }
      setErrors(fromServer);
      focusFirstInvalid(fromServer);
      setFailure({ message: result.message || COMPLAINT_MESSAGES.failure, at: Date.now() });
      toast("error", result.message || COMPLAINT_MESSAGES.failure);
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  }

  function startOver() {
    keyRef.current = null;
    setTouched(new Set<ComplaintField>());
    setValues(EMPTY_COMPLAINT_FORM);
    setErrors({});
    setFailure(null);
    setFiled(null);
  }

  if (filed) return <ComplaintReceiptView receipt={filed.receipt} values={filed.values} onStartOver={startOver} />;

  const text = (field: ComplaintField) => ({
    name: field,
    value: values[field] as string,
    error: errors[field],
    onChange: (event: { target: { value: string } }) => update(field, event.target.value as never),
  });

  return (
    <>
      <UnsavedChangesGuard dirty={hasTypedText(values)} />
      <form
        ref={formRef}
        onSubmit={onSubmit}
        onBlur={onBlur}
        onFocus={() => void loadSchema()}
        noValidate
        aria-busy={sending}
        aria-labelledby={`${id}-title`}
        className="rounded-3xl border border-ink-200 bg-white p-4 shadow-card sm:p-8 lg:p-10"
      >
        <div className="flex flex-col gap-2 sm:flex-row sm:items-baseline sm:justify-between">
          <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight text-ink-900">
            Hoja de reclamación virtual
          </h2>
          <TodayLine initial={today} />
        </div>
        <p className="mt-2 text-sm text-ink-600">
          Los campos marcados con <span aria-hidden="true" className="font-semibold text-red-700">*</span>
          <span className="sr-only">asterisco</span> son obligatorios. Al enviarla recibirás el número de tu hoja y una copia en PDF por correo.
        </p>

        <div ref={bannerRef} className="scroll-mt-28" role="alert" aria-live="assertive">
          {failure && (
            <p key={failure.at} className="mt-6 rounded-xl border border-red-200 bg-red-50 px-4 py-3.5 text-sm font-medium text-red-800">
              {failure.message}
            </p>
          )}
        </div>

        <Section title="1. Identificación del consumidor reclamante">
          <TextField label="Nombre completo" requiredMark aria-required="true" autoComplete="name" maxLength={COMPLAINT_LIMITS.consumerName} className="sm:col-span-2" {...text("consumer_name")} />
          <SelectField label="Tipo de documento" requiredMark aria-required="true" options={DOCUMENT_OPTIONS} {...text("document_type")} />
          <TextField label="Número de documento" requiredMark aria-required="true" autoComplete="off" maxLength={COMPLAINT_LIMITS.documentNumber} {...text("document_number")} />
          <TextField label="Domicilio" requiredMark aria-required="true" autoComplete="street-address" maxLength={COMPLAINT_LIMITS.address} className="sm:col-span-2" {...text("address")} />
          <TextField label="Teléfono" type="tel" autoComplete="tel" inputMode="tel" placeholder="+51 987 654 321" maxLength={COMPLAINT_LIMITS.phone} {...text("phone")} />
          <TextField
            label="Correo electrónico"
            requiredMark
            aria-required="true"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="tu@correo.pe"
            maxLength={COMPLAINT_LIMITS.email}
            hint="Te enviaremos aquí la copia de tu hoja y la respuesta."
            {...text("email")}
          />
          <div className="sm:col-span-2">
            <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-ink-800">
              <input
                type="checkbox"
                name="is_minor"
                checked={values.is_minor}
                onChange={(event) => update("is_minor", event.target.checked)}
                className="size-5 shrink-0 rounded border-ink-400 accent-brand-700"
              />
              Soy menor de edad
            </label>
          </div>
          {values.is_minor && (
            <fieldset className="grid gap-5 rounded-2xl border border-ink-200 bg-ink-50 p-4 sm:col-span-2 sm:grid-cols-2">
              <legend className="px-1 text-sm font-semibold text-ink-900">Datos del padre, madre o apoderado</legend>
              <TextField label="Nombre completo del padre, madre o apoderado" requiredMark aria-required="true" maxLength={COMPLAINT_LIMITS.consumerName} className="sm:col-span-2" {...text("guardian_name")} />
              <SelectField label="Tipo de documento" requiredMark aria-required="true" options={DOCUMENT_OPTIONS} {...text("guardian_document_type")} />
              <TextField label="Número de documento" requiredMark aria-required="true" autoComplete="off" maxLength={COMPLAINT_LIMITS.documentNumber} {...text("guardian_document_number")} />
            </fieldset>
          )}
        </Section>

        <Section title="2. Identificación del bien contratado">
          <RadioGroup
            name="good_type"
            legend="Tipo de bien"
            className="sm:col-span-2"
            value={values.good_type}
            error={errors.good_type}
            onChange={(value) => update("good_type", value)}
            options={[
              { value: "product", label: COMPLAINT_GOOD_TYPE_LABELS.product },
              { value: "service", label: COMPLAINT_GOOD_TYPE_LABELS.service },
            ]}
          />
          <TextField label="Monto reclamado" inputMode="decimal" placeholder="0.00" autoComplete="off" maxLength={16} hint="Opcional. Usa punto decimal, por ejemplo 1500.50." {...text("amount_claimed")} />
          <SelectField label="Moneda" options={CURRENCY_OPTIONS} {...text("currency")} />
          <TextAreaField
            label="Descripción del producto o servicio"
            requiredMark
            aria-required="true"
            rows={3}
            maxLength={COMPLAINT_LIMITS.goodDescription}
            className="sm:col-span-2"
            {...text("good_description")}
          />
        </Section>

        <Section title="3. Detalle de la reclamación y pedido del consumidor">
          <RadioGroup
            name="kind"
            legend="Tipo"
            className="sm:col-span-2"
            value={values.kind}
            error={errors.kind}
            onChange={(value) => update("kind", value)}
            options={[
              { value: "reclamo", label: COMPLAINT_KIND_LABELS.reclamo, description: COMPLAINT_KIND_DEFINITIONS.reclamo },
              { value: "queja", label: COMPLAINT_KIND_LABELS.queja, description: COMPLAINT_KIND_DEFINITIONS.queja },
            ]}
          />
          <TextAreaField
            label="Detalle"
            placeholder="Describe lo ocurrido: qué, cuándo y dónde."
            requiredMark
            aria-required="true"
            rows={6}
            maxLength={COMPLAINT_LIMITS.detail}
            hint={`${values.detail.length} / ${COMPLAINT_LIMITS.detail} caracteres`}
            className="sm:col-span-2"
            {...text("detail")}
          />
          <TextAreaField
            label="Pedido"
            placeholder="Qué solicitas al proveedor."
            requiredMark
            aria-required="true"
            rows={4}
            maxLength={COMPLAINT_LIMITS.consumerRequest}
            hint={`${values.consumer_request.length} / ${COMPLAINT_LIMITS.consumerRequest} caracteres`}
            className="sm:col-span-2"
            {...text("consumer_request")}
          />
        </Section>

        {/* Honeypot: invisible to people and skipped by keyboard and screen readers; bots fill it in. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>Sitio web (deja este campo vacío)</label>
          <input
            id={`${id}-${HONEYPOT_FIELD}`}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            name={HONEYPOT_FIELD}
            value={values[HONEYPOT_FIELD]}
            onChange={(event) => setValues({ ...values, [HONEYPOT_FIELD]: event.target.value })}
          />
        </div>

        <PrivacyConsentField
          className="mt-8 border-t border-ink-200 pt-6"
          checked={values.privacy_accepted}
          error={errors.privacy_accepted}
          onChange={(event) => update("privacy_accepted", event.target.checked)}
        />

        <div className="mt-8 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs leading-5 text-ink-600 sm:max-w-sm">
            La formulación del reclamo no impide acudir a otras vías de solución de controversias ni es requisito previo para interponer una denuncia ante el INDECOPI.
          </p>
          <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
            {sending ? "Enviando..." : "Enviar hoja de reclamación"}
          </Button>
        </div>
      </form>
    </>
  );
}
