// @vitest-environment jsdom
// The back office's "Estado de cuenta" client picker: the first clients by name without a search,
// then the server's matches for what was typed (the search action is a spy), a "Buscando…" while
// they are on their way, the empty answer and a failure said in words.
import "./setup/dom";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ClientOption } from "@/lib/billing/admin-queries";

const billingActions = vi.hoisted(() => ({ searchClientOptionsAction: vi.fn() }));
vi.mock("@/lib/billing/actions", () => billingActions);

const { StatementClientPicker } = await import("@/components/admin/billing/statement-client-picker");

const client = (id: string, name: string): ClientOption => ({ id, name, email: `${id}@empresa.pe`, billing_name: null, tax_id: null });
const FIRST = [client("ana", "Ana Pérez"), client("beto", "Beto Quispe")];

beforeEach(() => billingActions.searchClientOptionsAction.mockReset());

const names = () => screen.queryAllByRole("link").map((link) => link.querySelector("span")?.textContent);

describe("StatementClientPicker", () => {
  it("lists the first clients, then what the server finds for the words typed, each linking to its statement for the same period", async () => {
    let answer: (value: unknown) => void = () => {};
    billingActions.searchClientOptionsAction.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    render(<StatementClientPicker initialClients={FIRST} selectedId="ana" keepParams={{ from: "2026-01-01" }} />);
    expect(names()).toEqual(["Ana Pérez", "Beto Quispe"]);
    expect(screen.getByRole("link", { name: /Ana Pérez/ }).getAttribute("aria-current")).toBe("page");

    fireEvent.change(screen.getByLabelText("Cliente (nombre o correo electrónico)"), { target: { value: "  zoila peña " } });
    expect(screen.getByText("Buscando…")).toBeTruthy();
    await waitFor(() => expect(billingActions.searchClientOptionsAction).toHaveBeenCalledWith("zoila peña"));
    answer({ ok: true, data: [client("zoila", "Zoila Peña")] });
    await waitFor(() => expect(names()).toEqual(["Zoila Peña"]));
    expect(screen.getByRole("link", { name: /Zoila Peña/ }).getAttribute("href")).toBe("/admin/statement?user_id=zoila&from=2026-01-01");

    // Back to no search: the first clients again, without asking the server.
    fireEvent.change(screen.getByLabelText("Cliente (nombre o correo electrónico)"), { target: { value: "" } });
    expect(names()).toEqual(["Ana Pérez", "Beto Quispe"]);
    expect(billingActions.searchClientOptionsAction).toHaveBeenCalledTimes(1);
  });

  it("says when nothing matches, and why a search failed", async () => {
    billingActions.searchClientOptionsAction
      .mockResolvedValueOnce({ ok: true, data: [] })
      .mockResolvedValueOnce({ ok: false, status: 422, message: "La búsqueda admite como máximo 200 caracteres." });
    render(<StatementClientPicker initialClients={FIRST} selectedId={null} />);
    const box = screen.getByLabelText("Cliente (nombre o correo electrónico)");

    fireEvent.change(box, { target: { value: "nadie" } });
    expect(await screen.findByText("Ningún cliente coincide con la búsqueda.")).toBeTruthy();
    expect(names()).toEqual([]);

    fireEvent.change(box, { target: { value: "x".repeat(200) + "y" } });
    expect((await screen.findByRole("alert")).textContent).toBe("No se pudo buscar: La búsqueda admite como máximo 200 caracteres. Cambia el texto para intentarlo de nuevo.");
  });
});
