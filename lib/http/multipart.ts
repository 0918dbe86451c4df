import "server-only";
import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { HttpError } from "./errors";

// A multipart/form-data body with one file, read as it streams: the bytes are counted while
// they arrive, so a file over the limit is answered 413 as soon as it crosses it, without
// reading (or keeping) the rest. The whole body is bounded too, since parts the parser skips
// (another file field, a second file, the rest of an over-long field) still cross the wire.
// Nothing in front of the app is trusted to cut the body: Next's own proxy limit truncates
// silently instead of refusing.

export type MultipartFile = { data: Buffer; fileName: string };
export type MultipartUpload = { file: MultipartFile | null; fields: Record<string, string> };

const MAX_FIELDS = 10;
const MAX_FIELD_BYTES = 4096;
/** Room for the part headers and the small fields around the file. */
const ENVELOPE_BYTES = 64 * 1024;

export const MULTIPART_MESSAGES = {
  type: "Envía la imagen como multipart/form-data (campo «file»).",
  broken: "El formulario enviado está dañado o incompleto. Vuelve a intentarlo.",
  fieldTooLong: "Uno de los campos del formulario es demasiado largo.",
  tooLarge: (maxBytes: number) => `El archivo supera el máximo de ${Math.round(maxBytes / (1024 * 1024))} MB.`,
} as const;

/**
 * Reads `fileField` and the text fields of a multipart request. 415 for another content type,
 * 413 when the file exceeds `maxFileBytes` or the body (declared or received) exceeds it plus
 * a small envelope, 400 for a broken body.
 * A second file is ignored. The file name is kept as sent (path included) for the domain to judge.
 */
export async function readMultipartUpload(request: Request, { fileField, maxFileBytes }: { fileField: string; maxFileBytes: number }): Promise<MultipartUpload> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw new HttpError(415, MULTIPART_MESSAGES.type);
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxFileBytes + ENVELOPE_BYTES) throw new HttpError(413, MULTIPART_MESSAGES.tooLarge(maxFileBytes));
  if (!request.body) return { file: null, fields: {} };

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      preservePath: true,
      defParamCharset: "utf8",
      // busboy reports its limit once a file reaches it: one byte more, so a file of exactly
      // maxFileBytes is accepted and "limit" means over it.
      limits: { files: 1, fileSize: maxFileBytes + 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: MAX_FIELDS + 2, headerPairs: 20 },
    });
  } catch {
    throw new HttpError(400, MULTIPART_MESSAGES.broken);
  }
  const source = Readable.fromWeb(request.body as unknown as NodeWebReadableStream<Uint8Array>);

  return await new Promise<MultipartUpload>((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: MultipartFile | null = null;
    let pending: Promise<void> = Promise.resolve();
    let settled = false;
    const fail = (error: HttpError) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      source.destroy();
      reject(error);
    };

    parser.on("field", (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) return fail(new HttpError(413, MULTIPART_MESSAGES.fieldTooLong));
      fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      if (name !== fileField || file) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => fail(new HttpError(413, MULTIPART_MESSAGES.tooLarge(maxFileBytes))));
      pending = new Promise<void>((done) =>
        stream.on("end", () => {
          file = { data: Buffer.concat(chunks), fileName: info.filename ?? "" };
          done();
        }),
      );
    });
    parser.on("error", () => fail(new HttpError(400, MULTIPART_MESSAGES.broken)));
    parser.on("close", () => {
      void pending.then(() => {
        if (settled) return;
        settled = true;
        resolve({ file, fields });
      });
    });
    source.on("error", () => fail(new HttpError(400, MULTIPART_MESSAGES.broken)));
    source.pipe(parser);
    let received = 0;
    source.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxFileBytes + ENVELOPE_BYTES) fail(new HttpError(413, MULTIPART_MESSAGES.tooLarge(maxFileBytes)));
    });
  });
}
