import { GOOGLE_SIGN_IN_MESSAGES } from "./google-messages";

// The second factor's limits and texts. Pure, without zod (lib/auth/two-factor-schema.ts holds the
// schemas and re-exports these): the profile's "Seguridad" section and the settings read them
// without loading a schema.

/** Digits of a code from the authenticator app. */
export const TOTP_DIGITS = 6;
/** How many recovery codes an admin gets (each works once). */
export const RECOVERY_CODE_COUNT = 10;
/** The longest code accepted as typed (spaces and dashes included). */
export const CODE_INPUT_MAX = 40;
export const TWO_FACTOR_MESSAGES = {
  codeRequired: "Ingresa el código.",
  totpFormat: `Ingresa los ${TOTP_DIGITS} dígitos que muestra tu aplicación.`,
  codeFormat: `Ingresa los ${TOTP_DIGITS} dígitos de tu aplicación o un código de recuperación (xxxx-xxxx).`,
  wrongCode: "Código incorrecto.",
  wrongPassword: "Contraseña incorrecta.",
  expired: "El código expiró; vuelve a iniciar sesión.",
  tooManyAttempts: "Demasiados intentos. Inténtalo de nuevo en unos minutos.",
  adminsOnly: "La verificación en dos pasos está disponible solo para administradores.",
  alreadyEnabled: "La verificación en dos pasos ya está activada.",
  notEnabled: "La verificación en dos pasos no está activada.",
  noEnrollment: "Primero inicia la configuración: escanea el código QR y luego ingresa el código.",
  needsPassword: "Define una contraseña antes de activar la verificación en dos pasos: con ella y el código iniciarás sesión.",
  requiredBySettings: "La configuración exige segundo factor a los administradores.",
  enrolFirst:
    "Activa primero tu propia verificación en dos pasos (Perfil › Seguridad): al exigirla, el panel te la pediría antes de seguir.",
  apiEnrolFirst: "Configura la verificación en dos pasos en el panel antes de usar la API.",
  googleRefused: GOOGLE_SIGN_IN_MESSAGES.twoFactor,
  secretUnreadable:
    "No se pudo leer el secreto de tu verificación en dos pasos (la clave de cifrado del servidor cambió). Pide a otro administrador que revise la configuración del servidor.",
  noSettings: "Primero guarda los datos de la empresa en Configuración.",
} as const;
