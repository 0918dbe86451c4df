// @vitest-environment jsdom
// The back office's data table keeps its page, page size, sort, filters and search in the URL
// query: each control replaces the address the way the screens' server pages read it (any change
// but the page goes back to page 1; a filter's first option and page 1 leave no parameter).
import "./setup/dom";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DataTable, FilterButtons, SearchBox, type DataTableColumn, type PageMeta } from "@/components/ui/data-table";

const navigation = vi.hoisted(() => ({
  pathname: "/admin/mensajes",
  /** The query the address shows (without "?"). */
  query: "",
  router: { replace: (() => undefined) as (href: string, options?: unknown) => void, push: (() => undefined) as (href: string, options?: unknown) => void },
}));

vi.mock("next/navigation", () => ({
  useRouter: () => navigation.router,
  usePathname: () => navigation.pathname,
  useSearchParams: () => new URLSearchParams(navigation.query),
}));

type Message = { id: string; name: string; subject: string };
const rows: Message[] = [
  { id: "1", name: "Ana Pérez", subject: "Cotización" },
  { id: "2", name: "Luis Quispe", subject: "Soporte" },
];
const columns: DataTableColumn<Message>[] = [
  { id: "name", header: "Nombre", cell: (row) => row.name, sortable: true },
  { id: "subject", header: "Asunto", cell: (row) => row.subject },
];
const STATUS = [
  { value: "all", label: "Todos" },
  { value: "unread", label: "No leídos" },
  { value: "read", label: "Leídos" },
];

function table(page?: PageMeta): ReactElement {
  return (
    <DataTable
      caption="Mensajes de contacto"
      rows={rows}
      columns={columns}
      getRowId={(row) => row.id}
      page={page}
      toolbar={
        <>
          <SearchBox label="Buscar mensajes" />
          <FilterButtons label="Estado" param="status" options={STATUS} />
        </>
      }
    />
  );
}

const replace = vi.fn<(href: string, options?: unknown) => void>();
const push = vi.fn<(href: string, options?: unknown) => void>();

/** Shows `query` in the address, as a landed navigation does. */
function at(query: string) {
  navigation.query = query;
}

beforeEach(() => {
  replace.mockReset();
  push.mockReset();
  navigation.router.replace = replace;
  navigation.router.push = push;
  at("");
});

describe("SearchBox", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const type = (text: string) => fireEvent.change(screen.getByRole("searchbox", { name: "Buscar mensajes" }), { target: { value: text } });

  it("writes ?q= 300 ms after typing stops, trimmed, without scrolling, and goes back to page 1", () => {
    at("status=read&page=3");
    render(table());
    type("a");
    type("an");
    type("  ana  ");
    act(() => vi.advanceTimersByTime(299));
    expect(replace).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(replace).toHaveBeenCalledTimes(1);
    expect(replace).toHaveBeenCalledWith("/admin/mensajes?status=read&q=ana", { scroll: false });
    expect(push).not.toHaveBeenCalled();
  });

  it("removes ?q= when the box is emptied, and shows the query the address holds", () => {
    at("q=ana");
    render(table());
    expect(screen.getByRole("searchbox", { name: "Buscar mensajes" })).toHaveProperty("value", "ana");
    type("   ");
    act(() => vi.advanceTimersByTime(300));
    expect(replace).toHaveBeenCalledWith("/admin/mensajes", { scroll: false });
  });

  it("does not navigate when the trimmed text is what the address already says", () => {
    at("q=ana");
    render(table());
    type("ana ");
    act(() => vi.advanceTimersByTime(300));
    expect(replace).not.toHaveBeenCalled();
  });
});

