// notify (components/ui/toast.ts) loads sonner on the first toast instead of with the page: the
// toasts still appear, in the order they were raised, with their durations (success 2 s, the
// rest 4 s), and a failed import is tried again by the next toast.
import { beforeEach, describe, expect, it, vi } from "vitest";

const shown: [string, string, unknown][] = [];

function sonner() {
  const toast = Object.assign((message: string, data?: unknown) => void shown.push(["default", message, data]), {
    success: (message: string, data?: unknown) => void shown.push(["success", message, data]),
    error: (message: string, data?: unknown) => void shown.push(["error", message, data]),
    info: (message: string, data?: unknown) => void shown.push(["info", message, data]),
    warning: (message: string, data?: unknown) => void shown.push(["warning", message, data]),
  });
  return { toast };
}

beforeEach(() => {
  shown.length = 0;
  vi.resetModules();
  vi.doMock("sonner", sonner);
});

/** How long a wait for sonner's dynamic import may take: over a second on a loaded machine, waitFor's default limit. */
const MODULE_LOAD = { timeout: 15_000 };

describe("notify", () => {
  it("shows nothing until sonner has loaded, then every toast in order with its duration", async () => {
    const { notify } = await import("@/components/ui/toast");
    notify.success("Guardado");
    notify.error("No se pudo guardar", { description: "Sin conexión" });
    notify("Mensaje eliminado", { duration: 8000 });
    expect(shown).toEqual([]);
    await vi.waitFor(() => expect(shown).toHaveLength(3), MODULE_LOAD);
    expect(shown).toEqual([
      ["success", "Guardado", { duration: 2000 }],
      ["error", "No se pudo guardar", { duration: 4000, description: "Sin conexión" }],
      ["default", "Mensaje eliminado", { duration: 8000 }],
    ]);
  });

  it("tries the import again on the next toast when it failed", async () => {
    let failedImports = 0;
    vi.doMock("sonner", () => {
      failedImports += 1;
      throw new Error("ChunkLoadError");
    });
    const { notify } = await import("@/components/ui/toast");
    notify.info("Primero");
    // The working sonner is put back only once the first import has failed: on a loaded machine
    // the import can still be pending after a fixed wait, and would then load the working one.
    await vi.waitFor(() => expect(failedImports).toBe(1), MODULE_LOAD);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(shown).toEqual([]);
    vi.doMock("sonner", sonner);
    notify.warning("Segundo");
    await vi.waitFor(() => expect(shown).toEqual([["warning", "Segundo", { duration: 4000 }]]), MODULE_LOAD);
  });
});
