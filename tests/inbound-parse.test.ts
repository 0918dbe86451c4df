// Reading inbound mail (lib/inbound/parse.ts) and classifying it (lib/inbound/classify.ts), on a
// corpus of messages shaped the way real mail programs write them (tests/fixtures/inbound).
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findSubjectReference, replyTokenFrom } from "@/lib/conversations/addressing";
import { autoReplyOf, isBounce, isOwnMail, ownSenderAddress } from "@/lib/inbound/classify";
import { DROP_REASONS, INBOUND_LIMITS, InboundTooLarge, parseInboundMail, type InboundMail } from "@/lib/inbound/parse";

const FIXTURES = path.join(import.meta.dirname, "fixtures", "inbound");
const raw = (name: string) => readFileSync(path.join(FIXTURES, `${name}.eml`));
const parse = (name: string) => parseInboundMail(raw(name));

const TOKEN = "3f9a6c2e8b1d4f7a9c0e5b2d6a8f1c3e";
const PLUS_ADDRESS = `soporte+${TOKEN}@lumenti.pe`;
const OUR_ID_1 = "<5c1e7a9e-2f4b-4d8a-9b61-0e3f7c2d8a41@lumenti.pe>";
const OUR_ID_2 = "<8d2f4b6a-1c3e-4f5a-8b7d-9e0a1b2c3d4e@lumenti.pe>";

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** Every one-line field of a parsed message really is one line. */
function expectOneLineFields(mail: InboundMail) {
  for (const value of [mail.subject, mail.from?.name ?? "", mail.messageId ?? "", ...mail.inReplyTo, ...mail.references]) {
    expect(value).not.toMatch(/[\r\n]/);
    expect(value).not.toMatch(CONTROL);
  }
  expect(mail.text).not.toMatch(/\r/);
  expect(mail.text).not.toMatch(CONTROL);
}

