// lib/server-action-guard.ts: which server-action posts proxy.ts answers itself (4xx) instead of
// letting Next 16.4 fail on them with a 500. Real Request objects, shaped like the browser's.
// The same requests against the production server: e2e/hardening.spec.ts.
import { describe, expect, it } from "vitest";
import { refuseInvalidServerAction } from "@/lib/server-action-guard";

const SITE = "http://localhost:3000";
const ACTION_ID = "605fd57af1dc6b67e1a7c89ff3d61349669c912ded";

/** A fetch action as React's client sends it: FormData whose "0" is the argument list. */
function fetchAction(options: { origin?: string | null; host?: string; form?: FormData; body?: BodyInit; contentType?: string } = {}) {
  const headers = new Headers({ host: options.host ?? "localhost:3000", "next-action": ACTION_ID, accept: "text/x-component" });
  if (options.origin !== null) headers.set("origin", options.origin ?? SITE);
  if (options.contentType) headers.set("content-type", options.contentType);
  let body = options.body;
  if (body === undefined) {
    const form = options.form ?? new FormData();
    if (!options.form) {
      form.set("_1_email", "ana@empresa.pe");
      form.set("0", '[{"status":"idle"},"$K1"]');
    }
    body = form;
  }
  return new Request(`${SITE}/forgot-password`, { method: "POST", headers, body });
}

/** A form posted without JavaScript (no Next-Action header; the action travels in hidden fields). */
function formAction(fields: Record<string, string>, origin: string | null = SITE) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  const headers = new Headers({ host: "localhost:3000" });
  if (origin !== null) headers.set("origin", origin);
  return new Request(`${SITE}/forgot-password`, { method: "POST", headers, body: form });
}

const NATIVE_FORM = {
  $ACTION_REF_1: "",
  "$ACTION_1:0": JSON.stringify({ id: ACTION_ID, bound: "$@1" }),
  "$ACTION_1:1": '[{"status":"idle"}]',
  $ACTION_KEY: "k3ca6c3d5368257148b85eb8d0f5371e7",
  email: "ana@empresa.pe",
};

async function statusOf(request: Request) {
  const answer = await refuseInvalidServerAction(request);
  if (answer) expect(typeof ((await answer.json()) as { message: unknown }).message).toBe("string");
  return answer?.status ?? "passes";
}

describe("requests Next can handle pass untouched", () => {
  it("a same-origin fetch action, a same-origin native form, and requests without Origin (not from a browser)", async () => {
    expect(await statusOf(fetchAction())).toBe("passes");
    expect(await statusOf(fetchAction({ origin: null }))).toBe("passes");
    expect(await statusOf(formAction(NATIVE_FORM))).toBe("passes");
    expect(await statusOf(formAction(NATIVE_FORM, null))).toBe("passes");
    // React sends a plain string body for simple argument lists.
    expect(await statusOf(fetchAction({ body: '["hola",1]', contentType: "text/plain;charset=UTF-8" }))).toBe("passes");
  });

  it("X-Forwarded-Host (set by the proxy in front) is the host Next compares with", async () => {
    const request = fetchAction({ origin: "https://www.lumenti.pe", host: "127.0.0.1:3000" });
    request.headers.set("x-forwarded-host", "www.lumenti.pe, interno");
    expect(await statusOf(request)).toBe("passes");
  });

  it("what is not a possible action is not looked at: GET, JSON POST, form-encoded without Next-Action", async () => {
    expect(await statusOf(new Request(`${SITE}/contacto`, { headers: { origin: "https://evil.example" } }))).toBe("passes");
    const json = new Request(`${SITE}/contacto`, { method: "POST", headers: { origin: "https://evil.example", "content-type": "application/json" }, body: "{" });
    expect(await statusOf(json)).toBe("passes");
    const encoded = new Request(`${SITE}/contacto`, { method: "POST", headers: { origin: "https://evil.example" }, body: new URLSearchParams({ a: "b" }) });
    expect(await statusOf(encoded)).toBe("passes");
  });
});

