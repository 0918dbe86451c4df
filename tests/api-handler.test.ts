import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DomainError, notFound, rateLimited } from "../lib/errors";
import { apiRoute, dataResponse } from "../lib/http/route";
import { MAX_BODY_BYTES, readJsonBody, readQuery } from "../lib/http/body";

const schema = z.object({ name: z.string().trim().min(1, "El nombre es obligatorio.").max(10) });
const route = apiRoute(async (request) => dataResponse(await readJsonBody(request, schema)));
const context = { params: Promise.resolve({}) };

function post(body: string | ReadableStream, headers: Record<string, string> = {}) {
  return new Request("http://localhost/api/v1/test", {
    method: "POST",
    body,
    headers: { "content-type": "application/json", ...headers },
    // @ts-expect-error Node's fetch needs duplex for streamed bodies
    duplex: "half",
  });
}

describe("API route wrapper", () => {
  it("answers valid JSON with the parsed data in the data envelope", async () => {
    const response = await route(post(JSON.stringify({ name: "  Ana " })), context);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { name: "Ana" } });
  });

  it("answers 400 to malformed JSON", async () => {
    const response = await route(post("{nombre: "), context);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "El cuerpo de la solicitud no es JSON válido." });
  });

  it("answers 422 with field errors to invalid data", async () => {
    const response = await route(post(JSON.stringify({ name: "   " })), context);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: "Los datos enviados no son válidos.",
      errors: { name: ["El nombre es obligatorio."] },
    });
  });

  it("answers 413 to a body over 1 MB, declared or streamed", async () => {
    const declared = await route(post("{}", { "content-length": String(MAX_BODY_BYTES + 1) }), context);
    expect(declared.status).toBe(413);

    const chunk = new Uint8Array(256 * 1024).fill(32);
    let sent = 0;
    const stream = new ReadableStream({
      pull(controller) {
        if (sent > MAX_BODY_BYTES * 2) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const streamed = await route(post(stream), context);
    expect(streamed.status).toBe(413);
    expect(sent).toBeLessThanOrEqual(MAX_BODY_BYTES + 2 * chunk.byteLength); // stopped reading early
  });

  it("passes a 429's Retry-After header through", async () => {
    const limited = apiRoute(async () => {
      throw rateLimited(120);
    });
    const response = await limited(new Request("http://localhost/x"), context);
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("120");
    expect((await response.json()).message).toMatch(/Demasiadas solicitudes/);
  });

  it("hides the internals of an unexpected error behind a 500", async () => {
    const broken = apiRoute(async () => {
      throw new Error("connection string postgresql://secret@db");
    });
    const original = console.error;
    console.error = () => {};
    try {
      const response = await broken(new Request("http://localhost/x"), context);
      expect(response.status).toBe(500);
      expect(JSON.stringify(await response.json())).not.toContain("secret");
    } finally {
      console.error = original;
    }
  });

  it("maps a thrown domain refusal to its status and message", async () => {
    const missing = apiRoute(async () => {
      throw notFound("Producto no encontrado");
    });
    const response = await missing(new Request("http://localhost/x"), context);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Producto no encontrado" });
  });

  it("rejects unknown query values with 422", () => {
    const query = z.object({ featured: z.enum(["true", "false"]).optional() });
    expect(readQuery(new Request("http://localhost/x?featured=true"), query)).toEqual({ featured: "true" });
    expect(() => readQuery(new Request("http://localhost/x?featured=yes"), query)).toThrow(DomainError);
  });
});
