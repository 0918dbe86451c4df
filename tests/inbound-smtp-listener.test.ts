// The inbound SMTP listener (lib/inbound/smtp-listener.ts) on a real port, spoken to by a real
// SMTP client (nodemailer) and, for the protocol's edge cases, by a raw socket: what a sending
// mail server hears back, and what the inbound handler is given.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import forge from "node-forge";
import nodemailer from "nodemailer";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { INBOUND_MAX_BYTES, INBOUND_MAX_RECIPIENTS, inboundConfigProblem, readInboundConfig } from "@/lib/inbound/config";
import { INBOUND_LIMITS } from "@/lib/inbound/parse";
import type { InboundHandler, InboundMeta, ReceiveResult } from "@/lib/inbound/receive";
import { startSmtpListener, type SmtpListener } from "@/lib/inbound/smtp-listener";
import { startInboundMail, stopInboundMail } from "@/lib/inbound/transports";
import { freePort } from "./helpers/smtp";

type Call = { raw: Buffer; meta: InboundMeta };

/** A handler that records what it is given and answers from `next` (accepted when empty). */
function fakeHandler() {
  const calls: Call[] = [];
  const next: (ReceiveResult | Error)[] = [];
  const handle: InboundHandler = async (raw, meta) => {
    calls.push({ raw, meta });
    const answer = next.shift() ?? { status: "accepted", outcome: "contact_entry" };
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { calls, next, handle };
}

/** A raw SMTP session: writes lines, reads whole replies (multi-line ones joined by "\n"). */
class RawSession {
  private buffer = "";
  private lines: string[] = [];
  private waiting: (() => void) | null = null;
  private constructor(private readonly socket: net.Socket) {
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      this.buffer += chunk;
      let end: number;
      while ((end = this.buffer.indexOf("\r\n")) !== -1) {
        this.lines.push(this.buffer.slice(0, end));
        this.buffer = this.buffer.slice(end + 2);
      }
      this.waiting?.();
    });
    socket.on("close", () => this.waiting?.());
  }

  static async open(port: number): Promise<{ session: RawSession; greeting: string }> {
    const socket = net.connect(port, "127.0.0.1");
    await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    const session = new RawSession(socket);
    return { session, greeting: await session.reply() };
  }

  /** The next complete reply ("250-…\n250 …"). */
  async reply(timeoutMs = 15_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const last = this.lines.findIndex((line) => /^\d{3} /.test(line) || /^\d{3}$/.test(line));
      if (last !== -1) return this.lines.splice(0, last + 1).join("\n");
      if (this.socket.destroyed) throw new Error(`connection closed; pending: ${this.lines.join(" | ")}`);
      if (Date.now() > deadline) throw new Error(`no reply; pending: ${this.lines.join(" | ")}`);
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
        setTimeout(resolve, 200);
      });
      this.waiting = null;
    }
  }

  async command(line: string): Promise<string> {
    this.socket.write(`${line}\r\n`);
    return this.reply();
  }

  /** Writes without waiting for a reply (DATA's content), honouring back-pressure. */
  async write(data: string | Buffer): Promise<void> {
    if (!this.socket.write(data)) await new Promise<void>((resolve) => this.socket.once("drain", resolve));
  }

  close() {
    this.socket.destroy();
  }
}

const DOMAIN = "lumenti.pe";
const message = (subject: string, body = "Gracias, quedo atento.") =>
  [`From: Ana Pérez <ana@cliente.pe>`, `To: soporte@${DOMAIN}`, `Subject: ${subject}`, `Message-ID: <${subject.replace(/\W/g, "")}@cliente.pe>`, "", body, ""].join("\r\n");

let listener: SmtpListener;
const handler = fakeHandler();
const logged: string[] = [];

beforeAll(async () => {
  listener = await startSmtpListener({ port: 0, host: "127.0.0.1", domains: [DOMAIN, "soporte.lumenti.pe"], tls: null, handle: handler.handle, log: (line) => logged.push(line) });
});
afterAll(async () => {
  await listener?.close();
});
afterEach(() => {
  handler.calls.length = 0;
  handler.next.length = 0;
});

