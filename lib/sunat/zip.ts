// The ZIP envelopes SUNAT's web service exchanges: a document travels as `<name>.zip` holding
// `<name>.xml`, and the answer (the CDR) comes back zipped the same way. Reading refuses archives
// that would unpack to more than a few entries or megabytes (zip bombs). Pure: no I/O.
import { strToU8, unzipSync, zipSync } from "fflate";

export const ZIP_MAX_ENTRIES = 10;
export const ZIP_MAX_UNCOMPRESSED_BYTES = 10 * 1024 * 1024;

export type ZipLimits = { maxEntries?: number; maxUncompressedBytes?: number };
export type ZipEntry = { name: string; data: Buffer };

export type ZipProblem = "corrupt" | "too_many_entries" | "too_large";

export class ZipError extends Error {
  constructor(
    readonly problem: ZipProblem,
    message: string,
  ) {
    super(message);
    this.name = "ZipError";
  }
}

/** A ZIP holding one file, `${baseName}.xml` (UTF-8), deflated. */
export function zipXml(baseName: string, xml: string): Buffer {
  if (!/^[A-Za-z0-9._-]+$/.test(baseName)) throw new Error(`Nombre de archivo no válido para el ZIP: ${baseName}`);
  return Buffer.from(zipSync({ [`${baseName}.xml`]: [strToU8(xml), { level: 9 }] }));
}

/**
 * The files of a ZIP (folders left out), in archive order. Throws a ZipError when the archive is not
 * a readable ZIP, holds more than `maxEntries` entries or declares more than `maxUncompressedBytes`
 * in all. Each entry is inflated into a buffer of its declared size and never beyond, so a header
 * that understates its size yields a cut file, never an unbounded one.
 */
export function readZip(zip: Buffer, limits: ZipLimits = {}): ZipEntry[] {
  const maxEntries = limits.maxEntries ?? ZIP_MAX_ENTRIES;
  const maxBytes = limits.maxUncompressedBytes ?? ZIP_MAX_UNCOMPRESSED_BYTES;
  let entries = 0;
  let declared = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(new Uint8Array(zip.buffer, zip.byteOffset, zip.byteLength), {
      filter: (file) => {
        entries += 1;
        declared += file.originalSize;
        if (entries > maxEntries) {
          throw new ZipError("too_many_entries", `El ZIP tiene más de ${maxEntries} archivos.`);
        }
        if (declared > maxBytes) {
          throw new ZipError("too_large", `El contenido del ZIP supera ${Math.floor(maxBytes / (1024 * 1024))} MB descomprimido.`);
        }
        return !file.name.endsWith("/");
      },
    });
  } catch (error) {
    if (error instanceof ZipError) throw error;
    throw new ZipError("corrupt", "El archivo ZIP está dañado o no es un ZIP.");
  }
  return Object.entries(files).map(([name, data]) => ({ name, data: Buffer.from(data.buffer, data.byteOffset, data.byteLength) }));
}
