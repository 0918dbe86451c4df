import "server-only";
import { ImapFlow } from "imapflow";
import { INBOUND_MAX_BYTES, type ImapConfig } from "./config";
import type { InboundHandler, InboundMeta, ReceiveResult } from "./receive";

// A mailbox read over IMAP, for deployments where mail reaches a hosted mailbox rather than our
// own SMTP listener. Each message not yet marked is handed over one at a time, oldest first, and
// marked only after the handler says it is committed (or refused for good): a crash in between
// hands it over again on the next round, which the handler's dedupe makes harmless, so no mail is
// ever lost. The mark is a keyword of ours, $LumenProcessed (plus $LumenRejected for a refusal)
// and \Seen; or, with ?move=, the message is also moved to that folder. A server that keeps no
// keywords of its clients' is read by \Seen alone. Between rounds the poller waits in IDLE for new
// mail (5 minutes at most) where the server offers it, else it polls every minute; it reconnects
// with a growing pause after any failure and never throws out of its loop.

export const PROCESSED_KEYWORD = "$LumenProcessed";
export const REJECTED_KEYWORD = "$LumenRejected";

export type ImapPollerOptions = ImapConfig & {
  handle: InboundHandler;
  /** Longest wait in IDLE before a round runs anyway (default 5 min). */
  idleMs?: number;
  /** Pause between rounds on a server without IDLE, and after a temporary failure (default 60 s). */
  pollIntervalMs?: number;
  /** Largest message handed over whole; a bigger one is handed over cut there, for the handler to refuse (default INBOUND_MAX_BYTES). */
  maxBytes?: number;
  /** First and longest pause before reconnecting after a failure (default 1 s and 60 s). */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  /** Where the one line per message and per failure goes (default console.log). */
  log?: (line: string) => void;
  /** Called after every round (tests, the benchmark). */
  onRound?: (round: RoundSummary) => void;
};

export type RoundSummary = {
  /** Messages handed to the handler. */
  handed: number;
  accepted: number;
  rejected: number;
  /** Left in the mailbox for a later round: a temporary failure, or the handler threw. */
  deferred: number;
  /** The round stopped early on a temporary failure. */
  stoppedEarly: boolean;
};

export type ImapPoller = {
  /** Settles once the poller has stopped. */
  done: Promise<void>;
  /** Finishes the message in hand, logs out and stops. */
  stop(): Promise<void>;
};

function loggable(value: string | undefined, max = 200): string {
  return (value ?? "").replace(/[\u0000-\u001F\u007F-\u009F]/g, "?").slice(0, max);
}

/** An IMAP failure in a few words: the server's own answer when it gave one. */
function errorText(error: unknown): string {
  if (!(error instanceof Error)) return loggable(String(error));
  const details = error as Error & { authenticationFailed?: boolean; responseText?: string; code?: string };
  if (details.authenticationFailed) return `el servidor rechazó el usuario o la contraseña (${loggable(details.responseText ?? error.message, 120)})`;
  const server = details.responseText ? `: ${loggable(details.responseText, 120)}` : "";
  return `${loggable(error.message, 120)}${details.code ? ` [${loggable(details.code, 40)}]` : ""}${server}`;
}

function createClient(options: ImapPollerOptions, idleMs: number, maxBytes: number): ImapFlow {
  return new ImapFlow({
    host: options.host,
    port: options.port,
    secure: options.secure,
    auth: { user: options.user, pass: options.password },
    logger: false,
    // IDLE is entered deliberately between rounds, never behind the poller's back.
    disableAutoIdle: true,
    connectionTimeout: 30_000,
    greetingTimeout: 16_000,
    // A quiet connection is expected for as long as an IDLE lasts.
    socketTimeout: idleMs + 60_000,
    // Nothing larger than one (cut) message is ever asked for.
    maxLiteralSize: maxBytes + 64 * 1024,
    clientInfo: { name: "Lumen Consultoría TI" },
  });
}

