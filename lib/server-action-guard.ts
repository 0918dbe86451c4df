// Server-action requests that Next 16.4 answers with a 500 before any of our code runs
// (vercel/next.js#86945, #92703; unchanged in 16.5.0-canary.38): an action posted from another
// origin (Next aborts it by throwing), with an Origin header that is not a URL (`new URL` throws),
// or with a body React cannot decode (JSON.parse / multipart errors). proxy.ts checks exactly
// the requests Next treats as possible actions (POST with a Next-Action header, or a multipart
// POST to a page) and answers those with a 4xx instead. Pure: no Next or Node imports.
import { readBodyWithin } from "./bounded-body";

/**
 * Other origins (host[:port]) allowed to post server actions. next.config.ts passes this same
 * list to Next as `experimental.serverActions.allowedOrigins`; only exact hosts, no wildcards.
 */
export const SERVER_ACTION_ALLOWED_ORIGINS: string[] = [];

/** Next's default `serverActions.bodySizeLimit`; Next answers a larger body with a 500. */
const MAX_ACTION_BODY_BYTES = 1024 * 1024;

const MESSAGES = {
  origin: "Solicitud rechazada: las acciones de este sitio solo pueden enviarse desde el propio sitio.",
  tooLarge: "El cuerpo de la solicitud es demasiado grande (máximo 1 MB).",
  malformed: "La solicitud no es válida.",
} as const;

function refusal(status: number, message: string): Response {
  return Response.json({ message }, { status, headers: { "Cache-Control": "no-store" } });
}

/** Next's rule: Origin's host must equal X-Forwarded-Host (first value) or else Host. No Origin passes (not a browser). */
function originAllowed(headers: Headers): boolean {
  const origin = headers.get("origin");
  if (origin === null) return true;
  let originHost: string;
  try {
    originHost = origin === "null" ? "null" : new URL(origin).host;
  } catch {
    return false;
  }
  const host = headers.get("x-forwarded-host")?.split(",")[0]?.trim() || headers.get("host");
  return (host !== null && originHost === host) || SERVER_ACTION_ALLOWED_ORIGINS.includes(originHost);
}

/** Next refuses more arguments than this (SERVER_ACTION_ARGS_LIMIT); React, bigger BigInts. */
const MAX_ARGUMENTS = 1000;
const MAX_BIGINT_DIGITS = 300;
/** Deeper than any real form state; React's decoder recurses and would overflow long before 1 MB. */
const MAX_DEPTH = 64;

/**
 * A reply's parts: chunk `n` is the field `${prefix}${n}` (a string body is chunk 0 alone);
 * `order` gives a field's place in the body (absent: the body is not multipart).
 */
type Reply = { get(key: string): FormDataEntryValue | null; prefix: string; order?: Map<string, number> };

/**
 * Whether React can decode this reply (react-server-dom's parseModelString): every chunk is
 * JSON, the root is the argument list, and every reference that React resolves eagerly points
 * at a part that is there. Shapes React tolerates when dangling ("$@", "$K", "$T", streams) pass.
 * A server function passed as an argument ("$h") is refused: no action here takes one; allow it
 * here first if one ever does. In a multipart body React decodes parts as they stream in, so a
 * part read eagerly (an outlined object, a Map, a Set, an iterator) must come before the part
 * that refers to it, as React's client writes them ("Invalid forward reference." otherwise).
 */
