import "server-only";
import { readFileSync } from "node:fs";
import { hostname } from "node:os";
import { SMTPServer, type SMTPServerAddress, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import { INBOUND_MAX_BYTES, INBOUND_MAX_RECIPIENTS, type SmtpListenerConfig } from "./config";
import type { InboundHandler, InboundMeta, ReceiveResult } from "./receive";

// The inbound SMTP server: the last hop of mail addressed to our own domains (an MX record or a
// forwarding rule points here). It is no relay and no submission server: no AUTH, and a recipient
// outside INBOUND_SMTP_DOMAINS is refused. Each message is handed to the inbound handler whole and
// the sender hears the outcome: 250 only once the handler says the mail is committed, a temporary
// 451 when it could not be kept (the sending server retries), a permanent refusal otherwise. A
// message over the size limit is read to its end without being kept, answered 552, and the
// connection stays usable. Replies carry their RFC 3463 codes in the text; the server does not
// announce ENHANCEDSTATUSCODES, so its own stock replies need not carry one. Reply text is ASCII, as
// RFC 5321's grammar requires: Spanish without its accents.

export type SmtpListenerOptions = SmtpListenerConfig & {
  handle: InboundHandler;
  /** Largest message in bytes (announced in EHLO's SIZE; default INBOUND_MAX_BYTES). */
  maxBytes?: number;
  /** Most recipients per transaction (default INBOUND_MAX_RECIPIENTS). */
  maxRecipients?: number;
  /** Connections served at once; the next one is told 421 and closed (default 50). */
  maxClients?: number;
  /** A connection silent for this long is closed (default 120 s). */
  socketTimeoutMs?: number;
  /** On close, how long open sessions may take to finish before they are cut (default 5 s). */
  closeTimeoutMs?: number;
  /** Where the one line per mail goes (default console.log). */
  log?: (line: string) => void;
};

export type SmtpListener = {
  host: string;
  port: number;
  /** Settles once the listener has stopped (closed, or failed after starting). */
  done: Promise<void>;
  /** Stops accepting connections; open sessions get closeTimeoutMs to finish. */
  close(): Promise<void>;
};

/** Text as an SMTP reply may carry it: accents dropped, anything else outside printable ASCII replaced. */
function ascii(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "?");
}

/** An SMTP reply for smtp-server: the code, and the text after it (enhanced status code first). */
function reply(code: number, text: string): Error & { responseCode: number } {
  return Object.assign(new Error(ascii(text)), { responseCode: code });
}

/** Text from the network made safe for one log line: no control characters, bounded. */
function loggable(value: string | undefined, max = 200): string {
  return (value ?? "").replace(/[\u0000-\u001F\u007F-\u009F]/g, "?").slice(0, max);
}

/** The domain of an address, lower-case, without a trailing dot. */
function domainOf(address: string): string {
  return address.slice(address.lastIndexOf("@") + 1).toLowerCase().replace(/\.$/, "");
}

function describe(result: ReceiveResult): string {
  if (result.status === "accepted") return `aceptado (${loggable(result.outcome, 60)})`;
  if (result.status === "temporary_failure") return `falla temporal (${loggable(result.reason, 120)})`;
  return `rechazado (${loggable(result.reason, 120)})`;
}

