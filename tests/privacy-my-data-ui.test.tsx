// @vitest-environment jsdom
// "Mis datos" in the client's profile: both downloads are plain links to their routes (they work
// without JavaScript); with it, the button says the file is being prepared and the others wait,
// the file is saved under the name the server gave, and a refusal (too many downloads, a session
// that expired) is a toast with the server's message. fetch is replaced; the routes have their
// own tests (tests/privacy-my-data.test.ts).
import "./setup/dom";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const calls = vi.hoisted(() => ({ toasts: [] as [string, string][], saved: [] as { name: string; href: string }[] }));

vi.mock("@/components/ui/toast", () => ({
  notify: {
    success: (message: string) => void calls.toasts.push(["success", message]),
    error: (message: string) => void calls.toasts.push(["error", message]),
  },
}));

const { MyDataSection } = await import("@/components/client/my-data-section");

let release: ((response: Response) => void) | null = null;
const requested: string[] = [];

beforeEach(() => {
  calls.toasts = [];
  calls.saved = [];
  requested.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn((url: string) => {
      requested.push(url);
      return new Promise<Response>((resolve) => (release = resolve));
    }),
  );
  URL.createObjectURL = () => "blob:mis-datos";
  URL.revokeObjectURL = () => undefined;
  // A click on the generated link is where the browser would save the file.
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    calls.saved.push({ name: this.download, href: this.getAttribute("href") ?? "" });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const jsonButton = () => screen.getByRole("link", { name: /Descargar mis datos \(JSON\)|Preparando/ });

describe("Mis datos", () => {
  it("offers both downloads as links to their routes, and the privacy policy", () => {
    render(<MyDataSection />);
    expect(screen.getByRole("heading", { name: "Mis datos" })).toBeTruthy();
    expect(jsonButton().getAttribute("href")).toBe("/api/v1/client/my-data");
    expect(screen.getByRole("link", { name: "Resumen en PDF" }).getAttribute("href")).toBe("/api/v1/client/my-data/pdf");
    expect(screen.getByRole("link", { name: "Política de privacidad" }).getAttribute("href")).toBe("/privacidad");
  });

  it("says the file is being prepared, then saves it under the server's name", async () => {
    render(<MyDataSection />);
    fireEvent.click(jsonButton());
    await waitFor(() => expect(jsonButton().textContent).toBe("Preparando la descarga..."));
    expect(requested).toEqual(["/api/v1/client/my-data"]);
    expect(screen.getByRole("link", { name: "Resumen en PDF" }).getAttribute("aria-disabled")).toBe("true");
    // A second click while it is being prepared asks for nothing more.
    fireEvent.click(screen.getByRole("link", { name: "Resumen en PDF" }));
    expect(requested).toHaveLength(1);

    await act(async () =>
      release!(new Response('{"profile":{}}', { status: 200, headers: { "content-disposition": 'attachment; filename="mis-datos-2026-11-29.json"' } })),
    );
    await waitFor(() => expect(calls.saved).toEqual([{ name: "mis-datos-2026-11-29.json", href: "blob:mis-datos" }]));
    expect(calls.toasts).toEqual([["success", "Descarga lista"]]);
    expect(jsonButton().textContent).toBe("Descargar mis datos (JSON)");
    expect(jsonButton().getAttribute("aria-disabled")).toBe("false");
  });

  it("shows the server's refusal as an error toast and saves nothing", async () => {
    render(<MyDataSection />);
    fireEvent.click(screen.getByRole("link", { name: "Resumen en PDF" }));
    const message = "Ya descargaste tus datos muchas veces en la última hora. Inténtalo de nuevo en 12 minutos.";
    await act(async () => release!(Response.json({ message }, { status: 429, headers: { "retry-after": "700" } })));
    await waitFor(() => expect(calls.toasts).toEqual([["error", message]]));
    expect(calls.saved).toEqual([]);
    expect(screen.getByRole("link", { name: "Resumen en PDF" }).getAttribute("aria-disabled")).toBe("false");
  });
});
