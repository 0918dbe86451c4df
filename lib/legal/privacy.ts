// The privacy text people accept (contact form, registration, Libro de Reclamaciones, ARCO
// form): its version is the date of the text on /privacidad, stored with each acceptance.

/** Date (yyyy-mm-dd) of the current privacy text; change it whenever that text changes. */
export const PRIVACY_POLICY_VERSION = "2026-11-29";

/** What a person accepts by ticking the box (the form shows it next to a link to /privacidad). */
export const PRIVACY_CONSENT_TEXT = "He leído y acepto la Política de privacidad y el tratamiento de mis datos personales para atender esta solicitud.";