/** Opens the mailbox (and the folder processed mail moves to); says how processed mail is marked. */
async function openMailbox(client: ImapFlow, options: ImapPollerOptions, log: (line: string) => void): Promise<{ keywords: boolean }> {
  // An existing folder is no error; a server that will not create it says so at the first move.
  if (options.moveTo) await client.mailboxCreate(options.moveTo).catch(() => undefined);
  await client.mailboxOpen(options.mailbox);
  const permanent = client.mailbox ? client.mailbox.permanentFlags : undefined;
  const keywords = Boolean(permanent?.has("\\*"));
  if (!keywords) {
    log(`[correo entrante] IMAP ${loggable(options.host)}: el servidor no guarda palabras clave propias; el correo procesado se marca solo como leído (\\Seen) y se procesa el no leído.`);
  }
  return { keywords };
}

function describe(result: ReceiveResult): string {
  if (result.status === "accepted") return `aceptado (${loggable(result.outcome, 60)})`;
  if (result.status === "temporary_failure") return `falla temporal (${loggable(result.reason, 120)})`;
  return `rechazado (${loggable(result.reason, 120)})`;
}

/**
 * One pass over the open mailbox: every message not yet marked, oldest first. Stops early on a
 * temporary failure (the database is down: the rest would fail too) or when `stopping()` says so.
 */
async function processMailbox(
  client: ImapFlow,
  options: ImapPollerOptions,
  mark: { keywords: boolean },
  run: { stopping: () => boolean; handling: boolean },
  log: (line: string) => void,
): Promise<RoundSummary> {
  const maxBytes = options.maxBytes ?? INBOUND_MAX_BYTES;
  const summary: RoundSummary = { handed: 0, accepted: 0, rejected: 0, deferred: 0, stoppedEarly: false };
  const found = await client.search(mark.keywords ? { unKeyword: PROCESSED_KEYWORD } : { seen: false }, { uid: true });
  const uids = (found || []).sort((a, b) => a - b);
  const where = `IMAP ${loggable(options.host)}/${loggable(options.mailbox, 60)}`;
  for (const uid of uids) {
    if (run.stopping()) break;
    // BODY.PEEK: fetching leaves \Seen alone; a message past the limit comes cut at it.
    const message = await client.fetchOne(String(uid), { uid: true, size: true, source: { start: 0, maxLength: maxBytes + 1 } }, { uid: true });
    if (!message || !message.source) continue; // expunged meanwhile
    const raw = message.source;
    const meta: InboundMeta = { via: "imap", recipients: [] };
    const started = Date.now();
    summary.handed += 1;
    // From here until it is marked, the message is "in hand": stop() lets it finish.
    run.handling = true;
    try {
      let result: ReceiveResult;
      try {
        result = await options.handle(raw, meta);
      } catch (error) {
        // Left unmarked: the next round hands it over again. The others are not held up by it.
        summary.deferred += 1;
        log(`[correo entrante] ${where} UID ${uid}: ${message.size ?? raw.length} bytes, error al procesarlo (${errorText(error)}); se reintentará.`);
        continue;
      }
      log(`[correo entrante] ${where} UID ${uid}: ${message.size ?? raw.length} bytes, ${describe(result)}, ${Date.now() - started} ms`);
      if (result.status === "temporary_failure") {
        summary.deferred += 1;
        summary.stoppedEarly = true;
        break;
      }
      const flags = mark.keywords ? ["\\Seen", PROCESSED_KEYWORD, ...(result.status === "rejected" ? [REJECTED_KEYWORD] : [])] : ["\\Seen"];
      await client.messageFlagsAdd(String(uid), flags, { uid: true });
      if (options.moveTo) await client.messageMove(String(uid), options.moveTo, { uid: true });
      if (result.status === "accepted") summary.accepted += 1;
      else summary.rejected += 1;
    } finally {
      run.handling = false;
    }
  }
  return summary;
}

