"use client";

import { useActionState, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { SelectField, TextAreaField, TextField } from "@/components/ui/form-field";
import { sendContactMessage } from "@/lib/contact/actions";
import { CONTACT_LIMITS, CONTACT_MESSAGES, contactFormFields, EMPTY_CONTACT_FORM, HONEYPOT_FIELD, type ContactFormState } from "@/lib/contact/form";
import type { ContactRequest } from "@/lib/contact/schema";
import { PrivacyConsentField } from "@/components/site/privacy-consent-field";

export type ContactSectorOption = { id: number; name: string };

/**
 * zod and the shared schema (~100 kB) load when the visitor starts on the form, not with the
 * page; no form library either (the fields are the shared plain ones), so the page's first load
 * stays small.
 */
const loadSchema = () => import("@/lib/contact/schema");

type ApiAnswer = { success?: boolean; message?: string; errors?: Record<string, string[]> } | null;

const VISIBLE_FIELDS = ["name", "email", "phone", "company", "subject", "message", "sector_id", "privacy_accepted"] as const;
type VisibleField = (typeof VISIBLE_FIELDS)[number];
type FieldErrors = Partial<Record<VisibleField, string>>;

const isVisibleField = (name: string): name is VisibleField => (VISIBLE_FIELDS as readonly string[]).includes(name);

/** The shared schema's verdict: the parsed request, or the first message of each invalid field. */
async function validate(form: HTMLFormElement): Promise<{ request: ContactRequest | null; errors: FieldErrors }> {
  const { contactRequestSchema } = await loadSchema();
  const result = contactRequestSchema.safeParse(contactFormFields(new FormData(form)));
  if (result.success) return { request: result.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "");
    if (isVisibleField(field) && !errors[field]) errors[field] = issue.message;
  }
  return { request: null, errors };
}

/** One submission's outcome; the timestamp makes a repeated identical banner re-announce. */
function outcome(status: "success" | "error", message: string): ContactFormState {
  return { status, message, submittedAt: Date.now() };
}

/**
 * The public contact form. With JavaScript: each field is checked with the shared schema when
 * the visitor leaves it and, from then on, as they type; the whole form on submit; then sent as
 * JSON to POST /api/v1/contact, banners without a page load. Without JavaScript: the <form> posts
 * to the server action (same service), and the page comes back with the banner and, on error,
 * with what was typed.
 */
