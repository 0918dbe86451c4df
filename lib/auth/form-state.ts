// What the sign-in screens' server actions answer, and the texts the screens show.

export const AUTH_MESSAGES = {
  invalidCredentials: "Correo electrónico o contraseña incorrectos.",
  tooManyAttempts: "Demasiados intentos. Inténtalo de nuevo en unos minutos.",
  googleFailed: "Login con Google fallido. Intenta con email y contraseña.",
  welcome: (name: string) => `¡Bienvenido, ${name}!`,
  signedOut: "Sesión cerrada",
  registered: "¡Registro exitoso!",
  accountCreated: "¡Cuenta creada exitosamente!",
  registerFailed: "Error al registrar usuario",
  forgotSent: "Si el correo está registrado, recibirás un enlace para restablecer tu contraseña.",
  /** Said for a wrong, expired or used reset link, and nothing more. */
  invalidResetLink: "El enlace no es válido o ha expirado.",
  passwordUpdated: "Tu contraseña fue actualizada. Ya puedes iniciar sesión.",
  resetFailed: "No se pudo actualizar la contraseña. Inténtalo de nuevo.",
  twoFactorRequired: "Tu cuenta usa verificación en dos pasos: inicia sesión desde el formulario para ingresar el código.",
} as const;

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export type LoginState =
  | { status: "idle" }
  | { status: "error"; message: string; email: string; at: number }
  | { status: "success"; redirectTo: string; name: string }
  /** A right password for an account with a second factor: the code step, with its challenge. */
  | { status: "two_factor"; challenge: string; expiresAt: number; email: string; at: number };

/** The sign-in screen's second step ("Verificación en dos pasos"). */
export type TwoFactorLoginState =
  | { status: "idle" }
  /** `expired`: the challenge is gone; the person starts again from the password. */
  | { status: "error"; message: string; expired: boolean; at: number }
  | { status: "success"; redirectTo: string; name: string };

export type RegisterField = "name" | "email" | "password" | "password_confirmation" | "privacy_accepted";
export type RegisterState =
  | { status: "idle" }
  | { status: "error"; message?: string; errors: FieldErrors<RegisterField>; values: { name: string; email: string }; at: number }
  | { status: "success"; redirectTo: string };

export type ForgotPasswordState =
  | { status: "idle" }
  | { status: "error"; errors: FieldErrors<"email">; email: string; at: number }
  | { status: "sent"; at: number };

export type ResetPasswordState =
  | { status: "idle" }
  | { status: "error"; message?: string; errors: FieldErrors<"password" | "password_confirmation">; at: number }
  | { status: "invalid" }
  | { status: "done" };
