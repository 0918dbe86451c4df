"use client";

import Link from "next/link";
import type { ComponentProps } from "react";
import { FieldMessages, useFieldIds } from "@/components/ui/form-field";
import { PRIVACY_CONSENT_TEXT } from "@/lib/legal/privacy";

// The required consent box of the forms that collect personal data (contact, registration, the
// ARCO form): the privacy text people accept, and a link to /privacidad beside it (outside the
// label, so following the link never ticks the box). Named "privacy_accepted" unless told.

export const PRIVACY_LINK_TEXT = "Leer la Política de privacidad";

export function PrivacyConsentField({ error, className, name = "privacy_accepted", ...input }: Omit<ComponentProps<"input">, "id" | "type"> & { error?: string }) {
  const { id, describedBy } = useFieldIds(error);
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          name={name}
          required
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="mt-0.5 size-5 shrink-0 rounded border-ink-400 accent-brand-700"
          {...input}
        />
        <div className="text-sm leading-6 text-ink-800">
          <label htmlFor={id}>
            {PRIVACY_CONSENT_TEXT}
            <span aria-hidden="true" className="ml-0.5 text-red-700">
              *
            </span>
          </label>{" "}
          <Link href="/privacidad" target="_blank" rel="noopener" className="font-medium text-brand-800 underline underline-offset-2">
            {PRIVACY_LINK_TEXT}
            <span className="sr-only"> (se abre en una pestaña nueva)</span>
          </Link>
        </div>
      </div>
      <FieldMessages id={id} error={error} />
    </div>
  );
}
