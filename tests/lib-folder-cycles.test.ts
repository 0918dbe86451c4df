// No cycle between the parts of lib/ (docs/architecture.md, "Layers"). ESLint's no-cycle sees
// modules only: lib/a/x.ts → lib/b/y.ts and lib/b/z.ts → lib/a/w.ts is no module cycle, yet the
// two folders then depend on each other. This test reads every import of lib/ (value, type-only
// and dynamic), draws the graph between its parts and fails on any strongly connected group.
// A part is a folder of lib/ (lib/billing), a top-level file (lib/cache.ts), or a domain's
// server actions (lib/billing/actions.ts and lib/billing/actions/), which are entry points above
// lib/http like route handlers, so they count apart from their folder.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const lib = path.join(root, "lib");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "generated" || name === "node_modules" ? [] : sourceFiles(full);
    return /\.(tsx?|mts)$/.test(name) ? [full] : [];
  });
}

const CANDIDATES = ["", ".ts", ".tsx", ".mts", "/index.ts", "/index.tsx"];

/** The file an import names, or null for a package. */
function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = path.join(root, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const suffix of CANDIDATES) {
    const candidate = base + suffix;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return base;
}

/** The part of lib/ a file belongs to, or null outside lib/ (and for Prisma's generated client). */
function partOf(file: string): string | null {
  const segments = path.relative(root, file).split(path.sep);
  if (segments[0] !== "lib" || segments.length < 2 || segments[1] === "generated") return null;
  if (segments.length === 2) return `lib/${segments[1].replace(/\.[^.]+$/, "")}`;
  if (segments.length === 3 && /^actions\.tsx?$/.test(segments[2])) return `lib/${segments[1]}/actions`;
  if (segments[2] === "actions") return `lib/${segments[1]}/actions`;
  return `lib/${segments[1]}`;
}

/** part → part it imports → the imports that make the edge ("lib/a/x.ts → lib/b/y.ts"). */
function partGraph(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of sourceFiles(lib)) {
    const from = partOf(file);
    if (!from) continue;
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    for (const { fileName } of importedFiles) {
      const target = resolveImport(file, fileName);
      const to = target && partOf(target);
      if (!to || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string[]>();
      graph.set(from, edges);
      const evidence = edges.get(to) ?? [];
      edges.set(to, evidence);
      evidence.push(`${path.relative(root, file)} → ${path.relative(root, target)}`);
    }
  }
  return graph;
}

/** Tarjan's strongly connected components with more than one node: the cycles, sorted. */
function cyclesOf(graph: Map<string, Iterable<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups.sort((a, b) => a[0].localeCompare(b[0]));
}

describe("folder-level import cycles in lib/", () => {
  it("finds a cycle of folders where no module cycle exists (the check is not blind)", () => {
    const graph = new Map([
      ["lib/a", ["lib/b"]],
      ["lib/b", ["lib/c"]],
      ["lib/c", ["lib/a", "lib/d"]],
      ["lib/d", []],
    ]);
    expect(cyclesOf(graph)).toEqual([["lib/a", "lib/b", "lib/c"]]);
    expect(partOf(path.join(root, "lib/billing/actions.ts"))).toBe("lib/billing/actions");
    expect(partOf(path.join(root, "lib/billing/actions/invoices.ts"))).toBe("lib/billing/actions");
    expect(partOf(path.join(root, "lib/billing/service.ts"))).toBe("lib/billing");
    expect(partOf(path.join(root, "lib/cache.ts"))).toBe("lib/cache");
  });

  it("no two parts of lib/ import each other, directly or through others", () => {
    const graph = partGraph();
    expect(graph.size).toBeGreaterThan(10);
    const report = cyclesOf(new Map([...graph].map(([from, edges]) => [from, [...edges.keys()]]))).map((group) =>
      [
        group.join(" ↔ "),
        ...group.flatMap((from) =>
          [...(graph.get(from) ?? [])].filter(([to]) => group.includes(to)).flatMap(([, evidence]) => evidence.map((line) => `  ${line}`)),
        ),
      ].join("\n"),
    );
    expect(report, report.join("\n\n")).toEqual([]);
  });
});
