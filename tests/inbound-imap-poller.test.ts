// The IMAP poller (lib/inbound/imap-poller.ts) against a real IMAP server, a private Dovecot
// (tests/helpers/dovecot.ts): which messages are handed over, what marks them processed, and that
// nothing is marked before the handler says it was committed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readInboundConfig, type ImapConfig } from "@/lib/inbound/config";
import { pollMailboxOnce, PROCESSED_KEYWORD, REJECTED_KEYWORD, startImapPoller, type RoundSummary } from "@/lib/inbound/imap-poller";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { receiveInboundMail, type InboundHandler, type ReceiveResult } from "@/lib/inbound/receive";
import { createMessage } from "./helpers/contact-inbox";
import { skipWithoutDovecot, startDovecot, type TestDovecot } from "./helpers/dovecot";
import { freePort } from "./helpers/smtp";

const skip = skipWithoutDovecot();

const mail = (id: string, body = "Gracias, quedo atento.") =>
  [`From: Ana Pérez <ana@cliente.pe>`, "To: soporte@lumenti.pe", `Subject: Re: Consulta ${id} [#C-7]`, `Message-ID: <${id}@cliente.pe>`, "", body, ""].join("\r\n");

const idOf = (raw: Buffer | string) => /Message-ID: <([^@]+)@/.exec(raw.toString())?.[1];

/** A handler that records the Message-IDs it is given and answers from `answers` (accepted otherwise). */
function recorder(answers: Record<string, ReceiveResult | Error> = {}) {
  const seen: string[] = [];
  const handle: InboundHandler = async (raw) => {
    const id = idOf(raw) ?? "?";
    seen.push(id);
    const answer = answers[id];
    delete answers[id];
    if (answer instanceof Error) throw answer;
    return answer ?? { status: "accepted", outcome: "contact_entry" };
  };
  return { seen, handle };
}

let server: TestDovecot;
const logged: string[] = [];

function settings(mailbox: string, moveTo?: string): ImapConfig {
  const config = readInboundConfig({ IMAP_URL: server.url(mailbox, moveTo) }).imap;
  if (!config) throw new Error("IMAP_URL no leída");
  return config;
}

