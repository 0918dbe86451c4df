// @vitest-environment jsdom
// "Mantenimiento Sitemap" as the admin sees it while the server measures in the background: no
// cards before the first measurement ("Aún no hay mediciones…"), "Midiendo..." while a
// measurement is under way, the status read every 2 s until it ends, and "Actualizar" answered
// at once, then a toast when its figures are in (or a warning when it brought nothing new). The
// server action and the status API are replaced by recorders; tests/admin-sitemap.test.ts covers
// the server side.
import "./setup/dom";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SitemapStatus } from "@/lib/sitemap/status";

const calls = vi.hoisted(() => ({
  refresh: 0,
  refreshAnswer: null as unknown,
  reads: 0,
  /** What GET …/sitemap/status answers, in turn (the last one again once they run out). */
  answers: [] as unknown[],
  toasts: [] as [string, string][],
}));

vi.mock("@/components/ui/toast", () => ({
  notify: {
    success: (message: string) => void calls.toasts.push(["success", message]),
    error: (message: string) => void calls.toasts.push(["error", message]),
    info: (message: string) => void calls.toasts.push(["info", message]),
    warning: (message: string) => void calls.toasts.push(["warning", message]),
  },
}));
vi.mock("@/lib/sitemap/actions", () => ({
  generateSitemapAction: async () => ({ ok: true, data: { message: "Sitemap generado correctamente con 40 URLs." } }),
  refreshSitemapStatusAction: async () => {
    calls.refresh += 1;
    return calls.refreshAnswer;
  },
}));

const { SitemapScreen, SITEMAP_MESSAGES, SITEMAP_POLL_MS } = await import("@/components/admin/sitemap/sitemap-screen");

const MEASURED_AT = "2026-05-04T15:00:00.000Z";
const AUDITED_AT = "2026-05-04T14:55:00.000Z";

function measured(overrides: Partial<SitemapStatus> = {}): SitemapStatus {
  return {
    public_exists: true,
    backup_exists: false,
    public_size: 8_192,
    public_modified: "2026-05-01T10:00:00.000Z",
    public_url: "https://www.example.pe/sitemap.xml",
    urls_count: 40,
    static_count: 10,
    dynamic_count: 30,
    content: { products: 20, services: 10, static: 10 },
    response_time_ms: 42,
    response_time_source: "http",
    status_code: 200,
    seo: {
      score: 96,
      passed: 307,
      total: 320,
      checked_urls: 40,
      checked_at: AUDITED_AT,
      issues: [],
      error: null,
      listed_urls: 40,
      capped: false,
      ignored_urls: 0,
    },
    availability: { percent: 100, ok: 12, checks: 12, since: "2026-05-01T10:00:00.000Z" },
    trends: [],
    health: "healthy",
    grade: "A+",
    last_generated_at: null,
    last_generated_urls_count: null,
    backup_generated_at: null,
    snapshots_count: 0,
    checked_at: MEASURED_AT,
    refreshing: false,
    ...overrides,
  };
}