/** A message with these extra headers and MIME parts, built in the test (too big for a fixture file). */
function multipartMessage(parts: { name: string; mime: string; body: Buffer; encoding?: "base64" | "binary" }[]): Buffer {
  const boundary = "LIMITE-PRUEBA-7f3a";
  const chunks: Buffer[] = [
    Buffer.from(
      [
        "From: Elena Vargas <evargas@agroexport-ica.pe>",
        "To: soporte@lumenti.pe",
        "Subject: Re: Planos del proyecto [#C-150]",
        "Message-ID: <adjuntos-grandes@agroexport-ica.pe>",
        "MIME-Version: 1.0",
        `Content-Type: multipart/mixed; boundary="${boundary}"`,
        "",
        `--${boundary}`,
        "Content-Type: text/plain; charset=utf-8",
        "",
        "Les envío los planos.",
        "",
      ].join("\r\n"),
    ),
  ];
  for (const part of parts) {
    const encoding = part.encoding ?? "base64";
    chunks.push(
      Buffer.from(
        [
          `--${boundary}`,
          `Content-Type: ${part.mime}; name="${part.name}"`,
          `Content-Disposition: attachment; filename="${part.name}"`,
          `Content-Transfer-Encoding: ${encoding}`,
          "",
          "",
        ].join("\r\n"),
      ),
      encoding === "base64" ? Buffer.from(part.body.toString("base64").replace(/.{76}/g, "$&\r\n")) : part.body,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

describe("replies from real mail programs", () => {
  it("Gmail: ids normalised, sender lower-cased, subject decoded, the quoted history still in the full text", async () => {
    const mail = await parse("gmail-reply");
    expect(mail.messageId).toBe("<CAHq5x8vKp2Rz9T+Lm4bN7yW3qE1dF6gJ0sU2oX9aC4tV8rH5nA@mail.gmail.com>");
    expect(mail.inReplyTo).toEqual([OUR_ID_2]);
    expect(mail.references).toEqual([OUR_ID_1, OUR_ID_2]);
    expect(mail.from).toEqual({ address: "ana.torres@gmail.com", name: "Ana Torres" });
    expect(mail.subject).toBe("Re: Consulta sobre facturación electrónica [#C-123]");
    expect(mail.date?.toISOString()).toBe("2026-11-23T15:42:17.000Z");
    expect(mail.recipients).toEqual([PLUS_ADDRESS]);
    expect(replyTokenFrom(mail.recipients, "soporte@lumenti.pe")).toBe(TOKEN);
    expect(mail.text).toContain("Ya pude emitir la factura electrónica desde el portal sin problemas.");
    expect(mail.text).toContain("> elige la serie F001.");
    expect(mail.text).not.toContain("<div");
    expect(mail.attachments).toEqual([]);
    expect(mail.report).toBeNull();
    expect(autoReplyOf(mail)).toBeNull();
    expect(isBounce(mail)).toBe(false);
    expect(isOwnMail(mail, "lumenti.pe")).toBe(false);
    expectOneLineFields(mail);
  });

  it("Outlook: an ISO-8859-1 quoted-printable body comes out as proper Spanish text; Cc is a recipient", async () => {
    const mail = await parse("outlook-reply");
    expect(mail.from).toEqual({ address: "cquispe@andina-logistica.pe", name: "Carlos Quispe" });
    expect(mail.subject).toBe("RE: Error en guía de remisión [#T-45]");
    expect(mail.text).toContain("el error aparece al generar la guía de remisión desde el módulo de almacén");
    expect(mail.text).toContain("Enviado el: lunes, 23 de noviembre de 2026 10:15");
    expect(mail.recipients).toEqual(["soporte@lumenti.pe", "mesadeayuda@andina-logistica.pe"]);
    expect(findSubjectReference(mail.subject)).toEqual({ kind: "ticket", id: 45 });
  });

  it("an HTML-only reply is converted to text, never kept as HTML", async () => {
    const mail = await parse("outlook-html-only");
    expect(mail.from?.name).toBe("Luis Ramírez");
    expect(mail.text).toContain("el comprobante anulado era el F001-00318");
    expect(mail.text).toContain("De: Lumen Consultoría TI <soporte@lumenti.pe>");
    expect(mail.text).not.toMatch(/<\/?(?:div|hr|font|b|br|html)\b/i);
    expect(mail.text).not.toContain("&nbsp;");
  });

  it("LF line ends read the same as CRLF", async () => {
    const apple = await parse("apple-mail-reply");
    expect(raw("apple-mail-reply").includes("\r\n")).toBe(false);
    expect(apple.from).toEqual({ address: "rosa.huaman@icloud.com", name: "Rosa Huamán" });
    expect(apple.subject).toBe("Re: Visita técnica [#T-47]");
    expect(apple.text).toContain("nos viene bien para la visita técnica");

    const crlf = await parse("gmail-reply");
    const lf = await parseInboundMail(Buffer.from(raw("gmail-reply").toString("latin1").replace(/\r\n/g, "\n"), "latin1"));
    expect({ ...lf, bytes: 0 }).toEqual({ ...crlf, bytes: 0 });
  });

  it("a webmail that drops In-Reply-To and References still names the conversation in the subject", async () => {
    const mail = await parse("headers-stripped-subject-ref");
    expect(mail.inReplyTo).toEqual([]);
    expect(mail.references).toEqual([]);
    expect(mail.from).toEqual({ address: "mparedes@consultora-paredes.pe", name: null });
    expect(findSubjectReference(mail.subject)).toEqual({ kind: "contact", id: 123 });
    expect(mail.text).toContain("¿Me podrían enviar la cotización actualizada");
  });

  it("a stranger answering one of our Message-IDs is read as is: the landing logic decides (parsing only)", async () => {
    const mail = await parse("forged-reply");
    expect(mail.from).toEqual({ address: "cobranzas.lumen@pagos-seguros.example", name: "Lumen Consultoría TI - Cobranzas" });
    expect(mail.inReplyTo).toEqual([OUR_ID_2]);
    expect(mail.references).toEqual([OUR_ID_1, OUR_ID_2]);
    expect(mail.recipients).toEqual([PLUS_ADDRESS]);
    expect(autoReplyOf(mail)).toBeNull();
    expect(isOwnMail(mail, "lumenti.pe")).toBe(false);
  });
});

describe("hostile and broken messages", () => {
  it("header injection through encoded words stays inside one-line values", async () => {
    const mail = await parse("crlf-header-tricks");
    expect(mail.subject).toBe("Re: Consulta [#C-123] X-Evil: 1 %0d%0a Auto-Submitted: auto-replied <script>");
    expect(mail.from).toEqual({ address: "ana.torres@gmail.com", name: "Ana Bcc: victima@empresa.pe" });
    // The folded "X-Evil" after the Message-ID, and the encoded one after In-Reply-To, are not ids.
    expect(mail.messageId).toBe("<CAHq5x8vKp2Rz9T+trick@mail.gmail.com>");
    expect(mail.inReplyTo).toEqual([OUR_ID_1]);
    // "Auto-Submitted" written inside the subject is not a header.
    expect(mail.headers.autoSubmitted).toBeNull();
    expect(autoReplyOf(mail)).toBeNull();
    expect(mail.text).toBe(
      "Texto con un retorno de carro suelto\nque debe quedar como salto de línea, un NUL , un escape [31m ANSI y un cambio de dirección dcba.\n",
    );
    expectOneLineFields(mail);
  });

  it("scripts, styles and event handlers of an HTML body never reach the text", async () => {
    const mail = await parse("html-with-script");
    expect(mail.text).toContain("les confirmo la reunión del viernes a las 9:00 a. m.");
    expect(mail.text).toContain("Lucía Fernández");
    for (const leaked of ["SECRETO_SCRIPT", "document.cookie", "SCRIPT-EN-CUERPO", "SVG-SCRIPT", "ESTILO-FILTRADO", "font-family", "onerror", "onload", "alert(", "<"]) {
      expect(mail.text).not.toContain(leaked);
    }
  });

  it("broken MIME (undeclared boundary, no closing boundary, bad base64) gives what can be read", async () => {
    const mail = await parse("malformed-mime");
    expect(mail.from?.address).toBe("ti@textileslima.pe");
    expect(mail.subject).toBe("Re: Backup fallido [#T-52]");
    expect(mail.messageId).toBe("<malformed.20261125074500@textileslima.pe>");
    expect(mail.text).toContain("El respaldo de anoche volvió a fallar con el mismo código de error.");
    expect(mail.attachments.map((file) => file.fileName)).toEqual(["registro.log"]);
    expect(mail.attachments[0].content.toString("latin1")).toMatch(/^Error 0x8007000E: memoria insuficiente\n/);
    expectOneLineFields(mail);
  });

  it("never throws on garbage: empty input, random bytes, text without headers", async () => {
    for (const input of [Buffer.alloc(0), randomBytes(20_000), Buffer.from("solo texto\nsin cabeceras\n"), Buffer.from("\r\n\r\n\r\n")]) {
      const mail = await parseInboundMail(input);
      expect(mail.bytes).toBe(input.length);
      expect(mail.from).toBeNull();
      expect(mail.attachments).toEqual([]);
      expectOneLineFields(mail);
    }
  });

  it("a message the MIME parser refuses whole (a header over 1 MB) is still read from its headers", async () => {
    const message = Buffer.from(
      [
        "From: Ana Torres <ana.torres@gmail.com>",
        `Subject: Re: Consulta [#C-123]`,
        `Message-ID: <enorme@mail.gmail.com>`,
        `In-Reply-To: ${OUR_ID_1}`,
        `X-Relleno: ${"a".repeat(1_200_000)}`,
        "",
        "Cuerpo",
      ].join("\r\n"),
    );
    const mail = await parseInboundMail(message);
    expect(mail.from?.address).toBe("ana.torres@gmail.com");
    expect(mail.messageId).toBe("<enorme@mail.gmail.com>");
    expect(mail.inReplyTo).toEqual([OUR_ID_1]);
    expect(mail.subject).toBe("Re: Consulta [#C-123]");
  });

  it("a subject written as raw Latin-1 bytes by an old mail program is read as Latin-1", async () => {
    const mail = await parse("vacation-no-headers");
    expect(mail.subject).toBe("Fuera de la oficina: Re: Renovación de licencias [#C-130]");
    expect(mail.text).toContain("Responderé tu correo a mi regreso.");
  });

  it("refuses a raw message over the size limit before reading it", async () => {
    const tooBig = Buffer.alloc(INBOUND_LIMITS.maxBytes + 1, 0x61);
    await expect(parseInboundMail(tooBig)).rejects.toBeInstanceOf(InboundTooLarge);
  });
});

describe("caps", () => {
  it("1,000 addresses in To: recipients capped, the delivery headers kept first", async () => {
    const mail = await parse("many-recipients");
    expect(mail.recipients).toHaveLength(INBOUND_LIMITS.maxRecipients);
    expect(mail.recipients.slice(0, 3)).toEqual([PLUS_ADDRESS, "soporte@lumenti.pe", "usuario0001@lista-masiva.pe"]);
    expect(new Set(mail.recipients).size).toBe(mail.recipients.length);
    for (const address of mail.recipients) expect(address).toBe(address.toLowerCase());
    expect(replyTokenFrom(mail.recipients, "soporte@lumenti.pe")).toBe(TOKEN);
  });

  it("References keep the thread's root and the 49 most recent ids; malformed ids are skipped", async () => {
    const ids = Array.from({ length: 80 }, (_, index) => `<ref-${index}@lumenti.pe>`);
    const message = Buffer.from(
      [
        "From: ana.torres@gmail.com",
        "Subject: Re: hilo largo",
        `Message-ID:    ${"<" + "x".repeat(300) + "@gmail.com>"}`,
        `In-Reply-To: sin-corchetes@lumenti.pe`,
        `References: ${ids.join("\r\n ")}`,
        "",
        "ok",
      ].join("\r\n"),
    );
    const mail = await parseInboundMail(message);
    expect(mail.references).toHaveLength(50);
    expect(mail.references[0]).toBe("<ref-0@lumenti.pe>");
    expect(mail.references.slice(1)).toEqual(ids.slice(31));
    expect(mail.messageId).toBeNull();
    expect(mail.inReplyTo).toEqual(["<sin-corchetes@lumenti.pe>"]);
  });

  it("a subject is cut at 255 characters and the text at the text limit", async () => {
    const message = Buffer.from(
      ["From: ana.torres@gmail.com", `Subject: ${"ñ".repeat(400)}`, "Content-Type: text/plain; charset=utf-8", "", "x".repeat(INBOUND_LIMITS.maxText + 5_000)].join("\r\n"),
    );
    const mail = await parseInboundMail(message);
    expect(mail.subject).toBe("ñ".repeat(255));
    expect(mail.text).toHaveLength(INBOUND_LIMITS.maxText);
  });
});

describe("attachments", () => {
  it("a PDF and a PNG are kept with safe names; the logo embedded in the HTML is not an attachment", async () => {
    const mail = await parse("attachment");
    expect(mail.attachments.map(({ fileName, mime }) => ({ fileName, mime }))).toEqual([
      { fileName: "Orden de compra Nº 2026-118.pdf", mime: "application/pdf" },
      // "..\..\captura error.png": no folders survive.
      { fileName: "captura error.png", mime: "image/png" },
    ]);
    const [pdf, png] = mail.attachments;
    expect(pdf.content.subarray(0, 8).toString("latin1")).toBe("%PDF-1.4");
    expect(pdf.bytes).toBe(pdf.content.length);
    expect(png.content.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(mail.droppedAttachments).toEqual([]);
    expect(mail.text).toContain("Adjunto la orden de compra firmada");
  });

  it("file names are made safe: no characters Windows refuses, bounded with their extension, never empty", async () => {
    const mail = await parseInboundMail(
      multipartMessage([
        { name: "Factura: nov|dic?*.pdf", mime: "application/pdf", body: Buffer.from("%PDF-1.4\n") },
        { name: `${"informe-".repeat(40)}final.xlsx`, mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body: Buffer.from("PK") },
        { name: "", mime: "application/pdf", body: Buffer.from("%PDF-1.4\n") },
      ]),
    );
    const [windows, long, unnamed] = mail.attachments.map((file) => file.fileName);
    expect(windows).toBe("Factura_ nov_dic__.pdf");
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long.startsWith("informe-informe-")).toBe(true);
    expect(long.endsWith(".xlsx")).toBe(true);
    expect(unnamed).toBe("adjunto-3.pdf");
  });

  it("a file over 10 MB is dropped with a reason, the others kept", async () => {
    const message = multipartMessage([
      { name: "plano-general.dwg", mime: "application/acad", body: Buffer.alloc(INBOUND_LIMITS.maxAttachmentBytes + 1, 0x5a), encoding: "binary" },
      { name: "resumen.txt", mime: "text/plain", body: Buffer.from("Resumen del proyecto\n") },
    ]);
    const mail = await parseInboundMail(message);
    expect(mail.attachments.map((file) => file.fileName)).toEqual(["resumen.txt"]);
    expect(mail.droppedAttachments).toEqual([{ fileName: "plano-general.dwg", reason: DROP_REASONS.tooLarge }]);
    expect(DROP_REASONS.tooLarge).toBe("Supera el tamaño máximo por archivo (10 MB).");
  });

  it("past 20 files the rest are dropped", async () => {
    const files = Array.from({ length: 22 }, (_, index) => ({ name: `foto-${index + 1}.png`, mime: "image/png", body: randomBytes(2_000) }));
    const mail = await parseInboundMail(multipartMessage(files));
    expect(mail.attachments).toHaveLength(20);
    expect(mail.droppedAttachments).toEqual([
      { fileName: "foto-21.png", reason: DROP_REASONS.tooMany },
      { fileName: "foto-22.png", reason: DROP_REASONS.tooMany },
    ]);
  });

  it("files that would take the message past 25 MB in total are dropped", async () => {
    const nineMb = 9 * 1024 * 1024;
    const message = multipartMessage([
      { name: "parte-1.bin", mime: "application/octet-stream", body: Buffer.alloc(nineMb, 0x41), encoding: "binary" },
      { name: "parte-2.bin", mime: "application/octet-stream", body: Buffer.alloc(nineMb, 0x42), encoding: "binary" },
      { name: "parte-3.bin", mime: "application/octet-stream", body: Buffer.alloc(7.2 * 1024 * 1024, 0x43), encoding: "binary" },
      { name: "nota.txt", mime: "text/plain", body: Buffer.from("nota final\n"), encoding: "binary" },
    ]);
    expect(message.length).toBeLessThanOrEqual(INBOUND_LIMITS.maxBytes);
    const mail = await parseInboundMail(message);
    expect(mail.attachments.map((file) => [file.fileName, file.bytes])).toEqual([
      ["parte-1.bin", nineMb],
      ["parte-2.bin", nineMb],
      ["nota.txt", 11],
    ]);
    expect(mail.droppedAttachments).toEqual([{ fileName: "parte-3.bin", reason: DROP_REASONS.overTotal }]);
  });
});

describe("automatic replies", () => {
  it("Auto-Submitted: auto-replied", async () => {
    const mail = await parse("auto-reply");
    expect(mail.subject).toBe("Respuesta automática: Error en guía de remisión [#T-45]");
    expect(autoReplyOf(mail)).toEqual({ reason: "Respuesta automática (Auto-Submitted: auto-replied)" });
  });

  it("a vacation reply with no telltale header is known by its subject", async () => {
    const mail = await parse("vacation-no-headers");
    expect(mail.headers).toEqual({ autoSubmitted: null, precedence: null, xAutoreply: false, listId: null });
    expect(autoReplyOf(mail)?.reason).toMatch(/^Respuesta automática \(asunto «Fuera de la oficina: Re: Renovación/);
  });

  const withSubject = async (subject: string) =>
    autoReplyOf(await parseInboundMail(Buffer.from(`From: ana.torres@gmail.com\r\nSubject: ${subject}\r\n\r\nHola\r\n`)));

  it.each([
    "Respuesta automática: Consulta [#C-123]",
    "RESPUESTA AUTOMATICA: Consulta",
    "Fuera de la oficina hasta el lunes",
    "Ausente: Re: Consulta [#C-123]",
    "Out of Office: Re: Consulta",
    "Automatic reply: Consulta [#C-123]",
    "Auto: Re: Consulta",
    "Autoreply: Consulta",
    "Resposta automática: Re: Consulta",
    "Leído: Re: Consulta [#C-123]",
  ])("subject %j is an automatic answer", async (subject) => {
    expect(await withSubject(subject)).not.toBeNull();
  });

  it.each([
    "Re: Consulta [#C-123]",
    "RE: Re: Error en guía de remisión [#T-45]",
    "Re: ¿Cómo configuro la respuesta automática del correo?",
    "Re: Automatización de reportes",
    "Ausentes en la capacitación",
  ])("subject %j is a person's reply", async (subject) => {
    expect(await withSubject(subject)).toBeNull();
  });

  it.each([
    ["Auto-Submitted: auto-generated", "Respuesta automática (Auto-Submitted: auto-generated)"],
    ["X-Autoreply: yes", "Respuesta automática (cabecera X-Autoreply)"],
    ["X-Autorespond: 1", "Respuesta automática (cabecera X-Autoreply)"],
    ["Precedence: bulk", "Correo automático o masivo (Precedence: bulk)"],
    ["Precedence: auto_reply", "Correo automático o masivo (Precedence: auto_reply)"],
    ["List-Id: Novedades <novedades.proveedor.pe>", "Mensaje de una lista de correo (List-Id: Novedades <novedades.proveedor.pe>)"],
  ])("header %j marks an automatic message", async (header, reason) => {
    const mail = await parseInboundMail(Buffer.from(`From: ana.torres@gmail.com\r\nSubject: Re: Consulta\r\n${header}\r\n\r\nHola\r\n`));
    expect(autoReplyOf(mail)).toEqual({ reason });
  });

  it("Auto-Submitted: no and Precedence: normal are a person's mail", async () => {
    const mail = await parseInboundMail(Buffer.from("From: ana.torres@gmail.com\r\nSubject: Re: Consulta\r\nAuto-Submitted: no\r\nPrecedence: normal\r\n\r\nHola\r\n"));
    expect(autoReplyOf(mail)).toBeNull();
  });
});

describe("bounces", () => {
  it("a delivery status notification: who failed, why, and which of our messages bounced", async () => {
    const mail = await parse("dsn-bounce");
    expect(mail.report).toEqual({
      action: "failed",
      recipient: "jlopez@constructora-andes.pe",
      status: "5.1.1",
      diagnostic: "550 5.1.1 <jlopez@constructora-andes.pe>: Recipient address rejected: User unknown in virtual mailbox table",
      originalMessageId: "<a9b8c7d6-e5f4-4a3b-9c2d-1e0f9a8b7c6d@lumenti.pe>",
    });
    expect(isBounce(mail)).toBe(true);
    // The report and the returned message are not attachments; the notice is the text.
    expect(mail.attachments).toEqual([]);
    expect(mail.text).toContain("could not\nbe delivered");
  });

  it("the returned message given as headers only (text/rfc822-headers) still names our Message-ID", async () => {
    const source = raw("dsn-bounce").toString("latin1").replace("Content-Type: message/rfc822", "Content-Type: text/rfc822-headers");
    const mail = await parseInboundMail(Buffer.from(source, "latin1"));
    expect(mail.report?.originalMessageId).toBe("<a9b8c7d6-e5f4-4a3b-9c2d-1e0f9a8b7c6d@lumenti.pe>");
  });

  it("a delay notice is not a bounce; a mail-system report with a permanent status and no action is", async () => {
    const source = raw("dsn-bounce").toString("latin1");
    const delayed = await parseInboundMail(Buffer.from(source.replace("Action: failed", "Action: delayed").replace("Status: 5.1.1", "Status: 4.4.1"), "latin1"));
    expect(delayed.report?.action).toBe("delayed");
    expect(isBounce(delayed)).toBe(false);

    // Not a bounce, and not a reply either.
    expect(autoReplyOf(delayed)).toEqual({ reason: "Aviso del sistema de correo: entrega demorada (4.4.1)" });
    const quietDelay = await parseInboundMail(Buffer.from(source.replace("Action: failed", "Action: delayed").replace("Auto-Submitted: auto-replied\r\n", ""), "latin1"));
    expect(quietDelay.headers.autoSubmitted).toBeNull();
    expect(autoReplyOf(quietDelay)?.reason).toBe("Aviso del sistema de correo: entrega demorada (5.1.1)");

    const noAction = await parseInboundMail(Buffer.from(source.replace("Action: failed\r\n", ""), "latin1"));
    expect(noAction.report?.action).toBeNull();
    expect(isBounce(noAction)).toBe(true);

    const person = await parseInboundMail(Buffer.from(source.replace("Action: failed\r\n", "").replace("From: MAILER-DAEMON@mx1.lumenti.pe", "From: ana.torres@gmail.com"), "latin1"));
    expect(isBounce(person)).toBe(false);
  });

  it("a notice from a mail system's own mailbox is not a person's reply", async () => {
    const mail = await parseInboundMail(Buffer.from("From: Postmaster <postmaster@empresa.pe>\r\nSubject: Buzón casi lleno\r\n\r\nSu buzón está al 95 %.\r\n"));
    expect(mail.report).toBeNull();
    expect(isBounce(mail)).toBe(false);
    expect(autoReplyOf(mail)).toEqual({ reason: "Aviso del sistema de correo (postmaster)" });
  });

  it("a reply is never a bounce", async () => {
    expect(isBounce(await parse("gmail-reply"))).toBe(false);
  });
});

describe("our own mail coming back", () => {
  it("an automatic notification of ours forwarded back to our inbox", async () => {
    const mail = await parse("own-notification-loop");
    expect(mail.headers.autoSubmitted).toBe("auto-generated");
    expect(isOwnMail(mail, "lumenti.pe")).toBe(true);
    expect(isOwnMail(mail, "LumenTI.pe")).toBe(true);
    expect(isOwnMail(mail, "otro-dominio.pe")).toBe(false);
  });

  it("a staff reply of ours (not automatic) coming back is known by our sender address", async () => {
    const source = raw("own-notification-loop").toString("latin1").replace("Auto-Submitted: auto-generated\r\n", "");
    const mail = await parseInboundMail(Buffer.from(source, "latin1"));
    expect(mail.headers.autoSubmitted).toBeNull();
    expect(ownSenderAddress("lumenti.pe", "Lumen Consultoría TI <No-Reply@lumenti.pe>")).toBe("no-reply@lumenti.pe");
    expect(ownSenderAddress("lumenti.pe", undefined)).toBe("no-reply@lumenti.pe");
    expect(isOwnMail(mail, "lumenti.pe", "no-reply@lumenti.pe")).toBe(true);
    expect(isOwnMail(mail, "lumenti.pe", "avisos@lumenti.pe")).toBe(false);
  });

  it("a client's reply carrying our Message-ID only in In-Reply-To is not ours", async () => {
    const mail = await parse("gmail-reply");
    expect(isOwnMail(mail, "lumenti.pe", "ana.torres@gmail.com")).toBe(false);
  });
});
