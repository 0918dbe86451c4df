import { optionalPrivacyConsent } from "@/lib/consent";
import { secretText, singleLineText, z } from "@/lib/zod";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from "./field-limits";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-rules";

// One schema per input, shared by the screens, the server actions and the REST handlers.

export { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH };

const REQUIRED = "Todos los campos son obligatorios.";

/** E-mails are compared and stored lower-case (users.email has a check constraint). */
export const emailSchema = singleLineText({ error: "El correo electrónico es obligatorio." })
  .min(1, "El correo electrónico es obligatorio.")
  .max(EMAIL_MAX_LENGTH, "El correo electrónico es demasiado largo.")
  .pipe(z.email("Ingresa un correo electrónico válido."))
  .transform((email) => email.toLowerCase());

/** A new password: any printable characters, spaces included (control characters are refused). */
export const newPasswordSchema = secretText({ error: "La contraseña es obligatoria." })
  .min(PASSWORD_MIN_LENGTH, `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`)
  .max(PASSWORD_MAX_LENGTH, `La contraseña no puede superar los ${PASSWORD_MAX_LENGTH} caracteres`)
  // bcrypt reads only the first 72 BYTES: 72 characters with accents or emoji would be cut silently.
  .refine((password) => new TextEncoder().encode(password).length <= PASSWORD_MAX_LENGTH, {
    message: "La contraseña es demasiado larga (las letras con tilde y los emojis ocupan más de un carácter).",
  });

export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: "La contraseña es obligatoria." })
    .min(1, "La contraseña es obligatoria.")
    .max(PASSWORD_MAX_LENGTH, "Credenciales incorrectas."),
});
export type LoginInput = z.output<typeof loginSchema>;

export const registerSchema = z
  .object({
    name: singleLineText({ error: REQUIRED }).min(1, REQUIRED).max(NAME_MAX_LENGTH, "El nombre es demasiado largo."),
    email: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).pipe(emailSchema),
    password: z.string({ error: REQUIRED }).min(1, REQUIRED).pipe(newPasswordSchema),
    password_confirmation: z.string({ error: REQUIRED }).min(1, REQUIRED).max(PASSWORD_MAX_LENGTH),
    // The registration screen always sends it (its box is required); older API clients may leave it out.
    privacy_accepted: optionalPrivacyConsent(),
  })
  .refine((input) => input.password === input.password_confirmation, {
    path: ["password_confirmation"],
    message: "Las contraseñas no coinciden.",
  });
export type RegisterInput = z.output<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1).max(200),
    password: newPasswordSchema,
    password_confirmation: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .refine((input) => input.password === input.password_confirmation, {
    path: ["password_confirmation"],
    message: "Las contraseñas no coinciden.",
  });

/** POST /api/v1/auth/google: a Google ID token (a JWT). */
export const googleTokenSchema = z.object({
  token: z.string({ error: "Falta el token de Google." }).min(1, "Falta el token de Google.").max(4096, "Token de Google no válido."),
});