describe.skipIf(skip)("IMAP poller against Dovecot", () => {
  beforeAll(async () => {
    server = await startDovecot();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("with the real landing pipeline, the visitor's answer in the mailbox joins its conversation in one round", async () => {
    const tag = randomUUID().slice(0, 8);
    const message = await createMessage(tag, { status: "replied" });
    const ours = `<${randomUUID()}@lumenti.pe>`;
    await db.contactEntry.updateMany({ where: { messageId: message.id, kind: "reply" }, data: { mailMessageId: ours } });
    const answer = [
      `From: ${message.name} <${message.email}>`,
      "To: soporte@lumenti.pe",
      `Subject: Re: ${message.subject ?? "Consulta"}`,
      `Message-ID: <${randomUUID()}@cliente.pe>`,
      `In-Reply-To: ${ours}`,
      `References: ${ours}`,
      "Content-Type: text/plain; charset=utf-8",
      "",
      `Perfecto, quedo atento a la propuesta (${tag}).`,
      "",
      "El lun, 23 nov 2026 a las 10:15, Lumen Consultoría TI escribió:",
      "> Respuesta previa.",
      "",
    ].join("\r\n");
    await server.append("Landing", answer);
    const round = await pollMailboxOnce({ ...settings("Landing"), handle: receiveInboundMail, log: () => {} });
    expect(round).toMatchObject({ handed: 1, accepted: 1, deferred: 0 });
    const entries = await db.contactEntry.findMany({ where: { messageId: message.id, kind: "inbound" }, select: { body: true } });
    expect(entries).toEqual([{ body: `Perfecto, quedo atento a la propuesta (${tag}).` }]);
    expect((await db.contactMessage.findUniqueOrThrow({ where: { id: message.id }, select: { status: true } })).status).toBe("new");
    expect((await server.list("Landing")).map((stored) => stored.flags)).toEqual([[PROCESSED_KEYWORD, "\\Seen"]]);
  });

  it("hands over every unprocessed message once, oldest first, byte for byte, and marks it processed", async () => {
    for (const id of ["uno", "dos", "tres"]) await server.append("Entrada1", mail(id, `Cuerpo ${id} con tildes: ñandú`));
    const { seen, handle } = recorder();
    const raws: Buffer[] = [];
    const round = await pollMailboxOnce({
      ...settings("Entrada1"),
      handle: async (raw, meta) => {
        raws.push(raw);
        expect(meta).toEqual({ via: "imap", recipients: [] });
        return handle(raw, meta);
      },
      log: (line) => logged.push(line),
    });
    expect(round).toEqual({ handed: 3, accepted: 3, rejected: 0, deferred: 0, stoppedEarly: false });
    expect(seen).toEqual(["uno", "dos", "tres"]);
    expect(raws[0].toString("utf8")).toBe(mail("uno", "Cuerpo uno con tildes: ñandú"));
    const stored = await server.list("Entrada1");
    expect(stored.map((message) => message.flags)).toEqual(Array(3).fill([PROCESSED_KEYWORD, "\\Seen"]));

    // The next round finds nothing new, and a new message alone is handed over.
    await server.append("Entrada1", mail("cuatro"));
    const again = recorder();
    expect(await pollMailboxOnce({ ...settings("Entrada1"), handle: again.handle, log: () => {} })).toMatchObject({ handed: 1, accepted: 1 });
    expect(again.seen).toEqual(["cuatro"]);
    expect(logged.some((line) => line.includes("UID 1:") && line.includes("aceptado (contact_entry)"))).toBe(true);
  });

  it("leaves a message it could not keep (temporary failure) for the next round, and stops that round there", async () => {
    for (const id of ["t1", "t2"]) await server.append("Entrada2", mail(id));
    const failing = recorder({ t1: { status: "temporary_failure", reason: "base de datos no disponible" } });
    expect(await pollMailboxOnce({ ...settings("Entrada2"), handle: failing.handle, log: () => {} })).toEqual({
      handed: 1,
      accepted: 0,
      rejected: 0,
      deferred: 1,
      stoppedEarly: true,
    });
    expect(failing.seen).toEqual(["t1"]);
    expect((await server.list("Entrada2")).map((message) => message.flags)).toEqual([[], []]);

    const working = recorder();
    expect(await pollMailboxOnce({ ...settings("Entrada2"), handle: working.handle, log: () => {} })).toMatchObject({ handed: 2, accepted: 2 });
    expect(working.seen).toEqual(["t1", "t2"]);
  });

  it("hands a message over again when the handler committed it but failed before it was marked (a crash)", async () => {
    for (const id of ["c1", "c2"]) await server.append("Entrada3", mail(id));
    const committed: string[] = [];
    const crashing: InboundHandler = async (raw) => {
      committed.push(idOf(raw)!);
      if (idOf(raw) === "c1") throw new Error("el proceso murió tras confirmar");
      return { status: "accepted", outcome: "contact_entry" };
    };
    const logs: string[] = [];
    // The failing message does not hold up the one after it.
    expect(await pollMailboxOnce({ ...settings("Entrada3"), handle: crashing, log: (line) => logs.push(line) })).toMatchObject({ handed: 2, accepted: 1, deferred: 1 });
    expect(logs.some((line) => line.includes("el proceso murió tras confirmar") && line.includes("se reintentará"))).toBe(true);
    const after = await server.list("Entrada3");
    expect(after.find((message) => idOf(message.source) === "c1")?.flags).toEqual([]);

    // Next round: c1 comes again (the handler's dedupe makes that harmless), c2 does not.
    const next = recorder({ c1: { status: "accepted", outcome: "duplicate" } });
    await pollMailboxOnce({ ...settings("Entrada3"), handle: next.handle, log: () => {} });
    expect(committed).toEqual(["c1", "c2"]);
    expect(next.seen).toEqual(["c1"]);
  });

  it("marks a refused message with its own keyword and never hands it over again", async () => {
    await server.append("Entrada4", mail("r1"));
    const refusing = recorder({ r1: { status: "rejected", reason: "El correo supera el tamaño máximo admitido." } });
    expect(await pollMailboxOnce({ ...settings("Entrada4"), handle: refusing.handle, log: () => {} })).toMatchObject({ handed: 1, rejected: 1 });
    expect((await server.list("Entrada4"))[0].flags).toEqual([PROCESSED_KEYWORD, REJECTED_KEYWORD, "\\Seen"]);
    const again = recorder();
    expect(await pollMailboxOnce({ ...settings("Entrada4"), handle: again.handle, log: () => {} })).toMatchObject({ handed: 0 });
  });

  it("hands over a message past the size limit cut just after it, for the handler to refuse", async () => {
    await server.append("Entrada5", mail("grande", "x".repeat(5_000)));
    let length = 0;
    const round = await pollMailboxOnce({
      ...settings("Entrada5"),
      maxBytes: 1_000,
      handle: async (raw) => {
        length = raw.length;
        return raw.length > 1_000 ? { status: "rejected", reason: "El correo supera el tamaño máximo admitido." } : { status: "accepted", outcome: "contact_entry" };
      },
      log: () => {},
    });
    expect(length).toBe(1_001);
    expect(round).toMatchObject({ handed: 1, rejected: 1 });
  });

  it("with ?move= moves processed mail to that folder (creating it) instead of leaving it in the mailbox", async () => {
    for (const id of ["m1", "m2"]) await server.append("Entrada6", mail(id));
    const { seen, handle } = recorder({ m2: { status: "rejected", reason: "bucle" } });
    expect(await pollMailboxOnce({ ...settings("Entrada6", "Procesados"), handle, log: () => {} })).toMatchObject({ handed: 2, accepted: 1, rejected: 1 });
    expect(seen).toEqual(["m1", "m2"]);
    expect(await server.list("Entrada6")).toEqual([]);
    const moved = await server.list("Procesados");
    expect(moved.map((message) => [idOf(message.source), message.flags])).toEqual([
      ["m1", [PROCESSED_KEYWORD, "\\Seen"]],
      ["m2", [PROCESSED_KEYWORD, REJECTED_KEYWORD, "\\Seen"]],
    ]);
  });

  it("waits in IDLE and picks up a message appended meanwhile within a couple of seconds; stops promptly", async () => {
    await server.append("Entrada7", mail("antes"));
    const { seen, handle } = recorder();
    const rounds: RoundSummary[] = [];
    const poller = startImapPoller({ ...settings("Entrada7"), handle, idleMs: 60_000, pollIntervalMs: 60_000, onRound: (round) => rounds.push(round), log: () => {} });
    try {
      await expect.poll(() => seen, { timeout: 5_000 }).toEqual(["antes"]);
      await new Promise((resolve) => setTimeout(resolve, 300)); // now idling
      const appended = Date.now();
      await server.append("Entrada7", mail("durante"));
      await expect.poll(() => seen, { timeout: 3_000, interval: 50 }).toEqual(["antes", "durante"]);
      expect(Date.now() - appended).toBeLessThan(2_500);
      await expect.poll(async () => (await server.list("Entrada7")).map((message) => message.flags.includes(PROCESSED_KEYWORD))).toEqual([true, true]);
    } finally {
      const stopping = Date.now();
      await poller.stop();
      expect(Date.now() - stopping).toBeLessThan(4_000);
    }
    expect(rounds.length).toBeGreaterThanOrEqual(2);
  });

  it("on stop, finishes the message in hand (handled and marked) and hands over no other", async () => {
    for (const id of ["s1", "s2"]) await server.append("Entrada8", mail(id));
    let entered!: () => void;
    const inHand = new Promise<void>((resolve) => (entered = resolve));
    const seen: string[] = [];
    const poller = startImapPoller({
      ...settings("Entrada8"),
      handle: async (raw) => {
        seen.push(idOf(raw)!);
        entered();
        await new Promise((resolve) => setTimeout(resolve, 500));
        return { status: "accepted", outcome: "contact_entry" };
      },
      log: () => {},
    });
    await inHand;
    await poller.stop();
    expect(seen).toEqual(["s1"]);
    expect((await server.list("Entrada8")).map((message) => [idOf(message.source), message.flags])).toEqual([
      ["s1", [PROCESSED_KEYWORD, "\\Seen"]],
      ["s2", []],
    ]);
  });

  it("keeps trying with a growing pause when the server is unreachable, without ever throwing, and stops on request", async () => {
    const lines: { at: number; line: string }[] = [];
    const nobody = await freePort();
    const poller = startImapPoller({ ...settings("INBOX"), port: nobody, handle: recorder().handle, reconnectMinMs: 100, reconnectMaxMs: 400, log: (line) => lines.push({ at: Date.now(), line }) });
    await expect.poll(() => lines.length, { timeout: 8_000 }).toBeGreaterThanOrEqual(4);
    await poller.stop();
    await expect(poller.done).resolves.toBeUndefined();
    expect(lines.every(({ line }) => line.includes("se reintenta la conexión"))).toBe(true);
    const gaps = lines.slice(1, 4).map(({ at }, index) => at - lines[index].at);
    expect(gaps[0]).toBeGreaterThanOrEqual(90);
    expect(gaps[1]).toBeGreaterThanOrEqual(190);
    expect(gaps[2]).toBeGreaterThanOrEqual(390);
  });

  it("says the server refused the credentials, never what they were", async () => {
    const lines: string[] = [];
    const poller = startImapPoller({ ...settings("INBOX"), password: "equivocada", handle: recorder().handle, log: (line) => lines.push(line) });
    await expect.poll(() => lines.length, { timeout: 8_000 }).toBeGreaterThanOrEqual(1);
    await poller.stop();
    expect(lines[0]).toContain("el servidor rechazó el usuario o la contraseña");
    expect(lines.join("\n")).not.toContain("equivocada");
  });
});

describe("IMAP_URL", () => {
  it("reads the server, the credentials, the mailbox and ?move=", () => {
    expect(readInboundConfig({ IMAP_URL: "imaps://soporte%40lumenti.pe:p%C3%A1ss%3Aw@imap.lumenti.pe/Soporte%20Web?move=Procesados" }).imap).toEqual({
      secure: true,
      host: "imap.lumenti.pe",
      port: 993,
      user: "soporte@lumenti.pe",
      password: "páss:w",
      mailbox: "Soporte Web",
      moveTo: "Procesados",
    });
    expect(readInboundConfig({ IMAP_URL: "imap://u:p@127.0.0.1:1143" }).imap).toMatchObject({ secure: false, port: 1143, mailbox: "INBOX", moveTo: null });
  });

  it.each([
    ["pop3://u:p@host/INBOX", "IMAP_URL debe empezar por imap:// o imaps://"],
    ["imap://host/INBOX", "IMAP_URL debe incluir el usuario y la contraseña"],
    ["imap://u:p@host/INBOX?mover=X", "parámetro desconocido (mover)"],
    ["imap://u:p@host/INBOX?move=", "?move= debe indicar una carpeta"],
    ["imap://u:p@host/INBOX?move=INBOX", "no puede ser el mismo buzón"],
    ["no es una url", "IMAP_URL no es una dirección válida"],
  ])("refuses %s in Spanish, without repeating the password", (url, expected) => {
    let message = "";
    try {
      readInboundConfig({ IMAP_URL: url });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(expected);
    expect(message).not.toMatch(/:p@/);
  });
});
