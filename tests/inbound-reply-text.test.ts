// The new part of a reply (lib/inbound/reply-text.ts): what the person wrote stays, the history
// their mail program quoted and their signature go; the full text keeps everything.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { INBOUND_LIMITS, parseInboundMail } from "@/lib/inbound/parse";
import { visibleReplyText } from "@/lib/inbound/reply-text";

const FIXTURES = path.join(import.meta.dirname, "fixtures", "inbound");
const parse = (name: string) => parseInboundMail(readFileSync(path.join(FIXTURES, `${name}.eml`)));

describe("replies from real mail programs", () => {
  it("Gmail (Spanish): the wrapped 'El … escribió:' line and the '> ' quote are cut", async () => {
    const { text } = await parse("gmail-reply");
    expect(visibleReplyText(text)).toBe(
      "Hola, gracias por la respuesta. Ya pude emitir la factura electrónica desde el portal sin problemas.\n\nSaludos,\nAna Torres",
    );
    expect(text).toContain("escribió:");
  });

  it("Outlook desktop: the underscores and the 'De: / Enviado el: / Para: / Asunto:' block are cut", async () => {
    const { text } = await parse("outlook-reply");
    const visible = visibleReplyText(text);
    expect(visible).toBe(
      "Buenos días:\n\nLes confirmo que el error aparece al generar la guía de remisión desde el módulo de almacén; adjunto el detalle en el siguiente correo.\n\nAtte.\nCarlos Quispe\nJefe de Sistemas | Andina Logística S.A.C.",
    );
    expect(text).toContain("¿Nos puedes indicar en qué pantalla aparece el error");
  });

  it("Outlook for iOS, HTML only: 'Obtener Outlook para iOS', the rule and the header block are cut", async () => {
    const { text } = await parse("outlook-html-only");
    expect(visibleReplyText(text)).toBe(
      "Ya revisamos con el área contable y el comprobante anulado era el F001-00318.\nPueden volver a enviarlo a SUNAT.",
    );
    expect(text).toContain("Hola Luis, ¿nos confirmas cuál es el comprobante que se anuló?");
  });

  it("Apple Mail: the quoted '> El 23 nov 2026, a las 10:15, … escribió:' block is cut", async () => {
    const { text } = await parse("apple-mail-reply");
    expect(visibleReplyText(text)).toBe(
      "Perfecto, el jueves 26 a las 3 p. m. nos viene bien para la visita técnica. Los esperamos en la sede de Miraflores.\n\nSaludos,\nRosa",
    );
  });

  it("iPhone: 'Enviado desde mi iPhone' and the unquoted attribution below it are cut", async () => {
    const { text } = await parse("iphone-signature");
    expect(visibleReplyText(text)).toBe("Listo, ya reinicié el router y el sistema volvió a funcionar. Muchas gracias por la ayuda.");
    expect(text).toContain("Enviado desde mi iPhone");
  });

  it("a message with nothing quoted is kept whole", async () => {
    const { text } = await parse("headers-stripped-subject-ref");
    expect(visibleReplyText(text)).toBe(
      "Buenas tardes,\n\n¿Me podrían enviar la cotización actualizada con el descuento que conversamos por teléfono?\n\nGracias,\nMiguel Paredes",
    );
  });
});

