// `npm run bench:inbound`: inbound e-mail through the SMTP listener with the real landing pipeline
// (lib/inbound/receive.ts) on a THROWAWAY database (an in-memory embedded PGlite, or a new
// database on DATABASE_URL's server), migrated and seeded with the demo content. BENCH_INBOUND_MAILS
// replies to the seeded contact conversations (addressed to each one's plus-address, with its
// subject reference) are sent by BENCH_INBOUND_CLIENTS concurrent SMTP clients, one connection
// each. Prints mails per second, the SMTP transaction time (MAIL FROM to 250) and the delay from
// the 250 to the mail's inbound_emails row being visible on another connection (p50 / p95), and
// where the mails landed. Outgoing notices go to an SMTP sink of its own. Figures only: no pass/fail.
//
// BENCH_INBOUND_MAILS (default 200), BENCH_INBOUND_CLIENTS (default 4).
import "./lib/load-env";
import { randomBytes } from "node:crypto";
import net from "node:net";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import type { SmtpListener } from "../lib/inbound/smtp-listener";
import { percentile } from "../lib/stats";
import { deployMigrations } from "../prisma/migrate";
import { startEmbeddedDatabase } from "./lib/embedded-database";
import { createThrowawayDatabase } from "./lib/throwaway-database";

const MAILS = Math.max(1, Number(process.env.BENCH_INBOUND_MAILS) || 200);
const CLIENTS = Math.max(1, Number(process.env.BENCH_INBOUND_CLIENTS) || 4);
const WARMUP = 8;
const DOMAIN = "lumenti.pe";
const REPLY_ADDRESS = `soporte@${DOMAIN}`;

async function createDatabase(): Promise<{ url: string; embedded: boolean; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const db = await startEmbeddedDatabase({ dataDir: null, port: 0 });
    return { url: db.url, embedded: true, drop: () => db.stop() };
  }
  const database = await createThrowawayDatabase(serverUrl, `bench_inbound_${randomBytes(4).toString("hex")}`);
  return { url: database.url, embedded: false, drop: database.drop };
}

/** Where the app's own notices go: accepted and forgotten. */
async function startSink(): Promise<{ url: string; close: () => Promise<void> }> {
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => callback());
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", () => resolve()));
  const address = sink.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => sink.close(() => resolve())) };
}

type Conversation = { id: number; email: string; subject: string | null; token: string };

/**
 * A sending server's side of one SMTP connection, kept open for every mail it sends: MAIL, RCPT and
 * DATA pipelined (the listener announces PIPELINING) on a socket without Nagle's delay, as an MTA
 * sends. (nodemailer's client waits out a delayed ACK on every message here, ~40 ms that would be
 * measured instead of the listener.)
 */
class SmtpClient {
  private buffer = "";
  private waiter: (() => void) | null = null;
  private constructor(private readonly socket: net.Socket) {
    socket.setNoDelay(true);
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      this.buffer += chunk;
      this.waiter?.();
    });
  }

  static async connect(port: number): Promise<SmtpClient> {
    const socket = net.connect(port, "127.0.0.1");
    await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    const client = new SmtpClient(socket);
    await client.replies(1, 220);
    socket.write("EHLO mx.cliente.pe\r\n");
    await client.replies(1, 250);
    return client;
  }

  /** Waits for `count` final reply lines; each must start with `code` (else throws with the reply). */
  private async replies(count: number, ...codes: number[]): Promise<void> {
    for (let index = 0; index < count; index += 1) {
      let line: RegExpExecArray | null;
      while (!(line = /^(\d{3}) .*\r\n/m.exec(this.buffer))) {
        if (this.socket.destroyed) throw new Error("La conexión SMTP se cerró.");
        await new Promise<void>((resolve) => (this.waiter = resolve));
      }
      this.buffer = this.buffer.slice(line.index + line[0].length);
      const expected = codes[index] ?? codes[codes.length - 1];
      if (Number(line[1]) !== expected) throw new Error(`Respuesta SMTP inesperada: ${line[0].trim()}`);
    }
  }

  async send(from: string, to: string, raw: string): Promise<void> {
    this.socket.write(`MAIL FROM:<${from}>\r\nRCPT TO:<${to}>\r\nDATA\r\n`);
    await this.replies(3, 250, 250, 354);
    this.socket.write(`${raw.replace(/^\./gm, "..")}${raw.endsWith("\r\n") ? "" : "\r\n"}.\r\n`);
    await this.replies(1, 250);
  }

  close() {
    this.socket.end("QUIT\r\n");
  }
}

function reply(conversation: Conversation, index: number): { messageId: string; raw: string } {
  const messageId = `<bench-${index}-${randomBytes(6).toString("hex")}@cliente.pe>`;
  const subject = `Re: ${conversation.subject ?? "Consulta"} [#C-${conversation.id}]`;
  const raw = [
    `From: Cliente <${conversation.email}>`,
    `To: <${REPLY_ADDRESS.replace("@", `+${conversation.token}@`)}>`,
    `Subject: ${subject}`,
    `Message-ID: ${messageId}`,
    `Date: ${new Date().toUTCString()}`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: 8bit",
    "",
    `Gracias por la respuesta. Les confirmo el punto ${index}: podemos reunirnos el jueves a las 10:00.`,
    "",
    "Saludos,",
    "Cliente",
    "",
    "El mar., escribió Lumen Consultoría TI:",
    "> Hola, ¿podría confirmarnos el horario?",
    "",
  ].join("\r\n");
  return { messageId, raw };
}

