// The ZIP envelope: what we zip is what Info-ZIP's unzip reads, what zip makes we read, and archives
// with too many entries, too many bytes or broken bytes are refused.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZipError, readZip, zipXml } from "@/lib/sunat/zip";
import { skipWithoutInfoZip } from "./helpers/requirements";

const SAMPLE = readFileSync(path.join(import.meta.dirname, "fixtures/sunat/sample-invoice.xml"), "utf8");
const BASE = "20123456786-01-F001-123";
const withoutInfoZip = skipWithoutInfoZip();
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "sunat-zip-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function problemOf(call: () => unknown): string {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(ZipError);
    return (error as ZipError).problem;
  }
  throw new Error("expected a ZipError");
}

describe("zipXml and readZip", () => {
  it("zips one `<base>.xml`, compressed, that readZip gives back unchanged", () => {
    const zip = zipXml(BASE, SAMPLE);
    expect(zip.length).toBeLessThan(Buffer.byteLength(SAMPLE) / 2);
    expect(readZip(zip)).toEqual([{ name: `${BASE}.xml`, data: Buffer.from(SAMPLE, "utf8") }]);
  });

  it.skipIf(withoutInfoZip)("zips what Info-ZIP's unzip lists, tests and extracts unchanged", () => {
    const zip = zipXml(BASE, SAMPLE);
    const file = path.join(dir, `${BASE}.zip`);
    writeFileSync(file, zip);
    const listing = spawnSync("unzip", ["-Z1", file], { encoding: "utf8" });
    expect(listing.stdout.trim().split("\n")).toEqual([`${BASE}.xml`]);
    expect(spawnSync("unzip", ["-tq", file], { encoding: "utf8" }).status).toBe(0);
    expect(spawnSync("unzip", ["-p", file, `${BASE}.xml`]).stdout.toString("utf8")).toBe(SAMPLE);
  });

  it.skipIf(withoutInfoZip)("reads what Info-ZIP's zip makes, folders left out", () => {
    writeFileSync(path.join(dir, "R-20123456786-01-F001-123.xml"), SAMPLE);
    mkdirSync(path.join(dir, "dummy"), { recursive: true });
    const made = spawnSync("zip", ["-q", "-r", "cdr.zip", "R-20123456786-01-F001-123.xml", "dummy"], { cwd: dir });
    expect(made.status).toBe(0);
    const entries = readZip(readFileSync(path.join(dir, "cdr.zip")));
    expect(entries.map((entry) => entry.name)).toEqual(["R-20123456786-01-F001-123.xml"]);
    expect(entries[0].data.toString("utf8")).toBe(SAMPLE);
  });

  it("refuses a name that could not be SUNAT's file name", () => {
    expect(() => zipXml("../evil", SAMPLE)).toThrow();
    expect(() => zipXml("a/b", SAMPLE)).toThrow();
  });
});

describe("readZip refusals", () => {
  it("refuses more than 10 entries (and takes exactly 10)", () => {
    const files = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`f${i}.xml`, new Uint8Array([60, 97, 47, 62])]));
    expect(readZip(Buffer.from(zipSync(files(10))))).toHaveLength(10);
    expect(problemOf(() => readZip(Buffer.from(zipSync(files(11)))))).toBe("too_many_entries");
    expect(problemOf(() => readZip(Buffer.from(zipSync(files(3))), { maxEntries: 2 }))).toBe("too_many_entries");
  });

  it("refuses more than 10 MB uncompressed, though the archive itself is tiny", () => {
    const bomb = Buffer.from(zipSync({ "a.xml": new Uint8Array(10 * 1024 * 1024 + 1) }, { level: 9 }));
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(problemOf(() => readZip(bomb))).toBe("too_large");
    // The limit is on the sum: two files of 6 MB each.
    const pair = Buffer.from(zipSync({ "a.xml": new Uint8Array(6 * 1024 * 1024), "b.xml": new Uint8Array(6 * 1024 * 1024) }));
    expect(problemOf(() => readZip(pair))).toBe("too_large");
    expect(readZip(pair, { maxUncompressedBytes: 12 * 1024 * 1024 })).toHaveLength(2);
  });

  it("refuses an entry whose header understates its size, without inflating it whole", () => {
    const zip = Buffer.from(zipSync({ "a.xml": new Uint8Array(1024 * 1024).fill(65) }, { level: 9 }));
    // The central directory entry (signature 0x02014b50) keeps the uncompressed size at offset 24.
    const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    expect(zip.readUInt32LE(central + 24)).toBe(1024 * 1024);
    zip.writeUInt32LE(1000, central + 24);
    expect(problemOf(() => readZip(zip))).toBe("corrupt");
  });

  it("refuses an entry whose bytes were changed (its CRC-32 no longer matches)", () => {
    const zip = Buffer.from(zipSync({ "a.xml": [Buffer.from(SAMPLE), { level: 0 }] }));
    const at = zip.indexOf(Buffer.from("F001-123"));
    zip[at] = "E".charCodeAt(0);
    expect(problemOf(() => readZip(zip))).toBe("corrupt");
  });

  it("refuses a file that is not a ZIP, and a cut one", () => {
    expect(problemOf(() => readZip(Buffer.from(SAMPLE)))).toBe("corrupt");
    expect(problemOf(() => readZip(Buffer.alloc(0)))).toBe("corrupt");
    const zip = zipXml(BASE, SAMPLE);
    expect(problemOf(() => readZip(zip.subarray(0, zip.length - 30)))).toBe("corrupt");
    expect(problemOf(() => readZip(zip.subarray(40)))).toBe("corrupt");
  });
});
