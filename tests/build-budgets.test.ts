// `npm run budgets` on a small synthetic build: what CI reports for HTML bytes, first-load
// JavaScript and public routes rendered per request, and the committed perf-budgets.json.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkBuildBudgets } from "../scripts/lib/build-budgets";
import { scriptSources } from "../scripts/lib/build-output";
import { addCompileHints, COMPILE_HINT } from "../scripts/lib/compile-hints";
import { loadPerfBudgets, type PerfBudgets } from "../scripts/lib/perf-budgets";

let dist: string;

function write(relative: string, content: string | Buffer) {
  const file = path.join(dist, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

const page = (scripts: string[], filler = 0) =>
  `<!DOCTYPE html><html><head>${scripts.map((src) => `<script src="${src}" async=""></script>`).join("")}</head><body>${"x".repeat(filler)}<script>self.__next_f.push([1,"inline"])</script></body></html>`;

function budgets(overrides: Partial<PerfBudgets["build"]> = {}): PerfBudgets["build"] {
  return {
    publicAppPaths: ["/(site)/"],
    default: { htmlBytes: 5_000, jsBytes: 3_000, jsGzipBytes: 3_000 },
    routes: {},
    allowDynamic: [],
    ...overrides,
  };
}

beforeEach(() => {
  dist = mkdtempSync(path.join(tmpdir(), "budgets-"));
  write(
    "app-path-routes-manifest.json",
    JSON.stringify({
      "/(site)/page": "/",
      "/(site)/servicios/[slug]/page": "/servicios/[slug]",
      "/(site)/productos/page": "/productos",
      "/admin/page": "/admin",
      "/sitemap.xml/route": "/sitemap.xml",
    }),
  );
  write(
    "prerender-manifest.json",
    JSON.stringify({
      routes: {
        "/": { srcRoute: "/" },
        "/servicios/a": { srcRoute: "/servicios/[slug]" },
        "/servicios/b": { srcRoute: "/servicios/[slug]" },
        "/sitemap.xml": { srcRoute: "/sitemap.xml" },
      },
    }),
  );
  write("static/chunks/shared.js", "a".repeat(1_000));
  write("static/chunks/home.js", "b".repeat(500));
  write("static/chunks/service.js", "c".repeat(2_500));
  write("server/app/index.html", page(["/_next/static/chunks/shared.js", "/_next/static/chunks/home.js", "/_next/static/chunks/shared.js"], 100));
  write("server/app/servicios/a.html", page(["/_next/static/chunks/shared.js", "/_next/static/chunks/service.js"]));
  write("server/app/servicios/b.html", page(["/_next/static/chunks/shared.js"], 6_000));
  // What every build gets after next build (npm run build, scripts/serve.ts, scripts/bench.ts).
  addCompileHints(dist, ["/(site)/"]);
});

/** A chunk's bytes as written in beforeEach: its content after the compile hint. */
const hinted = (bytes: number) => COMPILE_HINT.length + bytes;

afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe("npm run budgets", () => {
  it("counts each referenced chunk once, raw and gzip, and the HTML as served", () => {
    const report = checkBuildBudgets(dist, budgets({ allowDynamic: ["/productos"] }));
    const home = report.routes.find((row) => row.route === "/")!;
    expect(home.scripts).toEqual(["/_next/static/chunks/shared.js", "/_next/static/chunks/home.js"]);
    expect(home.jsBytes).toBe(hinted(1_000) + hinted(500));
    expect(home.jsGzipBytes).toBeGreaterThan(0);
    expect(home.jsGzipBytes).toBeLessThan(200); // repeated letters compress well
    expect(home.htmlBytes).toBe(Buffer.byteLength(page(["/_next/static/chunks/shared.js", "/_next/static/chunks/home.js", "/_next/static/chunks/shared.js"], 100)));
    expect(report.routes.map((row) => row.route)).toEqual(["/", "/servicios/a", "/servicios/b"]);
    expect(report.routes.some((row) => row.route.startsWith("/admin") || row.route === "/sitemap.xml")).toBe(false);
  });

  it("fails every route over its ceiling, naming the measure, and passes the rest", () => {
    const report = checkBuildBudgets(dist, budgets({ allowDynamic: ["/productos"] }));
    expect(report.failures).toEqual([
      `/servicios/a: jsBytes ${hinted(1_000) + hinted(2_500)} > 3000 (default)`,
      expect.stringMatching(/^\/servicios\/b: htmlBytes \d+ > 5000 \(default\)$/),
    ]);
    expect(report.routes.find((row) => row.route === "/")!.over).toEqual([]);
  });

  it("takes an exact path's ceiling over its pattern's, and a pattern's over the default", () => {
    const report = checkBuildBudgets(
      dist,
      budgets({
        allowDynamic: ["/productos"],
        routes: { "/servicios/[slug]": { htmlBytes: 10_000, jsBytes: 4_000 }, "/": { htmlBytes: 100 } },
      }),
    );
    expect(report.failures).toEqual([expect.stringMatching(/^\/: htmlBytes \d+ > 100 \(\/\)$/)]);
    expect(report.routes.find((row) => row.route === "/servicios/b")!.budget).toMatchObject({ htmlBytes: 10_000, jsBytes: 4_000, jsGzipBytes: 3_000, source: "/servicios/[slug]" });
  });

  it("fails a public route rendered per request unless allowDynamic lists it, and a stale allowDynamic entry", () => {
    expect(checkBuildBudgets(dist, budgets()).failures).toContain("/productos no tiene HTML pre-renderizado: se renderiza en cada petición");
    const allowed = checkBuildBudgets(dist, budgets({ allowDynamic: ["/productos"] }));
    expect(allowed.dynamic).toEqual([{ pattern: "/productos", allowed: true }]);
    expect(allowed.failures.some((failure) => failure.includes("/productos"))).toBe(false);

    const stale = checkBuildBudgets(dist, budgets({ allowDynamic: ["/productos", "/servicios/[slug]", "/sectores"] }));
    expect(stale.failures).toContain("/servicios/[slug] ya está pre-renderizada: quítela de build.allowDynamic en perf-budgets.json");
    expect(stale.failures).toContain("build.allowDynamic: /sectores no es una ruta pública de esta compilación");
  });

  it("fails a script the build does not contain and a budget key that names no route", () => {
    write("server/app/index.html", page(["/_next/static/chunks/gone.js"]));
    const report = checkBuildBudgets(dist, budgets({ allowDynamic: ["/productos"], routes: { "/servicos/[slug]": { htmlBytes: 1 } } }));
    expect(report.failures).toContain("/: el script /_next/static/chunks/gone.js no está en la compilación");
    expect(report.failures).toContain("build.routes: /servicos/[slug] no es una ruta pública pre-renderizada de esta compilación");
  });

  it("fails a page whose HTML has a character above U+00FF, and passes Latin-1 accents and character references", () => {
    write("server/app/servicios/a.html", page(["/_next/static/chunks/shared.js"]).replace("inline", "Desde € 1,250.00"));
    write("server/app/servicios/b.html", page(["/_next/static/chunks/shared.js"]).replace("inline", "Consultoría &#x20ac; 1,250.00"));
    const report = checkBuildBudgets(dist, budgets({ allowDynamic: ["/productos"], default: { htmlBytes: 50_000, jsBytes: 50_000, jsGzipBytes: 50_000 } }));
    expect(report.failures).toEqual(['/servicios/a: el HTML tiene "€" (U+20AC); escríbalo como referencia HTML (lib/latin1-html.ts)']);
  });

  it("puts the compile hint on top of every script of the public pages once, and on no other chunk", () => {
    write("static/chunks/admin.js", "d".repeat(100));
    write("server/app/admin.html", page(["/_next/static/chunks/admin.js"]));
    expect(addCompileHints(dist, ["/(site)/"])).toEqual({ scripts: 3, changed: 0 });
    for (const name of ["shared", "home", "service"]) {
      const text = readFileSync(path.join(dist, "static", "chunks", `${name}.js`), "utf8");
      expect(text.startsWith(COMPILE_HINT), name).toBe(true);
      expect(text.slice(COMPILE_HINT.length).includes("allFunctionsCalledOnLoad"), name).toBe(false);
    }
    expect(readFileSync(path.join(dist, "static", "chunks", "admin.js"), "utf8")).toBe("d".repeat(100));
  });

  it("fails a public page's script that lacks the compile hint", () => {
    write("static/chunks/late.js", "e".repeat(100));
    write("server/app/index.html", page(["/_next/static/chunks/shared.js", "/_next/static/chunks/late.js"]));
    const report = checkBuildBudgets(dist, budgets({ allowDynamic: ["/productos"], default: { htmlBytes: 50_000, jsBytes: 50_000, jsGzipBytes: 50_000 } }));
    expect(report.failures).toEqual(["/: el script /_next/static/chunks/late.js no lleva la indicación de compilación (scripts/lib/compile-hints.ts)"]);
  });

  it("tells the developer to build first when the build is missing", () => {
    expect(() => checkBuildBudgets(path.join(dist, "nothing"), budgets())).toThrow(/npm run build/);
  });

  it("reads script sources with a real HTML parser and leaves out nomodule polyfills", () => {
    expect(
      scriptSources(`<script src="/a.js"></script><SCRIPT SRC='/b.js' async></SCRIPT><script>var s="<script src=/c.js>"</script><script src="/polyfills.js" noModule=""></script>`),
    ).toEqual(["/a.js", "/b.js"]);
  });
});

describe("perf-budgets.json", () => {
  it("is valid and holds the agreed bars (Lighthouse 98/100/100/100, at least 3 runs)", () => {
    const budgets = loadPerfBudgets();
    expect(budgets.lighthouse.minScores).toEqual({ performance: 98, accessibility: 100, "best-practices": 100, seo: 100 });
    expect(budgets.lighthouse.runs).toBeGreaterThanOrEqual(3);
    expect(budgets.build.default.htmlBytes).toBeGreaterThan(0);
  });
});