async function main() {
  const database = await createDatabase();
  console.log(`Base desechable: ${database.embedded ? "PGlite embebida en memoria" : new URL(database.url).pathname.slice(1)}`);
  let listener: SmtpListener | null = null;
  let sink: { close: () => Promise<void> } | null = null;
  // Its own connections (one per client), apart from the app's pool, for the visibility checks.
  const watcher = new pg.Pool({ connectionString: database.url, max: CLIENTS });
  let ok = false;
  try {
    const started = await startSink();
    sink = started;
    // lib/db opens its client with DATABASE_URL when it is first imported: everything that may
    // import it is imported below, once the throwaway database is the one named.
    process.env.DATABASE_URL = database.url;
    process.env.SMTP_URL = started.url;
    process.env.INBOUND_REPLY_ADDRESS = REPLY_ADDRESS;
    const { createPrismaClient } = await import("../lib/db");
    const { seedDatabase } = await import("../prisma/seed");
    const { startSmtpListener } = await import("../lib/inbound/smtp-listener");
    const { receiveInboundMail } = await import("../lib/inbound/receive");

    await deployMigrations(database.url, { log: () => {} });
    const prisma = createPrismaClient(database.url);
    await seedDatabase(prisma);
    await prisma.$disconnect();

    const { rows: conversations } = await watcher.query<Conversation>(
      "SELECT id, email, subject, reply_token AS token FROM contact_messages WHERE deleted_at IS NULL ORDER BY id",
    );
    if (conversations.length === 0) throw new Error("La semilla no dejó conversaciones de contacto.");

    listener = await startSmtpListener({ port: 0, host: "127.0.0.1", domains: [DOMAIN], tls: null, handle: receiveInboundMail, log: () => {} });
    console.log(`Servidor SMTP de entrada en 127.0.0.1:${listener.port}; ${MAILS} respuestas a ${conversations.length} conversaciones, ${CLIENTS} clientes a la vez.\n`);

    const port = listener.port;
    const clients = await Promise.all(Array.from({ length: CLIENTS }, () => SmtpClient.connect(port)));
    const send = async (client: SmtpClient, index: number) => {
      const conversation = conversations[index % conversations.length];
      const mail = reply(conversation, index);
      const began = performance.now();
      await client.send(conversation.email, REPLY_ADDRESS.replace("@", `+${conversation.token}@`), mail.raw);
      const acknowledged = performance.now();
      // Visible to anyone else once the 250 is out? Asked on another connection until it is.
      for (;;) {
        const { rowCount } = await watcher.query("SELECT 1 FROM inbound_emails WHERE message_id = $1", [mail.messageId]);
        if (rowCount) break;
        if (performance.now() - acknowledged > 30_000) throw new Error(`${mail.messageId} no apareció en inbound_emails.`);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      return { transaction: acknowledged - began, visible: performance.now() - acknowledged };
    };

    for (let index = 0; index < WARMUP; index += 1) await send(clients[index % CLIENTS], MAILS + index);

    const transactions: number[] = [];
    const delays: number[] = [];
    let next = 0;
    const began = performance.now();
    await Promise.all(
      clients.map(async (client) => {
        for (let index = next++; index < MAILS; index = next++) {
          const measure = await send(client, index);
          transactions.push(measure.transaction);
          delays.push(measure.visible);
        }
      }),
    );
    const seconds = (performance.now() - began) / 1000;
    for (const client of clients) client.close();

    const sortedTransactions = [...transactions].sort((a, b) => a - b);
    const sortedDelays = [...delays].sort((a, b) => a - b);
    console.log(`${MAILS} correos en ${seconds.toFixed(2)} s: ${(MAILS / seconds).toFixed(1)} correos/s con ${CLIENTS} clientes.\n`);
    console.log("| medida | p50 ms | p95 ms |");
    console.log("|---|---:|---:|");
    console.log(`| transacción SMTP (MAIL FROM → 250) | ${percentile(sortedTransactions, 50).toFixed(1)} | ${percentile(sortedTransactions, 95).toFixed(1)} |`);
    console.log(`| 250 → visible en inbound_emails | ${percentile(sortedDelays, 50).toFixed(1)} | ${percentile(sortedDelays, 95).toFixed(1)} |`);
    const { rows: outcomes } = await watcher.query<{ outcome: string; total: number }>(
      "SELECT outcome, count(*)::int AS total FROM inbound_emails WHERE message_id LIKE '<bench-%' GROUP BY outcome ORDER BY total DESC",
    );
    console.log(`\nDónde quedaron (incluye ${WARMUP} de calentamiento): ${outcomes.map((row) => `${row.outcome} ${row.total}`).join(", ")}`);
    ok = true;
  } catch (error) {
    console.error(error);
  } finally {
    await listener?.close();
    await sink?.close();
    await watcher.end().catch(() => {});
    await database.drop();
  }
  process.exit(ok ? 0 : 1);
}

void main();
