// The consent box of the forms that collect personal data (contact form, registration, the ARCO
// form): what the REST contract accepts for `privacy_accepted`. Pure, and free of lib/legal, so
// every domain's schema (lib/auth's included) can use it. The stored columns: lib/legal/consent.ts.
import { z } from "@/lib/zod";

/** What every consent box answers when it is left unticked. */
export const PRIVACY_CONSENT_REQUIRED = "Debes aceptar la Política de privacidad para continuar.";

/**
 * `privacy_accepted` where older API clients may leave it out: true is stored (with the policy's
 * version and the time), false is refused (422), absent or null stays unrecorded (null). The web
 * forms always send it.
 */
export function optionalPrivacyConsent() {
  return z
    .boolean({ error: "privacy_accepted debe ser true o false." })
    .nullish()
    .refine((value) => value !== false, PRIVACY_CONSENT_REQUIRED)
    .transform((value): true | null => (value === true ? true : null));
}
