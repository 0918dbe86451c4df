import { PASSWORD_MAX_LENGTH } from "./password-rules";
import { CODE_INPUT_MAX, TOTP_DIGITS, TWO_FACTOR_MESSAGES } from "./two-factor-texts";
import { z } from "@/lib/zod";

// The second factor's inputs, shared by the screens, the server actions, the REST handlers and
// lib/auth/two-factor.ts. Pure. Its limits and texts live in ./two-factor-texts.ts (without zod),
// re-exported here.

export { CODE_INPUT_MAX, RECOVERY_CODE_COUNT, TOTP_DIGITS, TWO_FACTOR_MESSAGES } from "./two-factor-texts";

/** A sign-in challenge's token: 32 random bytes in base64url are 43 characters. */
const CHALLENGE_MAX = 200;

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
