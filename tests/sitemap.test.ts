import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { buildSitemapEntries } from "@/lib/sitemap/queries";
import { STATIC_ROUTES } from "@/lib/sitemap/routes";
import { renderSitemapXml, type SitemapEntry } from "@/lib/sitemap/xml";
import { absoluteUrl } from "@/lib/site-url";
import { skipWithoutXmllint } from "./helpers/requirements";

const XSD = path.resolve("tests/fixtures/sitemap-0.9.xsd");
const withoutXmllint = skipWithoutXmllint();

/** Validates with libxml2 against the sitemaps.org 0.9 schema; returns xmllint's verdict. */
function validate(xml: string) {
  const dir = mkdtempSync(path.join(tmpdir(), "sitemap-"));
  const file = path.join(dir, "sitemap.xml");
  writeFileSync(file, xml);
  try {
    execFileSync("xmllint", ["--noout", "--schema", XSD, file], { stdio: "pipe" });
    return "valid";
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("sitemap XML", () => {
  it("escapes URLs, percent-encodes non-ASCII paths and formats every field", () => {
    const entries: SitemapEntry[] = [
      { loc: "https://example.pe/productos/gestión&más", lastmod: new Date("2026-05-04T10:00:00Z"), changefreq: "weekly", priority: 0.8 },
      { loc: "https://example.pe/", changefreq: "daily", priority: 1 },
    ];
    const xml = renderSitemapXml(entries);
    expect(xml).toContain("<loc>https://example.pe/productos/gesti%C3%B3n&amp;m%C3%A1s</loc>");
    expect(xml).toContain("<lastmod>2026-05-04T10:00:00.000Z</lastmod>");
    expect(xml).toContain("<priority>1.0</priority>");
  });
});

describe.skipIf(withoutXmllint)("sitemap XML against the sitemaps.org schema (xmllint)", () => {
  it("accepts a rendered sitemap with escaped and percent-encoded URLs", () => {
    const xml = renderSitemapXml([
      { loc: "https://example.pe/productos/gestión&más", lastmod: new Date("2026-05-04T10:00:00Z"), changefreq: "weekly", priority: 0.8 },
      { loc: "https://example.pe/", changefreq: "daily", priority: 1 },
    ]);
    expect(validate(xml)).toBe("valid");
  });

  it("rejects a malformed entry (the validation can fail)", () => {
    const xml = renderSitemapXml([{ loc: "https://example.pe/", changefreq: "weekly", priority: 2 }]);
    expect(validate(xml)).toMatch(/priority/);
  });
});

describe("sitemap of this site", () => {
  const created: number[] = [];
  beforeAll(async () => {
    const hidden = await Promise.all(
      (["draft", "inactive"] as const).map((status) =>
        db.catalogItem.create({
          data: { kind: "product", name: `Oculto ${status}`, slug: `oculto-sitemap-${status}`, description: "No público", status },
        }),
      ),
    );
    created.push(...hidden.map((item) => item.id));
  });
  afterAll(async () => {
    await db.catalogItem.deleteMany({ where: { id: { in: created } } });
  });

  it("lists the static pages with their agreed priorities, mapped to this site's Spanish routes", async () => {
    const entries = await buildSitemapEntries();
    const byLoc = new Map(entries.map((entry) => [entry.loc, entry]));
    expect(byLoc.get(absoluteUrl("/"))).toMatchObject({ priority: 1, changefreq: "daily" });
    expect(byLoc.get(absoluteUrl("/nosotros"))).toMatchObject({ priority: 0.8, changefreq: "weekly" });
    expect(byLoc.get(absoluteUrl("/contacto"))).toMatchObject({ priority: 0.7, changefreq: "weekly" });
    expect(byLoc.get(absoluteUrl("/soluciones"))).toMatchObject({ priority: 0.9, changefreq: "weekly" });
    expect(byLoc.get(absoluteUrl("/privacidad"))).toMatchObject({ priority: 0.5, changefreq: "yearly" });
    expect(byLoc.get(absoluteUrl("/terminos"))).toMatchObject({ priority: 0.5, changefreq: "yearly" });
    for (const route of STATIC_ROUTES) expect(byLoc.has(absoluteUrl(route.path))).toBe(true);
    expect(new Set(entries.map((e) => e.loc)).size).toBe(entries.length);
  });

  it("lists every active product and service with its last change, and nothing else of theirs", async () => {
    const entries = await buildSitemapEntries();
    const details = entries.filter((e) => /\/(productos|servicios)\/./.test(e.loc));
    const active = await db.catalogItem.findMany({ where: { status: "active" } });
    const expected = active.map((item) => ({
      loc: absoluteUrl(`/${item.kind === "product" ? "productos" : "servicios"}/${item.slug}`),
      lastmod: item.updatedAt,
      changefreq: "weekly",
      priority: 0.8,
    }));
    expect(details).toEqual(expect.arrayContaining(expected));
    expect(details).toHaveLength(expected.length);
    expect(details.some((e) => e.loc.includes("oculto-sitemap"))).toBe(false);
  });

  it.skipIf(withoutXmllint)("validates against the sitemaps.org schema", async () => {
    expect(validate(renderSitemapXml(await buildSitemapEntries()))).toBe("valid");
  });
});
