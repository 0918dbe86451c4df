import { Parser } from "htmlparser2";
import { SEO_LIMITS, type SeoCheck } from "./seo-checks";

export { SEO_CHECK_LABELS, SEO_LIMITS, type SeoCheck } from "./seo-checks";

// The SEO audit of the sitemap panel:
// concrete checks on the HTML of every URL the sitemap lists. `auditPageHtml` is pure (one
// page's HTML in, its checks out); `summarizeSeoAudit` adds the cross-page check (unique titles)
// and turns the checks into the score out of 100 the panel shows. Pure: no I/O, no server-only.

export type SeoCheckResult = { check: SeoCheck; passed: boolean; message: string | null };

export type PageAudit = {
  url: string;
  /** The page's <title> text (whitespace collapsed), or null when it has none. */
  title: string | null;
  checks: SeoCheckResult[];
};

export type SeoIssue = { url: string; check: SeoCheck; message: string };

export type SeoSummary = {
  /** passed / total × 100, rounded; null when no page could be checked at all. */
  score: number | null;
  passed: number;
  total: number;
  checked_urls: number;
  issues: SeoIssue[];
};

/** The checks a page that could not be fetched counts as failed (every check of a page). */
export const CHECKS_PER_PAGE = 8;

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();
const length = (text: string) => [...text].length;

/** Audits one page's HTML: title, meta description, one h1, canonical, img alt, JSON-LD. */
export function auditPageHtml(url: string, html: string): PageAudit {
  let title: string | null = null;
  let titleText = "";
  let inTitle = false;
  let svgDepth = 0;
  let description: string | null = null;
  let h1Count = 0;
  let canonical = false;
  let imagesWithoutAlt = 0;
  const jsonLdBlocks: string[] = [];
  let jsonLd: string | null = null;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === "svg") svgDepth += 1;
        if (name === "title" && svgDepth === 0 && title === null) {
          inTitle = true;
          titleText = "";
        }
        if (name === "meta" && attributes.name?.toLowerCase() === "description" && description === null) {
          description = attributes.content ?? "";
        }
        if (name === "h1") h1Count += 1;
        if (name === "link" && (attributes.rel ?? "").toLowerCase().split(/\s+/).includes("canonical") && (attributes.href ?? "").trim()) {
          canonical = true;
        }
        if (name === "img" && attributes.alt === undefined) imagesWithoutAlt += 1;
        if (name === "script" && (attributes.type ?? "").toLowerCase().trim() === "application/ld+json") jsonLd = "";
      },
      ontext(text) {
        if (inTitle) titleText += text;
        if (jsonLd !== null) jsonLd += text;
      },
      onclosetag(name) {
        if (name === "svg" && svgDepth > 0) svgDepth -= 1;
        if (name === "title" && inTitle) {
          inTitle = false;
          title = collapse(titleText);
        }
        if (name === "script" && jsonLd !== null) {
          jsonLdBlocks.push(jsonLd);
          jsonLd = null;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();

  const pageTitle = title as string | null;
  const checks: SeoCheckResult[] = [];
  const result = (check: SeoCheck, passed: boolean, message: string) => checks.push({ check, passed, message: passed ? null : message });

  result("title", Boolean(pageTitle), "Falta la etiqueta <title> o está vacía.");
  if (pageTitle) {
    const titleLength = length(pageTitle);
    result("title_length", titleLength <= SEO_LIMITS.titleMax, `El título tiene ${titleLength} caracteres (máximo ${SEO_LIMITS.titleMax}).`);
  }

  const metaDescription = description === null ? null : collapse(description);
  if (!metaDescription) {
    result("meta_description", false, "Falta la meta descripción.");
  } else {
    const descriptionLength = length(metaDescription);
    result(
      "meta_description",
      descriptionLength >= SEO_LIMITS.descriptionMin && descriptionLength <= SEO_LIMITS.descriptionMax,
      `La meta descripción tiene ${descriptionLength} caracteres (debe tener entre ${SEO_LIMITS.descriptionMin} y ${SEO_LIMITS.descriptionMax}).`,
    );
  }

  result(
    "h1",
    h1Count === 1,
    h1Count === 0 ? "La página no tiene encabezado h1." : `La página tiene ${h1Count} encabezados h1 (debe tener exactamente uno).`,
  );
  result("canonical", canonical, 'Falta el enlace <link rel="canonical">.');
  result(
    "img_alt",
    imagesWithoutAlt === 0,
    imagesWithoutAlt === 1 ? "1 imagen no tiene atributo alt." : `${imagesWithoutAlt} imágenes no tienen atributo alt.`,
  );

  const broken = jsonLdBlocks.filter((block) => {
    try {
      JSON.parse(block);
      return false;
    } catch {
      return true;
    }
  }).length;
  result(
    "json_ld",
    broken === 0,
    broken === 1 ? "1 bloque JSON-LD no es JSON válido." : `${broken} bloques JSON-LD no son JSON válido.`,
  );

  return { url, title: pageTitle, checks };
}

/** A page that could not be fetched: one listed issue, and every check of a page counted failed. */
export function unreachablePage(url: string, status: number | null): PageAudit {
  const message = status === null ? "No se pudo obtener la página." : `La página respondió con HTTP ${status}.`;
  return { url, title: null, checks: [{ check: "fetch", passed: false, message }] };
}

/** A page that answered with a redirect: the audit does not follow it, so the fetch check fails. */
export function redirectedPage(url: string, status: number): PageAudit {
  return {
    url,
    title: null,
    checks: [{ check: "fetch", passed: false, message: `La página redirige${status ? ` (HTTP ${status})` : ""}; la revisión no sigue redirecciones, así que cuenta como no accesible.` }],
  };
}

/**
 * The whole sitemap's result: the per-page checks plus "title unique across the sitemap", the
 * score (passed / total × 100, rounded) and every failing check with its URL.
 */
export function summarizeSeoAudit(pages: PageAudit[]): SeoSummary {
  const byTitle = new Map<string, string[]>();
  for (const page of pages) {
    if (!page.title) continue;
    const key = page.title.toLocaleLowerCase("es");
    byTitle.set(key, [...(byTitle.get(key) ?? []), page.url]);
  }

  let passed = 0;
  let total = 0;
  const issues: SeoIssue[] = [];
  for (const page of pages) {
    const checks = [...page.checks];
    if (page.title) {
      const others = (byTitle.get(page.title.toLocaleLowerCase("es")) ?? []).filter((url) => url !== page.url);
      checks.push({
        check: "title_unique",
        passed: others.length === 0,
        message: others.length === 0 ? null : `El título «${page.title}» se repite en ${others.length === 1 ? "otra URL" : `${others.length} URLs más`}: ${others.join(", ")}.`,
      });
    }
    const unreachable = checks.some((check) => check.check === "fetch" && !check.passed);
    if (unreachable) {
      total += CHECKS_PER_PAGE;
    } else {
      total += checks.length;
      passed += checks.filter((check) => check.passed).length;
    }
    for (const check of checks) if (!check.passed) issues.push({ url: page.url, check: check.check, message: check.message ?? "" });
  }
  return { score: total === 0 ? null : Math.round((passed / total) * 100), passed, total, checked_urls: pages.length, issues };
}

/**
 * Runs `task` over `items` with at most `limit` at once, keeping the order of the results.
 */
export async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
