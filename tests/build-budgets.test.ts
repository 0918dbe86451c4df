// `npm run budgets` on a small synthetic build: what CI reports for HTML bytes, first-load
// JavaScript and public routes rendered per request, the first-load JavaScript of the signed-in
// pages (derived from the build's manifests), and the committed perf-budgets.json.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkBuildBudgets, checkScriptDerivation, checkSignedInBudgets } from "../scripts/lib/build-budgets";
import { firstLoadScripts, pagesOfSource, scriptSources } from "../scripts/lib/build-output";
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

describe("npm run budgets: the signed-in areas", () => {
  let app: string;

  /** The client reference manifest Next writes beside a page's server bundle (one JSON object assigned in a script). */
  function clientManifest(appPath: string, entryJSFiles: Record<string, string[]>) {
    write(
      `server/app${appPath}_client-reference-manifest.js`,
      `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST[${JSON.stringify(appPath)}] = ${JSON.stringify({ moduleLoading: { prefix: "" }, clientModules: {}, entryJSFiles })};\n`,
    );
  }

  function source(relative: string) {
    const file = path.join(app, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, "export default function Page() { return null; }\n");
  }

  function signedIn(overrides: Partial<PerfBudgets["signedIn"]> = {}): PerfBudgets["signedIn"] {
    return { areas: ["/admin", "/client"], default: { jsBytes: 3_000, jsGzipBytes: 3_000 }, routes: {}, ...overrides };
  }

  beforeEach(() => {
    app = mkdtempSync(path.join(tmpdir(), "budgets-app-"));
    source("admin/invoices/(list)/page.tsx");
    source("admin/invoices/[id]/page.tsx");
    source("admin/invoices/(list)/loading.tsx");
    source("admin/_parts/page.tsx"); // a private folder holds no route
    source("client/dashboard/page.tsx");
    source("(site)/page.tsx"); // not a signed-in area

    write("build-manifest.json", JSON.stringify({ polyfillFiles: ["static/chunks/polyfills.js"], rootMainFiles: ["static/chunks/runtime.js", "static/chunks/framework.js"] }));
    write("static/chunks/runtime.js", "r".repeat(300));
    write("static/chunks/framework.js", "f".repeat(700));
    write("static/chunks/polyfills.js", "p".repeat(5_000));
    write("static/chunks/area-shell.js", "s".repeat(400));
    write("static/chunks/table.js", "t".repeat(1_600));
    write("static/chunks/detail.js", "d".repeat(600));
    clientManifest("/admin/invoices/(list)/page", {
      "[project]/app/layout": ["static/chunks/shared.js"],
      "[project]/app/admin/layout": ["static/chunks/shared.js", "static/chunks/area-shell.js"],
      "[project]/app/admin/invoices/(list)/loading": ["static/chunks/shared.js", "static/chunks/area-shell.js"],
      "[project]/app/admin/invoices/(list)/page": ["static/chunks/shared.js", "static/chunks/area-shell.js", "static/chunks/table.js"],
    });
    clientManifest("/admin/invoices/[id]/page", {
      "[project]/app/layout": ["static/chunks/shared.js"],
      "[project]/app/admin/invoices/[id]/page": ["static/chunks/shared.js", "static/chunks/area-shell.js", "static/chunks/detail.js"],
    });
    clientManifest("/client/dashboard/page", {
      "[project]/app/layout": ["static/chunks/shared.js"],
      // Listed for every page, loaded only when a 404 shows.
      "[project]/app/not-found": ["static/chunks/shared.js", "static/chunks/not-found.js"],
      "[project]/app/global-not-found": ["static/chunks/shared.js", "static/chunks/public-chrome.js"],
      "[project]/app/client/layout": ["static/chunks/shared.js", "static/chunks/area-shell.js"],
      "[project]/app/client/not-found": ["static/chunks/shared.js", "static/chunks/area-shell.js", "static/chunks/record-not-found.js"],
    });
  });

  afterEach(() => rmSync(app, { recursive: true, force: true }));

  it("lists every page of the areas from the source tree, with route groups dropped and private folders skipped", () => {
    expect(pagesOfSource(app, ["/admin", "/client"])).toEqual([
      { route: "/admin/invoices", appPath: "/admin/invoices/(list)/page" },
      { route: "/admin/invoices/[id]", appPath: "/admin/invoices/[id]/page" },
      { route: "/client/dashboard", appPath: "/client/dashboard/page" },
    ]);
  });

  it("counts Next's runtime and every segment's chunks once each, without the nomodule polyfills or the not-found files' chunks", () => {
    expect(firstLoadScripts(dist, "/admin/invoices/(list)/page")).toEqual([
      "/_next/static/chunks/runtime.js",
      "/_next/static/chunks/framework.js",
      "/_next/static/chunks/shared.js",
      "/_next/static/chunks/area-shell.js",
      "/_next/static/chunks/table.js",
    ]);
    const report = checkSignedInBudgets(dist, app, signedIn({ default: { jsBytes: 50_000, jsGzipBytes: 50_000 } }));
    expect(report.failures).toEqual([]);
    const list = report.routes.find((row) => row.route === "/admin/invoices")!;
    expect(list.jsBytes).toBe(300 + 700 + hinted(1_000) + 400 + 1_600);
    expect(list.jsGzipBytes).toBeGreaterThan(0);
    expect(list.jsGzipBytes).toBeLessThan(400); // repeated letters compress well
    expect(firstLoadScripts(dist, "/client/dashboard/page")).toEqual([
      "/_next/static/chunks/runtime.js",
      "/_next/static/chunks/framework.js",
      "/_next/static/chunks/shared.js",
      "/_next/static/chunks/area-shell.js",
    ]);
    expect(report.routes.find((row) => row.route === "/client/dashboard")!.jsBytes).toBe(300 + 700 + hinted(1_000) + 400);
  });

  it("fails a page over its ceiling, its own entry taking over the default, and passes the rest", () => {
    const report = checkSignedInBudgets(dist, app, signedIn({ routes: { "/admin/invoices": { jsBytes: 5_000 }, "/client/dashboard": { jsGzipBytes: 10 } } }));
    expect(report.failures).toEqual([`/admin/invoices/[id]: jsBytes ${300 + 700 + hinted(1_000) + 400 + 600} > 3000 (signedIn default)`, expect.stringMatching(/^\/client\/dashboard: jsGzipBytes \d+ > 10 \(signedIn \/client\/dashboard\)$/)]);
    expect(report.routes.find((row) => row.route === "/admin/invoices")!).toMatchObject({ over: [], budget: { jsBytes: 5_000, jsGzipBytes: 3_000, source: "/admin/invoices" } });
  });

  it("fails a new screen the build lacks, a missing chunk and a ceiling that names no page", () => {
    source("client/tickets/new/page.tsx");
    rmSync(path.join(dist, "static/chunks/table.js"));
    const report = checkSignedInBudgets(dist, app, signedIn({ default: { jsBytes: 50_000, jsGzipBytes: 50_000 }, routes: { "/admin/invoices/(list)": { jsBytes: 1 } } }));
    expect(report.failures).toEqual([
      "/admin/invoices: el script /_next/static/chunks/table.js no está en la compilación",
      "/client/tickets/new: la compilación no tiene la página /client/tickets/new/page (¿es anterior al código?)",
      "signedIn.routes: /admin/invoices/(list) no es una página de /admin ni /client",
    ]);
  });

  it("checks the derivation against the HTML of every pre-rendered public page", () => {
    clientManifest("/(site)/page", { "[project]/app/layout": ["static/chunks/shared.js"], "[project]/app/(site)/page": ["static/chunks/home.js"] });
    clientManifest("/(site)/servicios/[slug]/page", { "[project]/app/layout": ["static/chunks/shared.js"], "[project]/app/(site)/servicios/[slug]/page": ["static/chunks/service.js"] });
    const runtime = ["/_next/static/chunks/runtime.js", "/_next/static/chunks/framework.js"];
    write("server/app/index.html", page([...runtime, "/_next/static/chunks/shared.js", "/_next/static/chunks/home.js"]));
    write("server/app/servicios/a.html", page([...runtime, "/_next/static/chunks/shared.js", "/_next/static/chunks/service.js"]));
    write("server/app/servicios/b.html", page([...runtime, "/_next/static/chunks/shared.js", "/_next/static/chunks/service.js"]));
    expect(checkScriptDerivation(dist, ["/(site)/"])).toEqual({ pages: 3, failures: [] });

    // Next writes one more script than its manifests say: the signed-in figures would be short.
    write("server/app/servicios/b.html", page([...runtime, "/_next/static/chunks/shared.js", "/_next/static/chunks/service.js", "/_next/static/chunks/late.js"]));
    expect(checkScriptDerivation(dist, ["/(site)/"]).failures).toEqual([
      "/servicios/b: los scripts derivados de los manifiestos no son los de su HTML (faltan: /_next/static/chunks/late.js; sobran: ninguno)",
    ]);
  });
});

describe("perf-budgets.json", () => {
  it("is valid and holds the agreed bars (Lighthouse 98/100/100/100, at least 3 runs)", () => {
    const budgets = loadPerfBudgets();
    expect(budgets.lighthouse.minScores).toEqual({ performance: 98, accessibility: 100, "best-practices": 100, seo: 100 });
    expect(budgets.lighthouse.runs).toBeGreaterThanOrEqual(3);
    expect(budgets.build.default.htmlBytes).toBeGreaterThan(0);
  });

  it("budgets both signed-in areas, and its ceilings name pages of the source tree", () => {
    const { signedIn } = loadPerfBudgets();
    expect(signedIn.areas).toEqual(["/admin", "/client"]);
    const routes = pagesOfSource(path.join(process.cwd(), "app"), signedIn.areas).map((page) => page.route);
    expect(routes).toContain("/client/tickets");
    expect(routes).toContain("/admin/products/edit/[id]");
    expect(Object.keys(signedIn.routes).filter((route) => !routes.includes(route))).toEqual([]);
  });
});
