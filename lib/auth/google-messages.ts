// What a person reads when a Google sign-in is refused (pure: the login screen and the API share them).

export const GOOGLE_SIGN_IN_MESSAGES = {
  googleEmailUnverified:
    "Google no ha verificado el correo de esa cuenta, así que no podemos usarlo para iniciar sesión. Verifícalo en Google o inicia sesión con tu correo y contraseña.",
  accountUnverified:
    "Ya existe una cuenta con ese correo, pero su dirección aún no está verificada. Inicia sesión con tu contraseña y verifica tu correo con el enlace que te enviamos; después podrás entrar con Google.",
  unavailable: "El inicio de sesión con Google no está disponible. Inicia sesión con tu correo y contraseña.",
  invalidRequest: "Solicitud de inicio de sesión con Google no válida.",
  twoFactor: "Tu cuenta usa verificación en dos pasos: inicia sesión con tu correo, tu contraseña y el código de tu aplicación.",
} as const;

/** The `?error=` codes /login shows these for. */
export const GOOGLE_REFUSAL_CODES = {
  google_email_unverified: "GoogleEmailUnverified",
  account_unverified: "GoogleAccountUnverified",
  unavailable: "GoogleUnavailable",
  two_factor: "GoogleTwoFactor",
} as const;
