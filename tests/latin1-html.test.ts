// Public pages write characters above U+00FF as character references (lib/latin1-html.ts), so
// Next serves their pre-rendered HTML from a one-byte string.
import { describe, expect, it } from "vitest";
import { firstNonLatin1, latin1Html, latin1TextHtml } from "../lib/latin1-html";

describe("latin1Html", () => {
  it("turns every character above U+00FF into a reference and keeps markup, accents and ñ as they are", () => {
    const html = '<p class="x">Diseño “ágil” — € 1,250.00 … 🚀</p>';
    const out = latin1Html(html);
    expect(out).toBe('<p class="x">Diseño &#x201c;ágil&#x201d; &#x2014; &#x20ac; 1,250.00 &#x2026; &#x1f680;</p>');
    expect(firstNonLatin1(out)).toBeNull();
  });

  it("escapes plain text before writing it as HTML", () => {
    expect(latin1TextHtml(`€ 5 <b>&"'`)).toEqual({ __html: "&#x20ac; 5 &lt;b&gt;&amp;&quot;&#39;" });
  });

  it("finds the first wide character, or none", () => {
    expect(firstNonLatin1("Señal ©")).toBeNull();
    expect(firstNonLatin1("a → b €")).toBe("→");
  });
});