/** Nothing measured yet: no figures, no verdict. */
function notMeasured(refreshing: boolean): SitemapStatus {
  const base = measured();
  return {
    ...base,
    public_exists: false,
    public_size: 0,
    public_modified: null,
    urls_count: 0,
    static_count: 0,
    dynamic_count: 0,
    content: { products: 0, services: 0, static: 0 },
    response_time_ms: null,
    response_time_source: null,
    status_code: null,
    seo: { ...base.seo, score: null, passed: 0, total: 0, checked_urls: 0, checked_at: null },
    availability: { percent: null, ok: 0, checks: 0, since: null },
    health: null,
    grade: null,
    checked_at: null,
    refreshing,
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  calls.refresh = 0;
  calls.reads = 0;
  calls.refreshAnswer = null;
  calls.answers = [];
  calls.toasts.length = 0;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
    expect(String(input)).toBe("/api/v1/admin/sitemap/status");
    const data = calls.answers.length > 1 ? calls.answers.shift() : calls.answers[0];
    calls.reads += 1;
    return new Response(JSON.stringify({ data }), { status: 200, headers: { "content-type": "application/json" } });
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets `ms` pass: the polls due meanwhile run and their answers are on screen. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const updateButton = () => screen.getByRole("button", { name: /^(Actualizar|Midiendo\.\.\.)$/ });

describe("the sitemap panel before and during a measurement", () => {
  it("before the first measurement says so instead of showing cards, polls while it runs, then shows the measured figures", async () => {
    render(<SitemapScreen initialStatus={notMeasured(true)} />);
    expect(screen.getByTestId("sitemap-not-measured").textContent).toBe("Aún no hay mediciones: se está midiendo el sitio...");
    expect(screen.queryByTestId("sitemap-card-state")).toBeNull();
    expect(screen.queryByText("0")).toBeNull();
    expect(updateButton().textContent).toBe("Midiendo...");
    expect(updateButton()).toHaveProperty("disabled", true);

    // The check is stored first, the SEO audit still running: cards, with the audit shown as under way.
    calls.answers = [measured({ refreshing: true, seo: { ...notMeasured(true).seo } }), measured()];
    await pass(SITEMAP_POLL_MS);
    expect(calls.reads).toBe(1);
    expect(screen.queryByTestId("sitemap-not-measured")).toBeNull();
    expect(screen.getByTestId("sitemap-card-urls-value").textContent).toBe("40");
    expect(screen.getByTestId("sitemap-card-seo").textContent).toContain("Revisión en curso...");
    expect(screen.getByTestId("sitemap-pending").textContent).toBe("Midiendo el sitio... las cifras se actualizarán al terminar.");

    await pass(SITEMAP_POLL_MS);
    expect(calls.reads).toBe(2);
    expect(screen.getByTestId("sitemap-card-seo-value").textContent).toBe("96/100");
    expect(screen.getByTestId("sitemap-pending").textContent).toBe("");
    expect(updateButton().textContent).toBe("Actualizar");
    expect(updateButton()).toHaveProperty("disabled", false);
    // Done, nothing running: no more reads until the 30-s one, and no toast (nobody asked for it).
    await pass(SITEMAP_POLL_MS * 3);
    expect(calls.reads).toBe(2);
    expect(calls.toasts).toEqual([]);
  });

  it("with nothing measured and nothing running, says how to start, and reads no faster than every 30 s", async () => {
    calls.answers = [notMeasured(false)];
    render(<SitemapScreen initialStatus={notMeasured(false)} />);
    expect(screen.getByTestId("sitemap-not-measured").textContent).toBe("Aún no hay mediciones del sitio. Pulsa «Actualizar» para medirlo.");
    expect(updateButton()).toHaveProperty("disabled", false);
    await pass(SITEMAP_POLL_MS * 5);
    expect(calls.reads).toBe(0);
  });

  it("shows the stored figures at once and says when a background measurement is under way", async () => {
    render(<SitemapScreen initialStatus={measured({ refreshing: true })} />);
    expect(screen.getByTestId("sitemap-card-response-value").textContent).toBe("42 ms");
    expect(screen.getByTestId("sitemap-card-seo-value").textContent).toBe("96/100");
    expect(screen.getByRole("status", { name: "" }).textContent).toBe("Midiendo el sitio... las cifras se actualizarán al terminar.");
    expect(updateButton().textContent).toBe("Midiendo...");
  });
});

describe("Actualizar", () => {
  it("answers at once, shows Midiendo... while the server measures, then toasts once the new figures are in", async () => {
    render(<SitemapScreen initialStatus={measured()} />);
    calls.refreshAnswer = { ok: true, data: measured({ refreshing: true }) };
    calls.answers = [measured({ refreshing: true }), measured({ seo: { ...measured().seo, checked_at: "2026-05-04T15:00:30.000Z", score: 91 } })];
    fireEvent.click(updateButton());
    expect(updateButton().textContent).toBe("Midiendo...");
    await pass(0);
    expect(calls.refresh).toBe(1);
    expect(updateButton()).toHaveProperty("disabled", true);
    expect(screen.getByTestId("sitemap-pending").textContent).toBe("Midiendo el sitio... las cifras se actualizarán al terminar.");
    // The stored figures stay on screen meanwhile.
    expect(screen.getByTestId("sitemap-card-seo-value").textContent).toBe("96/100");

    await pass(SITEMAP_POLL_MS);
    expect(calls.toasts).toEqual([]);
    expect(updateButton().textContent).toBe("Midiendo...");
    await pass(SITEMAP_POLL_MS);
    expect(screen.getByTestId("sitemap-card-seo-value").textContent).toBe("91/100");
    expect(calls.toasts).toEqual([["success", SITEMAP_MESSAGES.measured]]);
    expect(updateButton().textContent).toBe("Actualizar");
    expect(updateButton()).toHaveProperty("disabled", false);
  });

  it("when the measurement ends without new figures, says so instead of claiming they were updated", async () => {
    render(<SitemapScreen initialStatus={measured()} />);
    calls.refreshAnswer = { ok: true, data: measured({ refreshing: true }) };
    calls.answers = [measured()];
    fireEvent.click(updateButton());
    await pass(0);
    await pass(SITEMAP_POLL_MS);
    expect(calls.toasts).toEqual([["warning", SITEMAP_MESSAGES.unchanged]]);
    expect(updateButton().textContent).toBe("Actualizar");
  });

  it("a refused request shows its message and gives the button back", async () => {
    render(<SitemapScreen initialStatus={measured()} />);
    calls.refreshAnswer = { ok: false, status: 403, message: "No tienes permiso para esta acción." };
    fireEvent.click(updateButton());
    await pass(0);
    expect(screen.getByRole("alert").textContent).toBe("No tienes permiso para esta acción.");
    expect(updateButton().textContent).toBe("Actualizar");
    expect(updateButton()).toHaveProperty("disabled", false);
    await pass(SITEMAP_POLL_MS * 3);
    expect(calls.reads).toBe(0);
  });
});
