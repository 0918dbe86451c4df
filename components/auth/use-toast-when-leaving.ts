"use client";

import { useCallback, useEffect, useRef } from "react";
import { notify } from "@/components/ui/toast";

/**
 * A success toast that shows when this screen is left, i.e. when the page it navigates to
 * replaces it. The Toaster lives in the root layout and survives the navigation, so the
 * toast appears on the destination (e.g. "¡Bienvenido, {name}!") and its 2 s are not
 * spent while the next page is still loading.
 */
export function useToastWhenLeaving() {
  const pending = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (pending.current) notify.success(pending.current);
      pending.current = null;
    },
    [],
  );
  return useCallback((message: string) => {
    pending.current = message;
  }, []);
}