/** Starts listening; rejects with a Spanish message when the port cannot be taken. */
export async function startSmtpListener(options: SmtpListenerOptions): Promise<SmtpListener> {
  const maxBytes = options.maxBytes ?? INBOUND_MAX_BYTES;
  const maxRecipients = options.maxRecipients ?? INBOUND_MAX_RECIPIENTS;
  const domains = new Set(options.domains.map((domain) => domain.toLowerCase()));
  const log = options.log ?? ((line: string) => console.log(line));
  const tls = options.tls ? { key: readFileSync(/* turbopackIgnore: true */ options.tls.keyPath), cert: readFileSync(/* turbopackIgnore: true */ options.tls.certPath) } : null;

  const onRcptTo = (address: SMTPServerAddress, session: SMTPServerSession, callback: (error?: Error | null) => void) => {
    if (!domains.has(domainOf(address.address))) {
      return callback(reply(550, "5.7.1 Relay denied: este servidor solo recibe correo para sus propios dominios."));
    }
    const known = session.envelope.rcptTo.some((rcpt) => rcpt.address.toLowerCase() === address.address.toLowerCase());
    if (!known && session.envelope.rcptTo.length >= maxRecipients) {
      return callback(reply(452, `4.5.3 Demasiados destinatarios: como maximo ${maxRecipients} por mensaje.`));
    }
    callback();
  };

  const onData = (stream: SMTPServerDataStream, session: SMTPServerSession, callback: (error?: Error | null, message?: string) => void) => {
    const started = Date.now();
    const chunks: Buffer[] = [];
    let kept = 0;
    let tooLarge = false;
    let answered = false;
    const answer = (error: Error | null, message?: string) => {
      if (answered) return;
      answered = true;
      callback(error, message);
    };
    const meta: InboundMeta = {
      via: "smtp",
      remoteAddress: session.remoteAddress,
      helo: session.hostNameAppearsAs || undefined,
      mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
      recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address),
    };
    const shown = meta.recipients.slice(0, 5).map((to) => loggable(to, 100));
    const more = meta.recipients.length > shown.length ? ` y ${meta.recipients.length - shown.length} más` : "";
    const summary = () => `[correo entrante] SMTP ${loggable(meta.remoteAddress, 60)} <${loggable(meta.mailFrom)}> → ${shown.join(", ")}${more}`;

    // Kept in memory only up to the limit; past it, the rest is read and dropped.
    stream.on("data", (chunk: Buffer) => {
      if (tooLarge) return;
      if (stream.sizeExceeded || kept + chunk.length > maxBytes) {
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
      kept += chunk.length;
    });
    stream.once("error", (error: Error) => {
      log(`${summary()}: error al recibir el mensaje (${loggable(error.message)})`);
      answer(reply(451, "4.3.0 Error al recibir el mensaje; intentelo mas tarde."));
    });
    stream.once("end", () => {
      if (tooLarge || stream.sizeExceeded) {
        log(`${summary()}: ${stream.byteLength} bytes, rechazado por tamaño (máximo ${maxBytes})`);
        return answer(reply(552, `5.3.4 El mensaje supera el tamano maximo de ${maxBytes} bytes.`));
      }
      const raw = Buffer.concat(chunks, kept);
      chunks.length = 0;
      let outcome: Promise<ReceiveResult>;
      try {
        outcome = options.handle(raw, meta);
      } catch (error) {
        outcome = Promise.reject(error);
      }
      outcome.then(
        (result) => {
          log(`${summary()}: ${raw.length} bytes, ${describe(result)}, ${Date.now() - started} ms`);
          if (result.status === "accepted") return answer(null, "2.6.0 Mensaje recibido.");
          if (result.status === "temporary_failure") return answer(reply(451, "4.3.0 No se pudo guardar el mensaje por ahora; intentelo mas tarde."));
          answer(reply(550, `5.6.0 Mensaje rechazado: ${loggable(result.reason, 200)}`));
        },
        (error: unknown) => {
          log(`${summary()}: ${raw.length} bytes, error al procesarlo (${loggable(error instanceof Error ? error.message : String(error))}), ${Date.now() - started} ms`);
          answer(reply(451, "4.3.0 Error al procesar el mensaje; intentelo mas tarde."));
        },
      );
    });
  };

  const server = new SMTPServer({
    name: hostname(),
    banner: "Lumen Consultoria TI",
    logger: false,
    size: maxBytes,
    // Not a submission server: nobody signs in, and nobody needs to.
    authOptional: true,
    disabledCommands: tls ? ["AUTH"] : ["AUTH", "STARTTLS"],
    ...(tls ? { key: tls.key, cert: tls.cert } : {}),
    maxClients: options.maxClients ?? 50,
    socketTimeout: options.socketTimeoutMs ?? 120_000,
    closeTimeout: options.closeTimeoutMs ?? 5_000,
    // No DNS round-trip per connection; the handler gets the address itself.
    disableReverseLookup: true,
    onRcptTo,
    onData,
  });

  let settle: () => void = () => {};
  const done = new Promise<void>((resolve) => (settle = resolve));
  let listening = false;

  await new Promise<void>((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      const why =
        error.code === "EADDRINUSE" ? "el puerto ya está en uso" : error.code === "EACCES" ? "sin permiso para ese puerto (los menores que 1024 requieren privilegios)" : error.message;
      reject(new Error(`No se pudo escuchar en ${options.host}:${options.port}: ${why}.`));
    };
    server.once("error", failed);
    server.listen(options.port, options.host, () => {
      server.off("error", failed);
      listening = true;
      resolve();
    });
  });
  // A client's broken connection is reported here; it ends that session only.
  server.on("error", (error: Error) => log(`[correo entrante] SMTP: ${loggable(error.message)}`));
  server.server.once("close", () => settle());

  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  let closing: Promise<void> | null = null;
  return {
    host: options.host,
    port,
    done,
    close() {
      if (!listening) return done;
      closing ??= new Promise<void>((resolve) => server.close(() => resolve())).then(() => done);
      return closing;
    },
  };
}