describe("refused", () => {
  it("403 for a foreign, opaque (null) or malformed Origin, fetch and native form alike", async () => {
    for (const origin of ["https://evil.example", "http://localhost:3001", "null", "https://a, b", "not a url", "http://"]) {
      expect(await statusOf(fetchAction({ origin })), origin).toBe(403);
      expect(await statusOf(formAction(NATIVE_FORM, origin)), origin).toBe(403);
    }
  });

  it("400 for a body React cannot decode", async () => {
    const garbage: Array<[string, Request]> = [
      ["text that is not JSON", fetchAction({ body: "[zxc]", contentType: "text/plain;charset=UTF-8" })],
      ["JSON that is not an argument list", fetchAction({ body: '{"a":1}', contentType: "text/plain" })],
      ["no Content-Type, garbage", fetchAction({ body: new TextEncoder().encode("garbage") })],
      ["multipart without the argument list", fetchAction({ form: (() => { const f = new FormData(); f.set("x", "1"); return f; })() })],
      ["multipart that does not parse", fetchAction({ body: "garbage", contentType: "multipart/form-data; boundary=zzz" })],
      ["multipart without a boundary", fetchAction({ body: "garbage", contentType: "multipart/form-data" })],
      ["native form with broken action metadata", formAction({ $ACTION_REF_1: "", "$ACTION_1:0": "garbage" })],
      ["native form whose metadata has no id", formAction({ $ACTION_REF_1: "", "$ACTION_1:0": '{"bound":null}' })],
      ["native form without its bound arguments", formAction({ $ACTION_REF_1: "", "$ACTION_1:0": JSON.stringify({ id: ACTION_ID, bound: "$@1" }) })],
    ];
    for (const [label, request] of garbage) expect(await statusOf(request), label).toBe(400);
  });

  it("400 for well-formed JSON whose references React cannot resolve (Next answered 500 to each)", async () => {
    const text = (body: string) => fetchAction({ body, contentType: "text/plain;charset=UTF-8" });
    for (const body of ['["$1"]', '["$Q1"]', '["$W1"]', '["$i1"]', '["$B1"]', '["$A1"]', '["$h1"]', '["$"]', `["$n${"9".repeat(301)}"]`, `[${"1,".repeat(1000)}1]`, `${"[".repeat(5000)}${"]".repeat(5000)}`]) {
      expect(await statusOf(text(body)), body.slice(0, 30)).toBe(400);
    }
    const outlined = new FormData();
    outlined.set("1", "no es JSON");
    outlined.set("0", '["$1"]');
    expect(await statusOf(fetchAction({ form: outlined }))).toBe(400);
    // React's client writes a part before the part that needs it; Next decodes a multipart reply
    // as it streams in and threw "Invalid forward reference." (500) for a Map, a Set, an iterator
    // or an outlined object whose part comes after the argument list.
    for (const tag of ["Q", "W", "i", ""]) {
      const forward = new FormData();
      forward.set("0", `["$${tag}1"]`);
      forward.set("1", '[["name","Ana"]]');
      expect(await statusOf(fetchAction({ form: forward })), `$${tag}1 after 0`).toBe(400);
    }
    // React builds a Map, Set or iterator from a part once, from an array only, and a typed array
    // or stream only from a part nothing else uses ("Already initialized Map.": 500).
    for (const [label, root, part] of [
      ["the same Map twice", '["$Q1","$Q1"]', '[["a",1]]'],
      ["a Map and a Set from one part", '["$Q1","$W1"]', "[1]"],
      ["a Map from an object", '["$Q1"]', '{"a":1}'],
      ["a stream from a part also read as an object", '["$1","$R1"]', "[]"],
      ["a typed array from the root", '["$A0"]', "[]"],
    ]) {
      const reused = new FormData();
      reused.set("1", part);
      reused.set("0", root);
      expect(await statusOf(fetchAction({ form: reused })), label).toBe(400);
    }
  });

  it("references that are there, and shapes React tolerates, pass", async () => {
    const text = (body: string) => fetchAction({ body, contentType: "text/plain;charset=UTF-8" });
    for (const body of ['["$$dólares",{"a":["$D2026-01-01T00:00:00.000Z","$n12","$undefined","$I","$NaN","$-0"]}]', '["$@5"]', '["$T"]', '["$R1"]']) {
      expect(await statusOf(text(body)), body).toBe("passes");
    }
    const outlined = new FormData();
    outlined.set("1", '{"repetido":true}');
    outlined.set("0", '["$1","$1"]');
    expect(await statusOf(fetchAction({ form: outlined }))).toBe("passes");
    const map = new FormData();
    map.set("2", '[["name","Ana"]]');
    map.set("1", '{"m":"$Q2"}');
    map.set("0", '["$1","$@3"]');
    map.set("3", '{"más tarde":true}');
    expect(await statusOf(fetchAction({ form: map })), "parts before the parts that need them; a promise's part may come later").toBe("passes");
  });

  it("413 for a body over 1 MB, declared or streamed", async () => {
    const big = "x".repeat(1024 * 1024 + 1);
    const declared = fetchAction({ body: big, contentType: "text/plain" });
    expect(await statusOf(declared)).toBe(413);
    const streamed = new Request(`${SITE}/forgot-password`, {
      method: "POST",
      headers: { host: "localhost:3000", origin: SITE, "next-action": ACTION_ID, "content-type": "text/plain" },
      body: new Blob([big]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(await statusOf(streamed)).toBe(413);
  });
});
