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
    // The chunk fails to load the first time (the connection dropped), then loads. Mocked at the
    // app's own loader, one mock for both attempts: swapping a mock of "sonner" itself between
    // the attempts was not always seen by the second import in CI.
    let imports = 0;
    vi.doMock("@/components/ui/sonner", () => ({
      loadSonner: () => {
        imports += 1;
        return imports === 1 ? Promise.reject(new Error("ChunkLoadError")) : Promise.resolve(sonner());
      },
    }));
    const { notify } = await import("@/components/ui/toast");
    notify.info("Primero");
    await vi.waitFor(() => expect(imports).toBe(1), MODULE_LOAD);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(shown).toEqual([]);
    notify.warning("Segundo");
    await vi.waitFor(() => expect(shown).toEqual([["warning", "Segundo", { duration: 4000 }]]), MODULE_LOAD);
    expect(imports).toBe(2);
  });
});
