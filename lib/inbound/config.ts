import { existsSync } from "node:fs";
import { isIP } from "node:net";
import { z } from "@/lib/zod";

// Where inbound e-mail comes from, read from the environment: an SMTP listener of our own
// (INBOUND_SMTP_PORT, for an MX record or a forwarding rule pointed at this server) and/or a
// mailbox polled over IMAP (IMAP_URL). Neither set: no inbound mail, nothing is started. A value
// that is set but wrong refuses the start-up with one Spanish line (lib/startup-checks.ts), so a
// typo never leaves replies silently unread. No "server-only": the start-up checks import it.

type Env = Record<string, string | undefined>;

// The parser's own limits (INBOUND_LIMITS in ./parse), repeated rather than imported so that the
// start-up checks do not load the parser; a test keeps them equal.
/** The largest message accepted, raw bytes. */
export const INBOUND_MAX_BYTES = 25 * 1024 * 1024 + 512 * 1024;
/** The most recipients one SMTP transaction may name. */
export const INBOUND_MAX_RECIPIENTS = 50;
/** How many domains INBOUND_SMTP_DOMAINS may list. */
const MAX_DOMAINS = 20;

export type SmtpListenerConfig = {
  port: number;
  host: string;
  /** Lower-case domains mail is accepted for; anything else is relaying, refused. */
  domains: string[];
  /** Paths of the PEM key and certificate offered through STARTTLS; null: no STARTTLS. */
  tls: { keyPath: string; certPath: string } | null;
};

export type ImapConfig = {
  /** imaps:// (TLS from the first byte) rather than imap:// (STARTTLS when the server offers it). */
  secure: boolean;
  host: string;
  port: number;
  user: string;
  password: string;
  mailbox: string;
  /** ?move=Folder: processed mail is moved there instead of only being flagged. */
  moveTo: string | null;
};

export type InboundConfig = { smtp: SmtpListenerConfig | null; imap: ImapConfig | null };

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const HOSTNAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
// A mailbox name as IMAP servers accept it: printable, no control characters, bounded.
const MAILBOX = /^[^\u0000-\u001F\u007F]{1,200}$/;

const portSchema = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, `${name} debe ser un número de puerto (1 a 65535).`)
    .transform(Number)
    .refine((port) => port >= 1 && port <= 65535, `${name} debe ser un número de puerto (1 a 65535).`);

const hostSchema = z
  .string()
  .trim()
  .refine((host) => isIP(host) !== 0 || HOSTNAME.test(host), "INBOUND_SMTP_HOST debe ser una dirección IP o un nombre de equipo (por defecto 0.0.0.0: todas las interfaces).");

const domainsSchema = z
  .string()
  .transform((value) => [...new Set(value.split(",").map((domain) => domain.trim().toLowerCase().replace(/\.$/, "")).filter(Boolean))])
  .refine((domains) => domains.length > 0, "INBOUND_SMTP_DOMAINS está vacía: indique los dominios para los que se recibe correo, separados por comas (por ejemplo lumenti.pe).")
  .refine((domains) => domains.length <= MAX_DOMAINS, `INBOUND_SMTP_DOMAINS admite como máximo ${MAX_DOMAINS} dominios.`)
  .superRefine((domains, ctx) => {
    const wrong = domains.find((domain) => !DOMAIN.test(domain));
    if (wrong) ctx.addIssue({ code: "custom", message: `INBOUND_SMTP_DOMAINS contiene «${wrong.slice(0, 80)}», que no es un nombre de dominio (por ejemplo lumenti.pe).` });
  });

function value(env: Env, name: string): string | undefined {
  return env[name]?.trim() || undefined;
}

/** The first message of a failed parse (they are all Spanish and name the variable). */
function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? "valor no válido";
}

