import "server-only";
import { runExclusively } from "@/lib/jobs/claim";
import { readInboundConfig, type InboundConfig } from "./config";
import { startImapPoller } from "./imap-poller";
import type { InboundHandler } from "./receive";
import { startSmtpListener } from "./smtp-listener";

// Inbound e-mail inside the server: the SMTP listener and the IMAP poller the environment asks for
// (lib/inbound/config.ts), nothing when it asks for none. Each runs in ONE app instance at a time:
// it holds its job claim (lib/jobs/claim.ts) for as long as it runs, renewing the lease; the other
// instances try to take the claim every minute, so when the holder dies another one takes over
// once its lease has lapsed. On SIGTERM / SIGINT both stop: the listener stops accepting and lets
// open sessions finish briefly, the poller finishes the message in hand, and the claims are
// released so another instance may start at once. Whatever the server's shutdown cuts short is
// safe: a sender that got no 250 retries, and an unmarked IMAP message is read again.

/** How often an instance that does not hold a transport's claim tries to take it. */
const TAKEOVER_RETRY_MS = 60_000;

type Running = { done: Promise<void>; stop(): Promise<void> };

type Supervisor = { stop(): Promise<void> };

export type InboundMailOptions = {
  handle?: InboundHandler;
  env?: Record<string, string | undefined>;
  retryMs?: number;
  log?: (line: string) => void;
};

/** Runs `start`'s transport under `job`'s claim; retries every `retryMs` while another instance holds it or after it ends. */
function superviseExclusively(job: string, label: string, start: () => Promise<Running>, retryMs: number, log: (line: string) => void): Supervisor {
  let stopping = false;
  let current: Running | null = null;
  let wake: () => void = () => {};
  let toldHeld = false;

  const loop = (async () => {
    while (!stopping) {
      try {
        const run = await runExclusively(job, async () => {
          if (stopping) return;
          const running = await start();
          current = running;
          toldHeld = false;
          if (stopping) await running.stop(); // stop() came while it was starting
          try {
            await running.done;
          } finally {
            current = null;
          }
        });
        if (!run.ran && !toldHeld) {
          // Said once, not every minute.
          log(`[correo entrante] ${label}: lo atiende otra instancia (${run.heldBy}); esta lo retomará si aquella se detiene.`);
          toldHeld = true;
        }
      } catch (error) {
        if (!stopping) log(`[correo entrante] ${label} no pudo iniciarse: ${error instanceof Error ? error.message : String(error)} Se reintenta en ${Math.round(retryMs / 1000)} s.`);
      }
      if (stopping) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, retryMs);
        timer.unref();
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  })();

  return {
    async stop() {
      stopping = true;
      wake();
      await current?.stop();
      await loop;
    },
  };
}

let supervisors: Supervisor[] | null = null;

function describe(config: InboundConfig): string {
  const parts: string[] = [];
  if (config.smtp) parts.push(`servidor SMTP en ${config.smtp.host}:${config.smtp.port} para ${config.smtp.domains.join(", ")}`);
  if (config.imap) parts.push(`buzón IMAP ${config.imap.user}@${config.imap.host}/${config.imap.mailbox}${config.imap.moveTo ? ` (procesados a ${config.imap.moveTo})` : ""}`);
  return parts.join(" y ");
}

/**
 * Starts the inbound transports the environment configures (once per process; never during
 * `next build`). Returns false when there is nothing to start.
 */
export function startInboundMail(options: InboundMailOptions = {}): boolean {
  if (supervisors || process.env.NEXT_PHASE === "phase-production-build") return false;
  const log = options.log ?? ((line: string) => console.log(line));
  let config: InboundConfig;
  try {
    config = readInboundConfig(options.env);
  } catch (error) {
    // The start-up checks refuse such a server before this runs; said again for any other caller.
    log(`[correo entrante] No se inicia: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
  if (!config.smtp && !config.imap) return false;
  // The landing pipeline loads with the first mail (tests of the transports inject their own handler).
  const handle: InboundHandler = options.handle ?? (async (raw, meta) => (await import("./receive")).receiveInboundMail(raw, meta));
  const retryMs = options.retryMs ?? TAKEOVER_RETRY_MS;
  const started: Supervisor[] = [];
  const { smtp, imap } = config;
  if (smtp) {
    started.push(
      superviseExclusively(
        "inbound-smtp",
        "El servidor SMTP de entrada",
        async () => {
          const listener = await startSmtpListener({ ...smtp, handle, log });
          log(`[correo entrante] Servidor SMTP de entrada escuchando en ${listener.host}:${listener.port}.`);
          return { done: listener.done, stop: () => listener.close() };
        },
        retryMs,
        log,
      ),
    );
  }
  if (imap) {
    started.push(
      superviseExclusively(
        "inbound-imap",
        "La lectura del buzón IMAP",
        async () => {
          const poller = startImapPoller({ ...imap, handle, log });
          log(`[correo entrante] Leyendo el buzón IMAP ${imap.user}@${imap.host}/${imap.mailbox}.`);
          return poller;
        },
        retryMs,
        log,
      ),
    );
  }
  supervisors = started;
  log(`[correo entrante] Configurado: ${describe(config)}.`);
  process.once("SIGTERM", () => void stopInboundMail());
  process.once("SIGINT", () => void stopInboundMail());
  return true;
}

/** Stops the transports started here and releases their claims. */
export async function stopInboundMail(): Promise<void> {
  const running = supervisors;
  if (!running) return;
  supervisors = null;
  await Promise.all(running.map((supervisor) => supervisor.stop().catch(() => {})));
}
