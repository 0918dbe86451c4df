// Runs once when a server starts. A production server without AUTH_SECRET would sign
// sessions with nothing secret: refuse to start, with one clear line.
export function register() {
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.NODE_ENV === "production" && !process.env.AUTH_SECRET?.trim()) {
    console.error(
      "Error: AUTH_SECRET no está definida. Defínala con un valor aleatorio largo (por ejemplo: openssl rand -base64 32) antes de iniciar en producción.",
    );
    process.exit(1);
  }
}