describe("FilterButtons", () => {
  it("marks the option the address names, the first one when it names none", () => {
    at("status=read");
    const { unmount } = render(table());
    const group = screen.getByRole("group", { name: "Estado" });
    expect(within(group).getByRole("button", { name: "Leídos" }).getAttribute("aria-pressed")).toBe("true");
    expect(within(group).getByRole("button", { name: "Todos" }).getAttribute("aria-pressed")).toBe("false");
    unmount();
    at("");
    render(table());
    expect(within(screen.getByRole("group", { name: "Estado" })).getByRole("button", { name: "Todos" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("sets ?status= and goes back to page 1; the first option removes the parameter", () => {
    at("q=ana&page=4");
    const { rerender } = render(table());
    fireEvent.click(screen.getByRole("button", { name: "Leídos" }));
    expect(replace).toHaveBeenLastCalledWith("/admin/mensajes?q=ana&status=read", { scroll: false });
    at("q=ana&status=read");
    rerender(table());
    fireEvent.click(screen.getByRole("button", { name: "Todos" }));
    expect(replace).toHaveBeenLastCalledWith("/admin/mensajes?q=ana", { scroll: false });
  });
});

describe("DataTable paging and sorting", () => {
  const page: PageMeta = { current_page: 2, per_page: 20, total: 95, last_page: 5, total_capped: false };

  it("shows where the page is", () => {
    at("page=2");
    render(table(page));
    const nav = screen.getByRole("navigation", { name: "Paginación" });
    expect(nav.textContent).toContain("Mostrando 21–40 de 95 resultados");
    expect(nav.textContent).toContain("Página 2 de 5");
    expect(nav.textContent).not.toContain("más de");
  });

  it("says a capped total is a lower bound, in words screen readers also hear, and keeps Siguiente enabled", () => {
    at("page=40");
    render(table({ current_page: 40, per_page: 20, total: 1000, last_page: 50, total_capped: true }));
    const nav = screen.getByRole("navigation", { name: "Paginación" });
    const status = within(nav).getByText(/^Mostrando/);
    expect(status.getAttribute("aria-live")).toBe("polite");
    expect(status.textContent).toBe("Mostrando 781–800 de más de 1,000 resultados");
    expect(within(nav).getByText(/^Página/).textContent).toBe("Página 40 de más de 50");
    const next = within(nav).getByRole("button", { name: "Siguiente" });
    expect(next).toHaveProperty("disabled", false);
    fireEvent.click(next);
    expect(replace).toHaveBeenLastCalledWith("/admin/mensajes?page=41", { scroll: false });
    // Nothing offers a jump to a last page the server did not count.
    expect(within(nav).queryByRole("button", { name: /[ÚU]ltima/ })).toBeNull();
  });

  it("keeps Siguiente enabled on the bound's own last page while the total is capped", () => {
    render(table({ current_page: 11, per_page: 20, total: 220, last_page: 11, total_capped: true }));
    expect(screen.getByText(/^Página/).textContent).toBe("Página 11 de más de 11");
    expect(screen.getByRole("button", { name: "Siguiente" })).toHaveProperty("disabled", false);
  });

  it("writes an exact total of one in the singular", () => {
    render(table({ current_page: 1, per_page: 20, total: 1, last_page: 1, total_capped: false }));
    expect(screen.getByText(/^Mostrando/).textContent).toBe("Mostrando 1–1 de 1 resultado");
  });

  it("moves between pages keeping the other parameters; page 1 leaves no ?page=", () => {
    at("status=read&page=2");
    const { rerender } = render(table(page));
    fireEvent.click(screen.getByRole("button", { name: "Siguiente" }));
    expect(replace).toHaveBeenLastCalledWith("/admin/mensajes?status=read&page=3", { scroll: false });
    at("status=read&page=2");
    rerender(table(page));
    fireEvent.click(screen.getByRole("button", { name: "Anterior" }));
    expect(replace).toHaveBeenLastCalledWith("/admin/mensajes?status=read", { scroll: false });
  });

  it("cannot go before the first page or past the last", () => {
    render(table({ current_page: 1, per_page: 20, total: 15, last_page: 1, total_capped: false }));
    expect(screen.getByRole("button", { name: "Anterior" })).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "Siguiente" })).toHaveProperty("disabled", true);
  });

  it("writes ?per_page= and goes back to page 1", () => {
    at("status=read&page=2");
    render(table(page));
    fireEvent.change(screen.getByRole("combobox", { name: "Por página" }), { target: { value: "50" } });
    expect(replace).toHaveBeenLastCalledWith("/admin/mensajes?status=read&per_page=50", { scroll: false });
  });

  it("sorts a column descending first, then flips it, and marks the sorted header", () => {
    at("page=2");
    const { rerender } = render(table(page));
    fireEvent.click(screen.getByRole("button", { name: /Nombre/ }));
    expect(replace).toHaveBeenLastCalledWith("/admin/mensajes?sort=name&dir=desc", { scroll: false });
    at("sort=name&dir=desc");
    rerender(table(page));
    expect(screen.getByRole("columnheader", { name: /Nombre/ }).getAttribute("aria-sort")).toBe("descending");
    fireEvent.click(screen.getByRole("button", { name: /Nombre/ }));
    expect(replace).toHaveBeenLastCalledWith("/admin/mensajes?sort=name&dir=asc", { scroll: false });
  });
});

describe("DataTable rows", () => {
  it("writes each row once, its cells named by their column for the phone cards", () => {
    render(
      <DataTable
        caption="Mensajes de contacto"
        rows={rows}
        columns={columns}
        getRowId={(row) => row.id}
        rowLabel={(row) => row.name}
        selectable
        rowActions={(row) => <button type="button">Ver {row.name}</button>}
      />,
    );
    const grid = screen.getByRole("table", { name: "Mensajes de contacto" });
    // One element per value: phones get the same rows as cards, not a second copy of them.
    expect(screen.getAllByText("Ana Pérez")).toHaveLength(1);
    expect(screen.getAllByRole("button", { name: "Ver Luis Quispe" })).toHaveLength(1);
    const row = within(grid).getByRole("row", { name: /Luis Quispe/ });
    expect(within(row).getAllByRole("cell").map((cell) => cell.getAttribute("data-label"))).toEqual([null, "Nombre", "Asunto", null]);
    expect(within(row).getByRole("checkbox", { name: "Seleccionar Luis Quispe" })).toBeTruthy();
  });
});