function replyDecodable(reply: Reply, rootId = 0): boolean {
  const seen = new Set<number>();
  const parse = (id: number): unknown => {
    const text = reply.get(`${reply.prefix}${id}`);
    return typeof text === "string" ? JSON.parse(text) : undefined;
  };
  const chunkId = (reference: string) => Number.parseInt(reference.split(":")[0], 16);
  const place = (id: number) => reply.order?.get(`${reply.prefix}${id}`) ?? -1;
  const pending: Array<[value: unknown, depth: number, chunk: number]> = [];
  const visit = (id: number, depth: number, required: boolean): boolean => {
    if (!Number.isSafeInteger(id)) return false;
    if (seen.has(id)) return true;
    const value = parse(id);
    if (value === undefined) return !required;
    seen.add(id);
    pending.push([value, depth, id]);
    return true;
  };
  /** An eager reference from chunk `from` to chunk `id`: there, and (multipart) earlier in the body. */
  const visitEager = (id: number, depth: number, from: number): boolean =>
    visit(id, depth, true) && (reply.order === undefined || place(id) < place(from));
  // How each chunk is referenced. React builds a Map, Set or iterator from an array part once
  // ("Already initialized Map."), and a typed array, blob or stream only from a part nothing
  // else refers to ("Already initialized typed array / stream.").
  const uses = new Map<number, { consumed: number; exclusive: number; total: number }>();
  const countUse = (id: number, kind: "consumed" | "exclusive" | "other") => {
    const count = uses.get(id) ?? { consumed: 0, exclusive: 0, total: 0 };
    if (kind !== "other") count[kind] += 1;
    count.total += 1;
    uses.set(id, count);
  };
  try {
    countUse(rootId, "other");
    if (!visit(rootId, 0, true)) return false;
    const root = pending[0][0];
    if (!Array.isArray(root) || root.length > MAX_ARGUMENTS) return false;
    while (pending.length > 0) {
      const [value, depth, chunk] = pending.pop()!;
      if (depth > MAX_DEPTH) return false;
      if (value !== null && typeof value === "object") {
        for (const child of Object.values(value)) pending.push([child, depth + 1, chunk]);
        continue;
      }
      if (typeof value !== "string" || !value.startsWith("$")) continue;
      const tag = value[1] ?? "";
      if (tag === "") return false; // "$" alone: a reference to nothing
      if ("RrXx".includes(tag)) {
        countUse(chunkId(value.slice(2)), "exclusive");
        continue;
      }
      if ("$KTIN-uDH".includes(tag)) continue;
      if (tag === "h") return false; // a server function as an argument: none of our actions takes one
      if (tag === "n") {
        if (value.length - 2 > MAX_BIGINT_DIGITS) return false;
      } else if (tag === "@") {
        countUse(chunkId(value.slice(2)), "other");
        if (!visit(chunkId(value.slice(2)), depth + 1, false)) return false;
      } else if ("QWi".includes(tag)) {
        const id = chunkId(value.slice(2));
        countUse(id, "consumed");
        if (!visitEager(id, depth + 1, chunk) || !Array.isArray(parse(id))) return false;
      } else if ("BAOoUSsLlGgMmV".includes(tag)) {
        countUse(chunkId(value.slice(2)), "exclusive");
        if (reply.get(`${reply.prefix}${chunkId(value.slice(2))}`) === null) return false;
      } else {
        countUse(chunkId(value.slice(1)), "other");
        if (!visitEager(chunkId(value.slice(1)), depth + 1, chunk)) return false; // "$<hex>": an outlined object
      }
    }
    for (const count of uses.values()) {
      if (count.consumed > 1 || (count.exclusive > 0 && count.total > 1)) return false;
    }
    return true;
  } catch {
    return false; // a chunk that is not JSON
  }
}

/** Each field's place in the body (its first occurrence). */
function fieldOrder(form: FormData): Map<string, number> {
  const order = new Map<string, number>();
  for (const key of form.keys()) if (!order.has(key)) order.set(key, order.size);
  return order;
}

/**
 * A form posted without JavaScript: each `$ACTION_REF_<n>` needs its `$ACTION_<n>:0` metadata
 * (`{ id, bound }`) and its bound argument list, decodable like a fetch action's reply.
 */
function formActionFieldsDecodable(form: FormData): boolean {
  for (const key of form.keys()) {
    if (!key.startsWith("$ACTION_REF_")) continue;
    const prefix = `$ACTION_${key.slice("$ACTION_REF_".length)}:`;
    let metadata: unknown;
    try {
      metadata = JSON.parse(String(form.get(`${prefix}0`)));
    } catch {
      return false;
    }
    if (typeof metadata !== "object" || metadata === null || typeof (metadata as { id?: unknown }).id !== "string") return false;
    const bound = (metadata as { bound?: unknown }).bound;
    if (bound === null || bound === undefined) continue;
    if (typeof bound !== "string" || !bound.startsWith("$@")) return false;
    if (!replyDecodable({ get: (field) => form.get(field), prefix, order: fieldOrder(form) }, Number.parseInt(bound.slice(2), 16))) return false;
  }
  return true;
}

async function bodyDecodable(body: Uint8Array<ArrayBuffer>, isFetchAction: boolean, contentType: string): Promise<boolean> {
  if (contentType.startsWith("multipart/form-data")) {
    let form: FormData;
    try {
      form = await new Response(body, { headers: { "content-type": contentType } }).formData();
    } catch {
      return false;
    }
    return isFetchAction ? replyDecodable({ get: (field) => form.get(field), prefix: "", order: fieldOrder(form) }) : formActionFieldsDecodable(form);
  }
  // Next itself answers a form-encoded action with 404.
  if (contentType.startsWith("application/x-www-form-urlencoded")) return true;
  const text = new TextDecoder().decode(body);
  return replyDecodable({ get: (field) => (field === "0" ? text : null), prefix: "" });
}

/**
 * null when Next can handle the request (or it is no server action at all); otherwise the 4xx
 * answer: 403 foreign or malformed Origin, 413 body over 1 MB, 400 body that cannot be decoded.
 * Reads the body, so give it a request whose body nobody else needs (the proxy's copy).
 */
export async function refuseInvalidServerAction(request: Request): Promise<Response | null> {
  if (request.method !== "POST") return null;
  const contentType = request.headers.get("content-type") ?? "";
  const isFetchAction = request.headers.has("next-action");
  // Next's own test (case-sensitive): any multipart POST to a page may be a form's action.
  if (!isFetchAction && !contentType.startsWith("multipart/form-data")) return null;

  if (!originAllowed(request.headers)) return refusal(403, MESSAGES.origin);
  const body = await readBodyWithin(request, MAX_ACTION_BODY_BYTES);
  if (!body) return refusal(413, MESSAGES.tooLarge);
  if (!(await bodyDecodable(body, isFetchAction, contentType))) return refusal(400, MESSAGES.malformed);
  return null;
}
