// The one text rule of every schema (lib/zod.ts), its query-parameter form, and the rule that
// tells which URL paths hold escapes that are not text (lib/malformed-path.ts). Pure functions.
import { describe, expect, it } from "vitest";
import { readQuery } from "@/lib/http/body";
import { DomainError } from "@/lib/errors";
import { textParam } from "@/lib/list/query-params";
import { MALFORMED_ESCAPE } from "@/lib/malformed-path";
import { multilineText, secretText, singleLineText, SLUG_PATTERN, stripUnsafeText, TEXT_MESSAGES, z } from "@/lib/zod";

const firstMessage = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe("singleLineText / multilineText / secretText", () => {
  const line = singleLineText().min(1).max(50);
  const text = multilineText().max(50);
  const secret = secretText().min(8);

  it("accepts ordinary text in any script, emoji and right-to-left letters included", () => {
    for (const value of ["María José Ñúñez", "O'Brien-Smith", "陈小明", "محمد علي", "שלום", "Café ☕ 👩🏽‍💻", "a\u200fb (RLM mark)"]) {
      expect(line.safeParse(value).success, value).toBe(true);
      expect(text.safeParse(value).success, value).toBe(true);
    }
  });

  it("trims one-line text; keeps tabs and line breaks in multi-line text, CRLF and CR as LF", () => {
    expect(line.parse("  Ana Pérez\r\n")).toBe("Ana Pérez");
    expect(text.parse("\r\nUno\r\n\tDos\rTres\n\n")).toBe("Uno\n\tDos\nTres");
    expect(text.parse("a\r\n".repeat(20)).length).toBe(39); // a line break counts once toward max
  });

  it("refuses control characters, DEL, C1, bidi overrides and isolates, and lone surrogates, with a Spanish message", () => {
    const cases: Array<[string, string]> = [
      ["a\u0000b", TEXT_MESSAGES.control],
      ["\u001b[2Jborrado", TEXT_MESSAGES.control],
      ["a\u0008b", TEXT_MESSAGES.control],
      ["a\u000cb", TEXT_MESSAGES.control],
      ["a\u007fb", TEXT_MESSAGES.control],
      ["a\u0080b", TEXT_MESSAGES.control],
      ["a\u009fb", TEXT_MESSAGES.control],
      ["gnp.exe\u202eTXT", TEXT_MESSAGES.bidi],
      ...["\u202a", "\u202b", "\u202c", "\u202d", "\u2066", "\u2067", "\u2068", "\u2069"].map((c): [string, string] => [`a${c}b`, TEXT_MESSAGES.bidi]),
      ["a\ud800b", TEXT_MESSAGES.malformed],
      ["a\udc00", TEXT_MESSAGES.malformed],
      ["\udc00\ud800", TEXT_MESSAGES.malformed],
    ];
    for (const [value, message] of cases) {
      expect(firstMessage(line, value), JSON.stringify(value)).toBe(message);
      expect(firstMessage(text, value), JSON.stringify(value)).toBe(message);
      expect(firstMessage(secret, `${value}12345678`), JSON.stringify(value)).toBe(message);
    }
  });

  it("refuses tabs and line breaks inside one-line text and secrets, not around one-line text", () => {
    for (const value of ["a\tb", "a\nb", "a\rb", "a\u2028b"]) {
      expect(firstMessage(line, value), JSON.stringify(value)).toBe(TEXT_MESSAGES.lineBreak);
      expect(firstMessage(secret, `${value}12345678`)).toBe(TEXT_MESSAGES.lineBreak);
    }
    expect(secret.parse(" con espacios ")).toBe(" con espacios "); // a password is never trimmed
  });

  it("keeps z.string()'s own messages and chaining", () => {
    expect(firstMessage(singleLineText({ error: "Debe ser texto." }), 42)).toBe("Debe ser texto.");
    expect(firstMessage(singleLineText().pipe(z.email("Correo no válido.")), "x@")).toBe("Correo no válido.");
  });

  it("stripUnsafeText removes what the fields refuse, for text nobody can correct (a Google name)", () => {
    expect(stripUnsafeText("Ana\u202e\u0000 Torres\u001b[0m\ud800")).toBe("Ana Torres[0m\ufffd");
  });
});

