// The ZIP envelopes SUNAT's web service exchanges: a document travels as `<name>.zip` holding
// `<name>.xml`, and the answer (the CDR) comes back zipped the same way. Reading refuses archives
// that would unpack to more than a few entries or megabytes (zip bombs), and any entry whose bytes
// do not match their CRC-32. Pure: no I/O.
import { crc32 } from "node:zlib";
import { inflateSync, strToU8, zipSync } from "fflate";

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

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_BYTES = 22;
const CENTRAL_BYTES = 46;
const LOCAL_BYTES = 30;

const corrupt = () => new ZipError("corrupt", "El archivo ZIP está dañado o no es un ZIP.");

/** The end-of-central-directory record: the last 22 bytes, or before a comment of up to 64 KB. */
function findEndOfCentralDirectory(zip: Buffer): number {
  for (let at = zip.length - EOCD_BYTES; at >= Math.max(0, zip.length - EOCD_BYTES - 0xffff); at--) {
    if (zip.readUInt32LE(at) === EOCD_SIGNATURE && at + EOCD_BYTES + zip.readUInt16LE(at + 20) === zip.length) return at;
  }
  throw corrupt();
}

/**
 * The files of a ZIP (folders left out), in archive order. Throws a ZipError when the archive is not
 * a readable ZIP (bad structure, unsupported method, encryption or ZIP64, a CRC that does not match),
 * holds more than `maxEntries` entries or declares more than `maxUncompressedBytes` in all. The
 * limits are checked on the central directory before anything is inflated, and each entry is
 * inflated into a buffer of its declared size, never beyond.
 */
export function readZip(zip: Buffer, limits: ZipLimits = {}): ZipEntry[] {
  const maxEntries = limits.maxEntries ?? ZIP_MAX_ENTRIES;
  const maxBytes = limits.maxUncompressedBytes ?? ZIP_MAX_UNCOMPRESSED_BYTES;
  const end = findEndOfCentralDirectory(zip);
  const directorySize = zip.readUInt32LE(end + 12);
  const directoryStart = zip.readUInt32LE(end + 16);
  if (directoryStart + directorySize > end) throw corrupt();

  type Header = { name: string; method: number; crc: number; compressedSize: number; size: number; dataStart: number };
  const headers: Header[] = [];
  let declared = 0;
  for (let at = directoryStart; at < directoryStart + directorySize; ) {
    if (at + CENTRAL_BYTES > end || zip.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw corrupt();
    if (headers.length + 1 > maxEntries) throw new ZipError("too_many_entries", `El ZIP tiene más de ${maxEntries} archivos.`);
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const next = at + CENTRAL_BYTES + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const localStart = zip.readUInt32LE(at + 42);
    if (next > end || (flags & 0x1) !== 0 || (method !== 0 && method !== 8)) throw corrupt();
    if (compressedSize === 0xffffffff || size === 0xffffffff || localStart === 0xffffffff) throw corrupt();
    declared += size;
    if (declared > maxBytes) {
      throw new ZipError("too_large", `El contenido del ZIP supera ${Math.floor(maxBytes / (1024 * 1024))} MB descomprimido.`);
    }
    const name = zip.toString(flags & 0x800 ? "utf8" : "latin1", at + CENTRAL_BYTES, at + CENTRAL_BYTES + nameLength);
    if (localStart + LOCAL_BYTES > directoryStart || zip.readUInt32LE(localStart) !== LOCAL_SIGNATURE) throw corrupt();
    const dataStart = localStart + LOCAL_BYTES + zip.readUInt16LE(localStart + 26) + zip.readUInt16LE(localStart + 28);
    if (dataStart + compressedSize > directoryStart) throw corrupt();
    headers.push({ name, method, crc: zip.readUInt32LE(at + 16), compressedSize, size, dataStart });
    at = next;
  }

  const entries: ZipEntry[] = [];
  for (const header of headers) {
    if (header.name.endsWith("/")) continue;
    const raw = zip.subarray(header.dataStart, header.dataStart + header.compressedSize);
    let data: Buffer;
    try {
      data = header.method === 0 ? Buffer.from(raw) : Buffer.from(inflateSync(raw, { out: new Uint8Array(header.size) }));
    } catch {
      throw corrupt();
    }
    if (data.length !== header.size || crc32(data) !== header.crc) throw corrupt();
    entries.push({ name: header.name, data });
  }
  return entries;
}