export function ContactForm({ sectors }: { sectors: ContactSectorOption[] }) {
  const [actionState, formAction, actionPending] = useActionState(sendContactMessage, { status: "idle" });
  const [clientState, setClientState] = useState<ContactFormState | null>(null);
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const touched = useRef(new Set<VisibleField>());
  const formRef = useRef<HTMLFormElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const id = useId();

  const state = clientState ?? actionState;
  const initialValues = actionState.status === "error" ? { ...EMPTY_CONTACT_FORM, ...actionState.values } : EMPTY_CONTACT_FORM;
  const serverErrors = clientState === null && actionState.status === "error" ? actionState.errors ?? {} : {};
  const [messageLength, setMessageLength] = useState(initialValues.message.length);
  const busy = sending || actionPending;

  // Bring the outcome into view: the banner sits at the top of a long form.
  useEffect(() => {
    if (state.status !== "idle") bannerRef.current?.scrollIntoView({ behavior: "smooth", block: "nearest" });
  }, [state]);

  function focusFirstInvalid(fieldErrors: FieldErrors) {
    const first = VISIBLE_FIELDS.find((field) => fieldErrors[field]);
    const element = first ? formRef.current?.elements.namedItem(first) : null;
    if (element instanceof HTMLElement) element.focus();
  }

  /** Re-checks one field (the others keep what they show). */
  async function checkField(field: VisibleField) {
    const form = formRef.current;
    if (!form) return;
    const { errors: found } = await validate(form);
    setErrors((current) => (current[field] === found[field] ? current : { ...current, [field]: found[field] }));
  }

  function onBlur(event: FormEvent<HTMLFormElement>) {
    const { name } = event.target as HTMLInputElement;
    if (!isVisibleField(name)) return;
    touched.current.add(name);
    void checkField(name);
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    const { name, value } = event.target as HTMLInputElement;
    if (name === "message") setMessageLength(value.length);
    if (isVisibleField(name) && touched.current.has(name)) void checkField(name);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault(); // with JavaScript the API answers; the server action is the no-JS path
    const form = event.currentTarget;
    for (const field of VISIBLE_FIELDS) touched.current.add(field);
    const { request, errors: found } = await validate(form);
    setErrors(found);
    if (!request) {
      focusFirstInvalid(found);
      return;
    }
    await send(form, request);
  }

  async function send(form: HTMLFormElement, values: ContactRequest) {
    setSending(true);
    setClientState(null);
    let response: Response;
    try {
      response = await fetch("/api/v1/contact", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(values),
        // A public endpoint: no cookies, so no session (and no CSRF token) is involved.
        credentials: "omit",
      });
    } catch {
      setClientState(outcome("error", CONTACT_MESSAGES.network));
      setSending(false);
      return;
    }

    const answer: ApiAnswer = await response.json().catch(() => null);
    if (response.ok && answer?.success) {
      for (const field of Object.keys(EMPTY_CONTACT_FORM)) {
        const element = form.elements.namedItem(field);
        if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) element.value = "";
      }
      const consent = form.elements.namedItem("privacy_accepted");
      if (consent instanceof HTMLInputElement) consent.checked = false;
      touched.current.clear();
      setErrors({});
      setMessageLength(0);
      setClientState(outcome("success", answer.message || CONTACT_MESSAGES.success));
    } else {
      const found: FieldErrors = {};
      for (const field of VISIBLE_FIELDS) {
        const message = answer?.errors?.[field]?.[0];
        if (message) found[field] = message;
      }
      setErrors(found);
      focusFirstInvalid(found);
      setClientState(outcome("error", answer?.message || CONTACT_MESSAGES.failure));
    }
    setSending(false);
  }

  function fieldError(field: VisibleField): string | undefined {
    return errors[field] ?? serverErrors[field]?.[0];
  }

  /** A field's name, what it shows at first (what was typed, after a submission without JavaScript) and its error. */
  function fieldProps(field: Exclude<VisibleField, "privacy_accepted">) {
    return { name: field, defaultValue: initialValues[field] ?? "", error: fieldError(field) };
  }

  return (
    <form
      ref={formRef}
      action={formAction}
      onSubmit={onSubmit}
      onBlur={onBlur}
      onChange={onChange}
      onFocus={() => void loadSchema()}
      noValidate
      aria-busy={busy}
      aria-labelledby={`${id}-title`}
      className="rounded-3xl border border-ink-200 bg-white p-4 shadow-card sm:p-8 lg:p-10"
    >
      <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight text-ink-900">
        Envíanos un mensaje
      </h2>
      <p className="mt-2 text-sm text-ink-600">
        Los campos marcados con <span aria-hidden="true" className="font-semibold text-red-700">*</span>
        <span className="sr-only">asterisco</span> son obligatorios. Te respondemos en menos de 24 horas hábiles.
      </p>

      {/* Live regions exist from the start, so screen readers announce what appears in them. */}
      <div ref={bannerRef} className="scroll-mt-28">
        <div role="status" aria-live="polite">
          {state.status === "success" && (
            <Banner tone="success" key={state.submittedAt}>
              {state.message}
            </Banner>
          )}
        </div>
        <div role="alert" aria-live="assertive">
          {state.status === "error" && (
            <Banner tone="error" key={state.submittedAt}>
              {state.message}
            </Banner>
          )}
        </div>
      </div>

      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        <TextField label="Nombre Completo" requiredMark aria-required="true" type="text" autoComplete="name" maxLength={CONTACT_LIMITS.name} {...fieldProps("name")} />
        <TextField
          label="Correo electrónico"
          requiredMark
          aria-required="true"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="tu@empresa.pe"
          maxLength={CONTACT_LIMITS.email}
          {...fieldProps("email")}
        />
        <TextField label="Teléfono" type="tel" autoComplete="tel" inputMode="tel" placeholder="+51 987 654 321" maxLength={CONTACT_LIMITS.phone} {...fieldProps("phone")} />
        <TextField label="Empresa" type="text" autoComplete="organization" maxLength={CONTACT_LIMITS.company} {...fieldProps("company")} />
        {/* Our own arrow: at 375 px the whole "Selecciona un sector (opcional)" fits, and a sector
            name too long for the field ends in "…" instead of being cut mid-word. */}
        <SelectField
          label="Sector"
          ownArrow
          placeholder="Selecciona un sector (opcional)"
          options={sectors.map((sector) => ({ value: String(sector.id), label: sector.name }))}
          {...fieldProps("sector_id")}
        />
        <TextField label="Asunto" type="text" maxLength={CONTACT_LIMITS.subject} {...fieldProps("subject")} />
        <TextAreaField
          label="Mensaje"
          requiredMark
          aria-required="true"
          rows={6}
          maxLength={CONTACT_LIMITS.message}
          placeholder="Cuéntanos sobre tu empresa y qué necesitas resolver."
          hint={`${messageLength} / ${CONTACT_LIMITS.message} caracteres`}
          className="sm:col-span-2"
          {...fieldProps("message")}
        />
      </div>

      {/* Honeypot: invisible to people and skipped by keyboard and screen readers; bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>Sitio web (deja este campo vacío)</label>
        <input
          id={`${id}-${HONEYPOT_FIELD}`}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          name={HONEYPOT_FIELD}
          defaultValue=""
        />
      </div>

      <PrivacyConsentField className="mt-6" error={fieldError("privacy_accepted")} />

      <div className="mt-8 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs leading-5 text-ink-600 sm:max-w-sm">
          Usamos tus datos solo para responder tu consulta, conforme a la Ley 29733 de Protección de Datos Personales.
        </p>
        <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
          {busy ? (
            <>
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 animate-spin" fill="none">
                <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
                <path d="M21 12a9 9 0 00-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
              </svg>
              Enviando...
            </>
          ) : (
            <>
              Enviar mensaje
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
                <path d="M3.105 2.289a.75.75 0 00-.826.95l1.414 4.925A1.5 1.5 0 005.135 9.25h6.115a.75.75 0 010 1.5H5.135a1.5 1.5 0 00-1.442 1.086l-1.414 4.926a.75.75 0 00.826.95 28.896 28.896 0 0015.293-7.154.75.75 0 000-1.115A28.897 28.897 0 003.105 2.289z" />
              </svg>
            </>
          )}
        </Button>
      </div>
    </form>
  );
}

function Banner({ tone, children }: { tone: "success" | "error"; children: ReactNode }) {
  const success = tone === "success";
  return (
    <div
      className={cn(
        "mt-6 flex items-start gap-3 rounded-xl border px-4 py-3.5 text-sm font-medium",
        success ? "border-emerald-200 bg-emerald-50 text-emerald-900" : "border-red-200 bg-red-50 text-red-800",
      )}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className={cn("mt-px size-5 shrink-0", success ? "text-emerald-700" : "text-red-700")} fill="currentColor">
        {success ? (
          <path
            fillRule="evenodd"
            d="M10 18a8 8 0 100-16 8 8 0 000 16zm3.857-9.809a.75.75 0 00-1.214-.882l-3.483 4.79-1.88-1.88a.75.75 0 10-1.06 1.061l2.5 2.5a.75.75 0 001.137-.089l4-5.5z"
            clipRule="evenodd"
          />
        ) : (
          <path
            fillRule="evenodd"
            d="M18 10a8 8 0 11-16 0 8 8 0 0116 0zm-8-5a.75.75 0 01.75.75v4.5a.75.75 0 01-1.5 0v-4.5A.75.75 0 0110 5zm0 10a1 1 0 100-2 1 1 0 000 2z"
            clipRule="evenodd"
          />
        )}
      </svg>
      <p>{children}</p>
    </div>
  );
}