describe("other shapes", () => {
  const NEW = "Confirmo la instalación para el martes a las 10.";
  const QUOTE = "> Hola, ¿cuándo podemos instalar el equipo?\n> Saludos";

  it.each([
    ["Gmail in English", `${NEW}\n\nOn Mon, Nov 23, 2026 at 10:15 AM Lumen Consultoría TI <soporte@lumenti.pe> wrote:\n\n${QUOTE}\n`],
    ["Gmail in Portuguese", `${NEW}\n\nEm seg., 23 de nov. de 2026 às 10:15, Lumen Consultoría TI <soporte@lumenti.pe> escreveu:\n\n${QUOTE}\n`],
    ["Outlook for Mac", `${NEW}\n\nEl 23/11/26, 10:15, "Lumen Consultoría TI" <soporte@lumenti.pe> escribió:\n\n${QUOTE}\n`],
    ["-----Mensaje original-----", `${NEW}\n\n-----Mensaje original-----\nDe: soporte@lumenti.pe\nEnviado el: lunes, 23 de noviembre de 2026 10:15\nPara: ana@empresa.pe\nAsunto: Instalación\n\nHola, ¿cuándo podemos instalar el equipo?\n`],
    ["-----Original Message-----", `${NEW}\n\n-----Original Message-----\nFrom: soporte@lumenti.pe\nSent: Monday, November 23, 2026 10:15 AM\n\nHola, ¿cuándo podemos instalar el equipo?\n`],
    ["an Outlook block with bare addresses", `${NEW}\n\nDe: soporte@lumenti.pe\nEnviado: lunes, 23 de noviembre de 2026 10:15\nPara: ana@empresa.pe\nAsunto: RE: Instalación [#T-45]\n\nHola, ¿cuándo podemos instalar el equipo?\n`],
    ["the '-- ' signature separator", `${NEW}\n\n-- \nAna Torres\nGerente de Operaciones\nTel. 01 555 0101\n`],
    ["Sent from my iPad", `${NEW}\n\nSent from my iPad\n`],
    ["Obtener Outlook para Android", `${NEW}\n\nObtener Outlook para Android\n________________________________\nDe: Lumen Consultoría TI <soporte@lumenti.pe>\nEnviado: lunes, 23 de noviembre de 2026 10:15\nPara: Ana <ana@empresa.pe>\nAsunto: Instalación\n\nHola\n`],
    ["Enviado desde Correo para Windows", `${NEW}\n\nEnviado desde Correo para Windows\n\n${QUOTE}\n`],
    ["CRLF line ends", `${NEW}\r\n\r\nEl lun, 23 nov 2026 a las 10:15, Lumen <soporte@lumenti.pe> escribió:\r\n\r\n${QUOTE.replace(/\n/g, "\r\n")}\r\n`],
  ])("%s", (_, text) => {
    expect(visibleReplyText(text)).toBe(NEW);
  });

  it("an answer written below the quote (bottom posting) is what shows", () => {
    const text = `El lun, 23 nov 2026 a las 10:15, Lumen <soporte@lumenti.pe> escribió:\n${QUOTE}\n\n${NEW}\n`;
    expect(visibleReplyText(text)).toBe(NEW);
  });

  it("a sentence that only looks like an attribution stays", () => {
    const text = "El técnico me escribió:\nque el equipo llega el martes.\n\nDe: parte nuestra, todo conforme.";
    expect(visibleReplyText(text)).toBe(text);
  });

  it("when everything is quoted, the whole text is kept (trimmed)", () => {
    const text = `\n\n${QUOTE}\n\n`;
    expect(visibleReplyText(text)).toBe(QUOTE);
  });

  it("control characters go, tabs stay, runs of blank lines become one", () => {
    expect(visibleReplyText("Hola\u0000 equipo\u001b[0m,\n\n\n\n\tgracias\u202e.\r\n")).toBe("Hola equipo[0m,\n\n\tgracias.");
  });

  it("the visible part is capped", () => {
    const visible = visibleReplyText(`${"palabra ".repeat(10_000)}\n\n${QUOTE}`);
    expect(visible.length).toBeLessThanOrEqual(INBOUND_LIMITS.maxBody);
    expect(visible.startsWith("palabra palabra")).toBe(true);
  });

  it("a long paragraph (one line) is kept intact around the library's guard", () => {
    const paragraph = `Detalle: ${"el servidor reinicia cada hora y se pierden los datos del formulario; ".repeat(6)}fin.`;
    expect(paragraph.length).toBeGreaterThan(300);
    expect(visibleReplyText(`${paragraph}\n\nOn Mon, Nov 23, 2026 at 10:15 AM Lumen <soporte@lumenti.pe> wrote:\n${QUOTE}`)).toBe(paragraph);
  });
});

describe("crafted input stays fast", () => {
  // The quote patterns backtrack: unguarded, 20,000 blank lines alone took about ten seconds.
  it.each([
    ["blank lines", "Hola\n" + "\n".repeat(INBOUND_LIMITS.maxText)],
    ["whitespace-only lines", "Hola\n" + " \t \n".repeat(INBOUND_LIMITS.maxText / 4)],
    ["one huge 'On …' line", "On " + "a ".repeat(INBOUND_LIMITS.maxText / 2)],
    ["many 'On …' lines", "On x y\n".repeat(INBOUND_LIMITS.maxText / 7)],
    ["many Outlook 'De:' lines", "De: a <b@c.pe>\n".repeat(INBOUND_LIMITS.maxText / 15)],
    ["tokens of the date/from/address pattern", "2026 from < ".repeat(INBOUND_LIMITS.maxText / 12)],
  ])("%s", (_, text) => {
    const started = performance.now();
    const visible = visibleReplyText(text);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(visible.length).toBeGreaterThan(0);
    expect(visible.length).toBeLessThanOrEqual(INBOUND_LIMITS.maxBody);
  });
});