function transport() {
  return nodemailer.createTransport({ host: "127.0.0.1", port: listener.port, secure: false, ignoreTLS: true, name: "mx.cliente.pe" });
}

describe("inbound SMTP listener", () => {
  it("takes a reply for one of its domains from a real SMTP client and hands over the exact bytes", async () => {
    const info = await transport().sendMail({
      envelope: { from: "ana@cliente.pe", to: [`soporte+abc@${DOMAIN}`, "Ventas@Soporte.Lumenti.pe"] },
      raw: message("Re: Consulta [#C-12]", "Línea con tildes: ñandú.\r\n..punto inicial"),
    });
    expect(info.response).toMatch(/^250 2\.6\.0 /);
    expect(handler.calls).toHaveLength(1);
    const [{ raw, meta }] = handler.calls;
    // Byte for byte what the client sent (dot-stuffing undone, UTF-8 untouched).
    expect(raw.equals(Buffer.from(message("Re: Consulta [#C-12]", "Línea con tildes: ñandú.\r\n..punto inicial")))).toBe(true);
    expect(meta).toEqual({
      via: "smtp",
      remoteAddress: "127.0.0.1",
      helo: "mx.cliente.pe",
      mailFrom: "ana@cliente.pe",
      // (nodemailer lower-cases the domain it sends in RCPT TO; the local part is left as written)
      recipients: [`soporte+abc@${DOMAIN}`, "Ventas@soporte.lumenti.pe"],
    });
    // One line per mail, without its body.
    const line = logged.find((entry) => entry.includes("<ana@cliente.pe>") && entry.includes("aceptado"));
    expect(line).toContain("contact_entry");
    expect(line).not.toContain("ñandú");
  });

  it("announces its size limit, and neither AUTH nor STARTTLS without a certificate", async () => {
    const { session, greeting } = await RawSession.open(listener.port);
    expect(greeting).toMatch(/^220 /);
    const ehlo = await session.command("EHLO mx.cliente.pe");
    expect(ehlo).toContain(`250-SIZE ${INBOUND_MAX_BYTES}`.replace("250-", ""));
    expect(ehlo).not.toMatch(/AUTH|STARTTLS/);
    expect(await session.command("AUTH PLAIN AGxvcmVtAGlwc3Vt")).toMatch(/^50[02] /);
    session.close();
  });

  it("refuses to relay: a recipient outside its domains is 550 5.7.1, the others in the same mail still count", async () => {
    await expect(transport().sendMail({ envelope: { from: "spam@otro.com", to: ["victima@gmail.com"] }, raw: message("Relay") })).rejects.toMatchObject({
      responseCode: 550,
      response: expect.stringMatching(/^550 5\.7\.1 /),
    });
    // A look-alike domain is not ours either.
    const { session } = await RawSession.open(listener.port);
    await session.command("EHLO mx.otro.com");
    await session.command("MAIL FROM:<a@otro.com>");
    expect(await session.command(`RCPT TO:<x@${DOMAIN}.evil.com>`)).toMatch(/^550 5\.7\.1 /);
    expect(await session.command(`RCPT TO:<x@evil${DOMAIN}>`)).toMatch(/^550 5\.7\.1 /);
    expect(await session.command(`RCPT TO:<x@${DOMAIN.toUpperCase()}>`)).toMatch(/^250 /);
    expect(await session.command("DATA")).toMatch(/^354/);
    expect(await session.command(`${message("Solo el nuestro")}.`)).toMatch(/^250 /);
    expect(handler.calls.map((call) => call.meta.recipients)).toEqual([[`x@${DOMAIN.toUpperCase()}`]]);
    session.close();
  });

  it("answers 452 4.5.3 past 50 recipients and delivers to the first 50", async () => {
    const { session } = await RawSession.open(listener.port);
    await session.command("EHLO mx.cliente.pe");
    await session.command("MAIL FROM:<lista@cliente.pe>");
    for (let index = 1; index <= 50; index += 1) expect(await session.command(`RCPT TO:<persona${index}@${DOMAIN}>`)).toMatch(/^250 /);
    expect(await session.command(`RCPT TO:<persona51@${DOMAIN}>`)).toMatch(/^452 4\.5\.3 /);
    // Naming one of the 50 again is no new recipient.
    expect(await session.command(`RCPT TO:<persona7@${DOMAIN}>`)).toMatch(/^250 /);
    await session.command("DATA");
    expect(await session.command(`${message("Muchos")}.`)).toMatch(/^250 /);
    expect(handler.calls[0].meta.recipients).toHaveLength(50);
    expect(logged.at(-1)).toMatch(/→ persona1@lumenti\.pe, persona2@lumenti\.pe, .* y 45 más: /);
    session.close();
  });

  it("reads a 26 MB message to its end without keeping it, answers 552 5.3.4, and the connection goes on", async () => {
    const { session } = await RawSession.open(listener.port);
    await session.command("EHLO mx.cliente.pe");
    await session.command("MAIL FROM:<grande@cliente.pe>");
    await session.command(`RCPT TO:<soporte@${DOMAIN}>`);
    expect(await session.command("DATA")).toMatch(/^354/);
    const line = `${"x".repeat(1022)}\r\n`;
    const block = Buffer.from(line.repeat(1024)); // 1 MiB: 26 of them are over the 25.5 MiB limit
    await session.write(message("Adjunto enorme").replace(/\r\n$/, "\r\n"));
    for (let megabyte = 0; megabyte < 26; megabyte += 1) await session.write(block);
    expect(await session.command(".")).toMatch(/^552 5\.3\.4 /);
    expect(handler.calls).toHaveLength(0);

    // Same connection, next mail: accepted.
    expect(await session.command("MAIL FROM:<grande@cliente.pe>")).toMatch(/^250 /);
    expect(await session.command(`RCPT TO:<soporte@${DOMAIN}>`)).toMatch(/^250 /);
    await session.command("DATA");
    expect(await session.command(`${message("Ahora sin adjunto")}.`)).toMatch(/^250 /);
    expect(handler.calls).toHaveLength(1);
    expect(handler.calls[0].raw.toString()).toContain("Subject: Ahora sin adjunto");
    session.close();
  }, 20_000);

  it("refuses up front a mail whose declared SIZE is over the limit", async () => {
    const { session } = await RawSession.open(listener.port);
    await session.command("EHLO mx.cliente.pe");
    expect(await session.command(`MAIL FROM:<grande@cliente.pe> SIZE=${INBOUND_MAX_BYTES + 1}`)).toMatch(/^552 /);
    expect(await session.command(`MAIL FROM:<grande@cliente.pe> SIZE=${INBOUND_MAX_BYTES}`)).toMatch(/^250 /);
    session.close();
  });

  it("answers 451 4.3.0 when the handler throws or cannot keep the mail, and the next mail lands", async () => {
    handler.next.push(new Error("la base de datos se cayó"), { status: "temporary_failure", reason: "base de datos no disponible" });
    const client = transport();
    await expect(client.sendMail({ envelope: { from: "ana@cliente.pe", to: [`soporte@${DOMAIN}`] }, raw: message("Primero") })).rejects.toMatchObject({
      responseCode: 451,
      response: expect.stringMatching(/^451 4\.3\.0 /),
    });
    await expect(client.sendMail({ envelope: { from: "ana@cliente.pe", to: [`soporte@${DOMAIN}`] }, raw: message("Segundo") })).rejects.toMatchObject({
      responseCode: 451,
    });
    const info = await client.sendMail({ envelope: { from: "ana@cliente.pe", to: [`soporte@${DOMAIN}`] }, raw: message("Tercero") });
    expect(info.response).toMatch(/^250 /);
    expect(handler.calls.map((call) => /Subject: (\w+)/.exec(call.raw.toString())?.[1])).toEqual(["Primero", "Segundo", "Tercero"]);
    expect(logged.some((line) => line.includes("la base de datos se cayó"))).toBe(true);
  });

  it("answers a refusal by the handler with a permanent 550 5.6.0 and its reason", async () => {
    handler.next.push({ status: "rejected", reason: "Remitente bloqueado por políticas\r\n250 OK" });
    await expect(transport().sendMail({ envelope: { from: "x@cliente.pe", to: [`soporte@${DOMAIN}`] }, raw: message("Bloqueado") })).rejects.toMatchObject({
      responseCode: 550,
      // One ASCII line, as SMTP replies must be: no accents, and the reason cannot add a reply of its own.
      response: "550 5.6.0 Mensaje rechazado: Remitente bloqueado por politicas??250 OK",
    });
  });

  it("hands over malformed MIME as it came, and the null sender of a bounce", async () => {
    const { session } = await RawSession.open(listener.port);
    await session.command("HELO rebote");
    expect(await session.command("MAIL FROM:<>")).toMatch(/^250 /);
    await session.command(`RCPT TO:<soporte@${DOMAIN}>`);
    await session.command("DATA");
    const garbage = "sin cabeceras\r\nContent-Type: multipart/mixed; boundary=\r\n--nada\r\n\u0001\u0002 basura";
    expect(await session.command(`${garbage}\r\n.`)).toMatch(/^250 /);
    expect(handler.calls[0].raw.toString("latin1")).toBe(`${garbage}\r\n`);
    expect(handler.calls[0].meta).toMatchObject({ helo: "rebote", mailFrom: "" });
    session.close();
  });

  it("keeps its footing with CR/LF tricks: no command smuggled in or out of DATA, no header injection", async () => {
    const { session } = await RawSession.open(listener.port);
    await session.command("EHLO mx.cliente.pe");
    // A bare CR or LF inside a command line does not start a second command.
    const injected = await session.command(`MAIL FROM:<a@cliente.pe>\rRCPT TO:<victima@gmail.com>`);
    expect(injected.split("\n")).toHaveLength(1); // one reply: one command
    expect(await session.command("DATA")).toMatch(/^503 /); // no recipient was taken from it
    await session.command("RSET");
    expect(await session.command("MAIL FROM:<a@cliente.pe>")).toMatch(/^250 /);
    expect(await session.command(`RCPT TO:<soporte@${DOMAIN}>`)).toMatch(/^250 /);
    expect(await session.command("DATA")).toMatch(/^354/);
    // SMTP smuggling: only CRLF.CRLF ends the data, so "\n.\n" and "\n.\r\n" are part of the message.
    const smuggled = [
      message("Contrabando").replace(/\r\n$/, ""),
      "\n.\nMAIL FROM:<mallory@gmail.com>\r\nRCPT TO:<x@gmail.com>\r\nDATA\r\n",
      "Subject: falso\n.\r\nQUIT\r\n",
      "Cabecera: valor\r\n\tplegado con\rCR suelto\r\n",
    ].join("");
    await session.write(smuggled);
    const answer = await session.command(".");
    expect(answer).toMatch(/^250 /);
    expect(handler.calls).toHaveLength(1);
    expect(handler.calls[0].raw.toString()).toBe(`${smuggled}`);
    // The session is still ours, and nothing was sent for mallory.
    expect(await session.command("NOOP")).toMatch(/^250 /);
    expect(handler.calls).toHaveLength(1);
    session.close();
  });

  it("serves a bounded number of connections at once", async () => {
    const small = await startSmtpListener({ port: 0, host: "127.0.0.1", domains: [DOMAIN], tls: null, handle: handler.handle, maxClients: 2, log: () => {} });
    try {
      const first = await RawSession.open(small.port);
      const second = await RawSession.open(small.port);
      const third = await RawSession.open(small.port);
      expect(first.greeting).toMatch(/^220 /);
      expect(second.greeting).toMatch(/^220 /);
      expect(third.greeting).toMatch(/^421 /);
      for (const { session } of [first, second, third]) session.close();
    } finally {
      await small.close();
    }
  });

  it("closes a silent connection after its timeout", async () => {
    const quick = await startSmtpListener({ port: 0, host: "127.0.0.1", domains: [DOMAIN], tls: null, handle: handler.handle, socketTimeoutMs: 300, log: () => {} });
    try {
      const { session } = await RawSession.open(quick.port);
      expect(await session.reply(3_000)).toMatch(/^421 /);
      session.close();
    } finally {
      await quick.close();
    }
  });

  it("offers STARTTLS with the configured key and certificate, and takes mail over it", async () => {
    const keys = forge.pki.rsa.generateKeyPair(2048);
    const certificate = forge.pki.createCertificate();
    certificate.publicKey = keys.publicKey;
    certificate.serialNumber = "01";
    certificate.validity.notBefore = new Date(Date.now() - 60_000);
    certificate.validity.notAfter = new Date(Date.now() + 86_400_000);
    certificate.setSubject([{ name: "commonName", value: "mx.lumenti.pe" }]);
    certificate.setIssuer([{ name: "commonName", value: "mx.lumenti.pe" }]);
    certificate.sign(keys.privateKey, forge.md.sha256.create());
    const dir = mkdtempSync(path.join(tmpdir(), "inbound-tls-"));
    const keyPath = path.join(dir, "key.pem");
    const certPath = path.join(dir, "cert.pem");
    writeFileSync(keyPath, forge.pki.privateKeyToPem(keys.privateKey));
    writeFileSync(certPath, forge.pki.certificateToPem(certificate));
    const secured = await startSmtpListener({ port: 0, host: "127.0.0.1", domains: [DOMAIN], tls: { keyPath, certPath }, handle: handler.handle, log: () => {} });
    try {
      const { session } = await RawSession.open(secured.port);
      const ehlo = await session.command("EHLO mx.cliente.pe");
      expect(ehlo).toContain("STARTTLS");
      expect(ehlo).not.toContain("AUTH");
      session.close();
      const info = await nodemailer
        .createTransport({ host: "127.0.0.1", port: secured.port, secure: false, requireTLS: true, tls: { rejectUnauthorized: false } })
        .sendMail({ envelope: { from: "ana@cliente.pe", to: [`soporte@${DOMAIN}`] }, raw: message("Cifrado") });
      expect(info.response).toMatch(/^250 /);
      expect(handler.calls.map((call) => /Subject: (\w+)/.exec(call.raw.toString())?.[1])).toEqual(["Cifrado"]);
    } finally {
      await secured.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("says in Spanish why it cannot listen when the port is taken", async () => {
    await expect(startSmtpListener({ port: listener.port, host: "127.0.0.1", domains: [DOMAIN], tls: null, handle: handler.handle })).rejects.toThrow(
      `No se pudo escuchar en 127.0.0.1:${listener.port}: el puerto ya está en uso.`,
    );
  });
});

describe("inbound SMTP settings", () => {
  it("uses the parser's limits: what the listener takes, the parser reads whole", () => {
    expect(INBOUND_MAX_BYTES).toBe(INBOUND_LIMITS.maxBytes);
    expect(INBOUND_MAX_RECIPIENTS).toBe(INBOUND_LIMITS.maxRecipients);
  });

  it("starts nothing without INBOUND_SMTP_PORT, and reads the port, host and domains", () => {
    expect(readInboundConfig({})).toEqual({ smtp: null, imap: null });
    expect(readInboundConfig({ INBOUND_SMTP_PORT: "2525", INBOUND_SMTP_DOMAINS: " Lumenti.pe, soporte.lumenti.pe. ,lumenti.pe" }).smtp).toEqual({
      port: 2525,
      host: "0.0.0.0",
      domains: ["lumenti.pe", "soporte.lumenti.pe"],
      tls: null,
    });
  });

  it.each([
    [{ INBOUND_SMTP_PORT: "25x", INBOUND_SMTP_DOMAINS: "lumenti.pe" }, "INBOUND_SMTP_PORT debe ser un número de puerto (1 a 65535). Valor recibido: «25x»."],
    [{ INBOUND_SMTP_PORT: "70000", INBOUND_SMTP_DOMAINS: "lumenti.pe" }, "INBOUND_SMTP_PORT debe ser un número de puerto"],
    [{ INBOUND_SMTP_PORT: "2525" }, "Falta INBOUND_SMTP_DOMAINS"],
    [{ INBOUND_SMTP_PORT: "2525", INBOUND_SMTP_DOMAINS: "lumenti.pe,ejemplo" }, "INBOUND_SMTP_DOMAINS contiene «ejemplo», que no es un nombre de dominio"],
    [{ INBOUND_SMTP_PORT: "2525", INBOUND_SMTP_DOMAINS: " , " }, "INBOUND_SMTP_DOMAINS está vacía"],
    [{ INBOUND_SMTP_PORT: "2525", INBOUND_SMTP_DOMAINS: "lumenti.pe", INBOUND_SMTP_HOST: "no es un host" }, "INBOUND_SMTP_HOST debe ser una dirección IP o un nombre de equipo"],
    [{ INBOUND_SMTP_DOMAINS: "lumenti.pe" }, "INBOUND_SMTP_DOMAINS está definida pero falta INBOUND_SMTP_PORT"],
    [{ INBOUND_SMTP_PORT: "2525", INBOUND_SMTP_DOMAINS: "lumenti.pe", INBOUND_SMTP_TLS_KEY: "/etc/clave.pem" }, "Falta INBOUND_SMTP_TLS_CERT"],
    [{ INBOUND_SMTP_PORT: "2525", INBOUND_SMTP_DOMAINS: "lumenti.pe", INBOUND_SMTP_TLS_KEY: "/no/existe.pem", INBOUND_SMTP_TLS_CERT: "/no/existe.crt" }, "INBOUND_SMTP_TLS_KEY indica un archivo que no existe"],
  ])("refuses %j with a Spanish line", (env, expected) => {
    expect(inboundConfigProblem(env)).toContain(expected);
  });
});

describe("inbound mail inside the server", () => {
  afterEach(async () => {
    await stopInboundMail();
  });

  it("starts nothing when unconfigured", () => {
    expect(startInboundMail({ env: {}, handle: handler.handle, log: () => {} })).toBe(false);
  });

  it("listens in one instance only: waits while another holds the claim, takes over when it lapses, releases it on stop", async () => {
    const port = await freePort();
    await db.$executeRaw`INSERT INTO job_claims (job, owner, claimed_at, claimed_until)
      VALUES ('inbound-smtp', 'otra:1:abc', now(), now() + interval '1 hour')
      ON CONFLICT (job) DO UPDATE SET owner = EXCLUDED.owner, claimed_until = EXCLUDED.claimed_until`;
    const lines: string[] = [];
    const started = startInboundMail({
      env: { INBOUND_SMTP_PORT: String(port), INBOUND_SMTP_HOST: "127.0.0.1", INBOUND_SMTP_DOMAINS: DOMAIN },
      handle: handler.handle,
      retryMs: 200,
      log: (line) => lines.push(line),
    });
    expect(started).toBe(true);
    await expect.poll(() => lines.some((line) => line.includes("lo atiende otra instancia (otra:1:abc)"))).toBe(true);
    await expect(RawSession.open(port)).rejects.toThrow(/ECONNREFUSED/);

    // The other instance died: its lease lapses, and this one takes over within a retry.
    await db.$executeRaw`UPDATE job_claims SET claimed_until = now() - interval '1 second' WHERE job = 'inbound-smtp'`;
    await expect.poll(() => lines.some((line) => line.includes(`escuchando en 127.0.0.1:${port}`)), { timeout: 5_000 }).toBe(true);
    const info = await nodemailer
      .createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true })
      .sendMail({ envelope: { from: "ana@cliente.pe", to: [`soporte@${DOMAIN}`] }, raw: message("Tomado") });
    expect(info.response).toMatch(/^250 /);
    const [held] = await db.$queryRaw<{ owner: string; held: boolean }[]>`SELECT owner, claimed_until > now() AS held FROM job_claims WHERE job = 'inbound-smtp'`;
    expect(held.held).toBe(true);
    expect(held.owner).toContain(`:${process.pid}:`);

    await stopInboundMail();
    await expect(RawSession.open(port)).rejects.toThrow(/ECONNREFUSED/);
    const [released] = await db.$queryRaw<{ held: boolean }[]>`SELECT claimed_until > now() AS held FROM job_claims WHERE job = 'inbound-smtp'`;
    expect(released.held).toBe(false);
  });
});
