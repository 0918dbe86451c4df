import { GOOGLE_SIGN_IN_MESSAGES } from "./google-messages";
import { PASSWORD_MAX_LENGTH } from "./password-rules";
import { z } from "@/lib/zod";

// The second factor's inputs and texts, shared by the screens, the server actions, the REST
// handlers and lib/auth/two-factor.ts. Pure: client components import it.

/** Digits of a code from the authenticator app. */
export const TOTP_DIGITS = 6;
/** How many recovery codes an admin gets (each works once). */
export const RECOVERY_CODE_COUNT = 10;
/** The longest code accepted as typed (spaces and dashes included). */
export const CODE_INPUT_MAX = 40;
/** A sign-in challenge's token: 32 random bytes in base64url are 43 characters. */
const CHALLENGE_MAX = 200;

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

/** A code as typed: spaces and dashes dropped, letters lower-case. */
export function normalizeCode(value: string): string {
  return value.replace(/[\s-]/g, "").toLowerCase();
}

export const TOTP_PATTERN = new RegExp(`^\\d{${TOTP_DIGITS}}$`);
/** A recovery code without its dash: 8 characters of base32 (RFC 4648, lower-case). */
export const RECOVERY_PATTERN = /^[a-z2-7]{8}$/;

const codeText = z
  .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
  .max(CODE_INPUT_MAX, TWO_FACTOR_MESSAGES.codeFormat)
  .transform(normalizeCode);

/** A code from the app (6 digits) or a recovery code (xxxx-xxxx), normalized. */
export const secondFactorCodeSchema = codeText.pipe(
  z
    .string()
    .min(1, TWO_FACTOR_MESSAGES.codeRequired)
    .refine((code) => TOTP_PATTERN.test(code) || RECOVERY_PATTERN.test(code), TWO_FACTOR_MESSAGES.codeFormat),
);

/** A code from the app only (confirming the enrolment). */
export const totpCodeSchema = codeText.pipe(z.string().min(1, TWO_FACTOR_MESSAGES.codeRequired).regex(TOTP_PATTERN, TWO_FACTOR_MESSAGES.totpFormat));

export const confirmEnrollmentSchema = z.object({ code: totpCodeSchema });
export const regenerateRecoveryCodesSchema = z.object({ code: secondFactorCodeSchema });
export const disableTwoFactorSchema = z.object({
  password: z.string({ error: "La contraseña es obligatoria." }).min(1, "La contraseña es obligatoria.").max(PASSWORD_MAX_LENGTH, TWO_FACTOR_MESSAGES.wrongPassword),
  code: secondFactorCodeSchema,
});

/** POST /api/v1/auth/two-factor and the sign-in screen's second step. */
export const twoFactorLoginSchema = z.object({
  challenge: z.string({ error: TWO_FACTOR_MESSAGES.expired }).min(1, TWO_FACTOR_MESSAGES.expired).max(CHALLENGE_MAX, TWO_FACTOR_MESSAGES.expired),
  code: secondFactorCodeSchema,
});

/** "Exigir segundo factor a administradores" of Configuración. */
export const twoFactorPolicySchema = z.object({
  require_admin_two_factor: z.boolean({ error: "Indica si se exige el segundo factor." }),
});

/** What the profile's "Seguridad" shows. */
export type TwoFactorStatus = {
  enabled: boolean;
  enabled_at: string | null;
  recovery_codes_left: number;
  /** Whether the settings require it of admins (then it cannot be turned off). */
  required: boolean;
  /** Whether the account has a password (needed to sign in with the second factor). */
  has_password: boolean;
};

export type TwoFactorEnrollment = {
  /** The secret in base32, for typing it into the app by hand. */
  secret: string;
  otpauth_uri: string;
  /** The QR of otpauth_uri as a data: URL (PNG), made on the server. */
  qr_data_url: string;
};
