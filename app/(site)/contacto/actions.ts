"use server";

import { headers } from "next/headers";
import { unstable_rethrow } from "next/navigation";
import { asDomainError } from "@/lib/db-errors";
import { CONTACT_MESSAGES, contactFormFields, EMPTY_CONTACT_FORM, type ContactFormState } from "@/lib/contact/form";
import { submitContactMessage } from "@/lib/contact/service";
import { clientIp } from "@/lib/client-address";

/**
 * The contact form's server action: what a browser without JavaScript posts to (the page
 * itself stays static; only this action reads the request headers). Same service as the API.
 */
export async function sendContactMessage(_previous: ContactFormState, formData: FormData): Promise<ContactFormState> {
  // A hand-made request can decode to anything; only a real form has fields.
  const input = formData instanceof FormData ? contactFormFields(formData) : { ...EMPTY_CONTACT_FORM };

  try {
    const requestHeaders = await headers();
    await submitContactMessage(input, {
      ipAddress: clientIp(requestHeaders),
      userAgent: requestHeaders.get("user-agent"),
    });
    return { status: "success", message: CONTACT_MESSAGES.success, submittedAt: Date.now() };
  } catch (error) {
    unstable_rethrow(error);
    // What was typed comes back, so the visitor can correct it instead of starting over.
    const values = { ...input, website: "" };
    // A refused input (422, 429) or a database that is down (503): its Spanish message.
    const known = asDomainError(error, "contact");
    if (known) {
      return { status: "error", message: known.message, errors: known.fieldErrors, values, submittedAt: Date.now() };
    }
    console.error("[contacto] No se pudo enviar el mensaje", error);
    return { status: "error", message: CONTACT_MESSAGES.failure, values, submittedAt: Date.now() };
  }
}
