"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { createContext, useContext, useEffect, useMemo, useRef, useTransition } from "react";

// A data table's state lives in the URL (page, per page, sort, filters, search): these hooks read
// it and change it with router.replace, as a transition whose pending flag the table shows as its
// "Cargando...". The controls inside a DataTable (its toolbar, cells, actions) share the table's
// own state through TableUrlContext, so their changes show the same loading state.

export type TableUrl = {
  params: URLSearchParams;
  /** Sets (or, with null / "", removes) query parameters; any change but the page goes back to page 1. */
  set: (updates: Record<string, string | null>, options?: { resetPage?: boolean }) => void;
  pending: boolean;
};

export const TableUrlContext = createContext<TableUrl | null>(null);

/** The URL state of one table (DataTable's own; other code uses useTableUrl). */
export function useTableUrlState(): TableUrl {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [pending, startTransition] = useTransition();
  // The query of the last navigation asked for and not landed yet: two quick changes (a filter,
  // then a date) must build on each other, not both on the address shown when they started.
  const requested = useRef<string | null>(null);
  const shown = searchParams.toString();
  useEffect(() => {
    // Landed (or, if the server sent us elsewhere, given up on once nothing is loading).
    if (requested.current === shown || !pending) requested.current = null;
  }, [shown, pending]);
  return useMemo(
    () => ({
      params: new URLSearchParams(shown),
      pending,
      set(updates, { resetPage = true } = {}) {
        const next = new URLSearchParams(requested.current ?? shown);
        for (const [key, value] of Object.entries(updates)) {
          if (value === null || value === "") next.delete(key);
          else next.set(key, value);
        }
        if (resetPage && !("page" in updates)) next.delete("page");
        const query = next.toString();
        requested.current = query;
        startTransition(() => router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false }));
      },
    }),
    [router, pathname, shown, pending],
  );
}

/** The table's URL state; inside a DataTable (its toolbar, cells, actions) it shares the table's "Cargando...". */
/** The table's URL state; inside a DataTable (its toolbar, cells, actions) it shares the table's "Cargando...". */
export function useTableUrl(): TableUrl {
  const shared = useContext(TableUrlContext);
  const own = useTableUrlState();
  return shared ?? own;
}