async function closeClient(client: ImapFlow): Promise<void> {
  if (!client.usable) {
    client.close();
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([client.logout().catch(() => client.close()), new Promise<void>((resolve) => (timer = setTimeout(resolve, 3_000)))]);
  clearTimeout(timer);
  client.close();
}

/** Connects, runs one round, logs out (tests; the poller's loop keeps its connection between rounds). */
export async function pollMailboxOnce(options: ImapPollerOptions): Promise<RoundSummary> {
  const log = options.log ?? ((line: string) => console.log(line));
  const maxBytes = options.maxBytes ?? INBOUND_MAX_BYTES;
  const client = createClient(options, options.idleMs ?? 300_000, maxBytes);
  client.on("error", () => {});
  await client.connect();
  try {
    const mark = await openMailbox(client, options, log);
    const summary = await processMailbox(client, options, mark, { stopping: () => false, handling: false }, log);
    options.onRound?.(summary);
    return summary;
  } finally {
    await closeClient(client);
  }
}

/** Starts the poller's loop (connect, rounds, IDLE or pauses, reconnects) until stop(). */
export function startImapPoller(options: ImapPollerOptions): ImapPoller {
  const log = options.log ?? ((line: string) => console.log(line));
  const idleMs = options.idleMs ?? 300_000;
  const pollIntervalMs = options.pollIntervalMs ?? 60_000;
  const maxBytes = options.maxBytes ?? INBOUND_MAX_BYTES;
  const reconnectMinMs = options.reconnectMinMs ?? 1_000;
  const reconnectMaxMs = options.reconnectMaxMs ?? 60_000;
  const server = `IMAP ${loggable(options.host)}:${options.port}`;

  let stopping = false;
  /** Wakes whatever the loop is waiting for (IDLE, a pause). */
  let wake: () => void = () => {};
  let current: ImapFlow | null = null;
  const run = { stopping: () => stopping, handling: false };

  /** Waits up to `ms`, or less when woken (new mail, the connection closed, stop()). */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = () => {};
        resolve();
      }
      wake = done;
      if (stopping) done();
    });

  const loop = async () => {
    let failures = 0;
    while (!stopping) {
      const client = createClient(options, idleMs, maxBytes);
      current = client;
      // Set by the server's EXISTS (new mail) and by the connection closing; read before waiting.
      let changed = false;
      client.on("exists", () => {
        changed = true;
        wake();
      });
      client.on("close", () => wake());
      client.on("error", (error: Error) => log(`[correo entrante] ${server}: ${errorText(error)}`));
      try {
        await client.connect();
        const mark = await openMailbox(client, options, log);
        const idle = client.capabilities.has("IDLE");
        while (!stopping && client.usable) {
          changed = false;
          const round = await processMailbox(client, options, mark, run, log);
          // The pause before reconnecting grows only while no round gets through.
          if (failures > 0) log(`[correo entrante] ${server}: conectado de nuevo.`);
          failures = 0;
          options.onRound?.(round);
          if (stopping || !client.usable) break;
          if (round.stoppedEarly) {
            await pause(pollIntervalMs);
          } else if (changed) {
            continue; // mail arrived during the round
          } else if (idle) {
            const idling = client.idle().catch(() => {});
            if (!changed) await pause(idleMs);
            // The next command (the round's SEARCH) ends the IDLE; on stop, logout does.
            void idling;
          } else {
            await pause(pollIntervalMs);
          }
        }
        // A server that drops the connection is retried like any failure, with the growing pause.
        if (!stopping) throw new Error("el servidor cerró la conexión");
      } catch (error) {
        if (!stopping) {
          failures += 1;
          log(`[correo entrante] ${server}: ${errorText(error)}; se reintenta la conexión.`);
        }
      } finally {
        current = null;
        await closeClient(client).catch(() => {});
      }
      if (!stopping && failures > 0) await pause(Math.min(reconnectMaxMs, reconnectMinMs * 2 ** (failures - 1)));
    }
  };

  const done = loop().catch((error: unknown) => log(`[correo entrante] ${server}: ${errorText(error)}`));
  return {
    done,
    async stop() {
      stopping = true;
      wake();
      // A message in hand is finished (handled and marked) first; anything else (connecting, a
      // SEARCH, a FETCH, IDLE) is cut short: whatever was not marked is simply read again next time.
      if (!run.handling) current?.close();
      await done;
    },
  };
}