describe("textParam (free-text query parameters such as ?q=)", () => {
  const schema = z.object({ q: textParam(100, "La búsqueda es demasiado larga.") });
  const read = (query: string) => readQuery(new Request(`http://localhost/api/x?${query}`), schema);

  it("blank is absent, text is trimmed", () => {
    expect(read("q=")).toEqual({ q: undefined });
    expect(read("q=%20ERP%20pyme%20")).toEqual({ q: "ERP pyme" });
  });

  it("control and bidi characters are a 422 on the parameter", () => {
    for (const query of ["q=a%00b", "q=%E2%80%AEabc", "q=a%1B%5B31m", `q=${"x".repeat(101)}`]) {
      let error: unknown;
      try {
        read(query);
      } catch (caught) {
        error = caught;
      }
      expect(error, query).toBeInstanceOf(DomainError);
      expect((error as DomainError).kind).toBe("invalid");
      expect(Object.keys((error as DomainError).fieldErrors ?? {})).toEqual(["q"]);
    }
  });
});

describe("SLUG_PATTERN", () => {
  it("lower-case words joined by single hyphens; digits alone too (ids)", () => {
    for (const slug of ["lumen-erp-pyme", "aws", "erp2", "42"]) expect(SLUG_PATTERN.test(slug), slug).toBe(true);
    for (const slug of ["", "Lumen", "a--b", "-a", "a-", "a_b", "a b", "café", "a\u0000b", "a%00b"]) expect(SLUG_PATTERN.test(slug), slug).toBe(false);
  });
});

describe("MALFORMED_ESCAPE: paths whose escapes do not decode to text", () => {
  const decodes = (path: string) => {
    try {
      decodeURIComponent(path);
      return true;
    } catch {
      return false;
    }
  };

  it("matches the malformed URLs that used to answer 500 and every escape decodeURIComponent rejects", () => {
    for (const path of ["/api/v1/products/%C0%AF", "/productos/%FF", "/reset-password/%C0%AF", "/api/notifications/%ED%A0%80/read", "/x/%", "/x/%2", "/x/%zz", "/x/%E0%A4", "/x/%F4%90%80%80", "/x/%80"]) {
      expect(MALFORMED_ESCAPE.test(path), path).toBe(true);
      expect(decodes(path), path).toBe(false);
    }
  });

  it("matches escaped control characters too (no URL of the site holds one)", () => {
    for (const path of ["/productos/a%00b", "/x/%0A", "/x/%1b", "/x/%7F"]) expect(MALFORMED_ESCAPE.test(path), path).toBe(true);
  });

  it("never matches a path that decodes to text", () => {
    for (const path of ["/", "/productos/lumen-erp-pyme", "/productos/caf%C3%A9", "/x/%F0%9F%98%80", "/x/%2F%25%20", "/x/%e2%82%ac", "/x/%7E"]) {
      expect(MALFORMED_ESCAPE.test(path), path).toBe(false);
    }
    // Every code point but C0 controls and DEL, encoded as a browser would.
    for (let codePoint = 0x20; codePoint <= 0x10ffff; codePoint += codePoint < 0x3000 ? 1 : 97) {
      if ((codePoint >= 0xd800 && codePoint <= 0xdfff) || codePoint === 0x7f) continue;
      const path = `/x/${encodeURIComponent(String.fromCodePoint(codePoint))}`;
      if (MALFORMED_ESCAPE.test(path)) expect.fail(`${path} refused`);
    }
  });

  it("agrees with decodeURIComponent on random escape sequences (controls aside)", () => {
    const pieces = ["a", "/", "%", "%2", "%zz", "%20", "%7F", "%80", "%BF", "%C0", "%C2", "%DF", "%E0", "%A0", "%9F", "%ED", "%EF", "%F0", "%90", "%8F", "%F4", "%F5", "%FF", "%c3", "%a9"];
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let i = 0; i < 20_000; i++) {
      let path = "/x/";
      for (let j = 1 + Math.floor(random() * 5); j > 0; j--) path += pieces[Math.floor(random() * pieces.length)];
      const control = /%(?:[01][0-9A-Fa-f]|7[Ff])/.test(path);
      expect(MALFORMED_ESCAPE.test(path), path).toBe(!decodes(path) || control);
    }
  });
});