function readSmtp(env: Env): SmtpListenerConfig | null {
  const port = value(env, "INBOUND_SMTP_PORT");
  const keyPath = value(env, "INBOUND_SMTP_TLS_KEY");
  const certPath = value(env, "INBOUND_SMTP_TLS_CERT");
  if (!port) {
    const stray = ["INBOUND_SMTP_DOMAINS", "INBOUND_SMTP_HOST", "INBOUND_SMTP_TLS_KEY", "INBOUND_SMTP_TLS_CERT"].filter((name) => value(env, name));
    if (stray.length > 0) {
      throw new InboundConfigError(`${stray.join(" y ")} ${stray.length === 1 ? "está definida" : "están definidas"} pero falta INBOUND_SMTP_PORT: defina el puerto del servidor SMTP de entrada (por ejemplo 2525) o quite ${stray.length === 1 ? "esa variable" : "esas variables"}.`);
    }
    return null;
  }
  const parsedPort = portSchema("INBOUND_SMTP_PORT").safeParse(port);
  if (!parsedPort.success) throw new InboundConfigError(`${firstMessage(parsedPort.error)} Valor recibido: «${port.slice(0, 40)}».`);
  const domains = value(env, "INBOUND_SMTP_DOMAINS");
  if (!domains) {
    throw new InboundConfigError("Falta INBOUND_SMTP_DOMAINS: el servidor SMTP de entrada solo recibe correo para los dominios que se indiquen, separados por comas (por ejemplo lumenti.pe).");
  }
  const parsedDomains = domainsSchema.safeParse(domains);
  if (!parsedDomains.success) throw new InboundConfigError(firstMessage(parsedDomains.error));
  const parsedHost = hostSchema.safeParse(value(env, "INBOUND_SMTP_HOST") ?? "0.0.0.0");
  if (!parsedHost.success) throw new InboundConfigError(firstMessage(parsedHost.error));
  if (Boolean(keyPath) !== Boolean(certPath)) {
    throw new InboundConfigError(`Falta ${keyPath ? "INBOUND_SMTP_TLS_CERT" : "INBOUND_SMTP_TLS_KEY"}: para ofrecer STARTTLS defina la clave y el certificado (archivos PEM), o ninguno de los dos.`);
  }
  for (const [name, file] of [["INBOUND_SMTP_TLS_KEY", keyPath], ["INBOUND_SMTP_TLS_CERT", certPath]] as const) {
    if (file && !existsSync(/* turbopackIgnore: true */ file)) throw new InboundConfigError(`${name} indica un archivo que no existe: ${file.slice(0, 200)}.`);
  }
  return {
    port: parsedPort.data,
    host: parsedHost.data,
    domains: parsedDomains.data,
    tls: keyPath && certPath ? { keyPath, certPath } : null,
  };
}

const IMAP_EXAMPLE = "imaps://usuario:contraseña@imap.ejemplo.pe:993/INBOX (opcional: ?move=Procesados)";

function readImap(env: Env): ImapConfig | null {
  const raw = value(env, "IMAP_URL");
  if (!raw) return null;
  // Never repeated in a message: the URL holds the mailbox's password.
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InboundConfigError(`IMAP_URL no es una dirección válida. Use la forma ${IMAP_EXAMPLE}.`);
  }
  if (url.protocol !== "imap:" && url.protocol !== "imaps:") {
    throw new InboundConfigError(`IMAP_URL debe empezar por imap:// o imaps://. Use la forma ${IMAP_EXAMPLE}.`);
  }
  let user: string;
  let password: string;
  let mailbox: string;
  try {
    user = decodeURIComponent(url.username);
    password = decodeURIComponent(url.password);
    mailbox = decodeURIComponent(url.pathname.replace(/^\/+/, "")) || "INBOX";
  } catch {
    throw new InboundConfigError("IMAP_URL tiene una secuencia %XX mal formada en el usuario, la contraseña o el buzón.");
  }
  if (!url.hostname) throw new InboundConfigError(`IMAP_URL no indica el servidor. Use la forma ${IMAP_EXAMPLE}.`);
  if (!user || !password) {
    throw new InboundConfigError(`IMAP_URL debe incluir el usuario y la contraseña del buzón (los caracteres especiales, codificados: @ como %40). Use la forma ${IMAP_EXAMPLE}.`);
  }
  if (!MAILBOX.test(mailbox)) throw new InboundConfigError("IMAP_URL indica un buzón con caracteres de control o de más de 200 caracteres.");
  const unknown = [...url.searchParams.keys()].filter((key) => key !== "move");
  if (unknown.length > 0) {
    throw new InboundConfigError(`IMAP_URL tiene un parámetro desconocido (${unknown[0].slice(0, 40)}): el único admitido es ?move=Carpeta, para mover el correo procesado a esa carpeta.`);
  }
  const move = url.searchParams.get("move");
  const moveTo = move === null ? null : move.trim();
  if (moveTo !== null && !MAILBOX.test(moveTo)) {
    throw new InboundConfigError("IMAP_URL: ?move= debe indicar una carpeta (1 a 200 caracteres, sin caracteres de control).");
  }
  if (moveTo !== null && moveTo === mailbox) throw new InboundConfigError("IMAP_URL: la carpeta de ?move= no puede ser el mismo buzón que se lee.");
  const secure = url.protocol === "imaps:";
  return {
    secure,
    // URL keeps the brackets of an IPv6 literal; the socket wants the bare address.
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: url.port ? Number(url.port) : secure ? 993 : 143,
    user,
    password,
    mailbox,
    moveTo,
  };
}

/** A wrong inbound-mail setting, with the Spanish line the start-up prints. */
export class InboundConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InboundConfigError";
  }
}

/** The inbound-mail settings; throws InboundConfigError when a variable is set but wrong. */
export function readInboundConfig(env: Env = process.env): InboundConfig {
  return { smtp: readSmtp(env), imap: readImap(env) };
}

/** What is wrong with the inbound-mail variables, in Spanish, or null when nothing is. */
export function inboundConfigProblem(env: Env = process.env): string | null {
  try {
    readInboundConfig(env);
    return null;
  } catch (error) {
    if (error instanceof InboundConfigError) return error.message;
    throw error;
  }
}
