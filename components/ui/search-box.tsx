"use client";

import { useEffect, useId, useRef, useState } from "react";
import { useTableUrl } from "./use-table-url-state";

/** A search box bound to ?q= (or `param`), applied 300 ms after typing stops. */
export function SearchBox({ label, placeholder, param = "q", maxLength = 200 }: { label: string; placeholder?: string; param?: string; maxLength?: number }) {
  const url = useTableUrl();
  const current = url.params.get(param) ?? "";
  const [value, setValue] = useState(current);
  const id = useId();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const last = useRef(current);

  // The URL changed from elsewhere (back button, a filter reset): show it.
  useEffect(() => {
    if (current !== last.current) {
      last.current = current;
      setValue(current);
    }
  }, [current]);

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const apply = (next: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const trimmed = next.trim();
      if (trimmed === last.current) return;
      last.current = trimmed;
      url.set({ [param]: trimmed || null });
    }, 300);
  };

  return (
    // Never narrower than its placeholder: beside other controls the toolbar wraps instead.
    <div className="w-full sm:w-80 sm:max-w-full sm:shrink-0">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-ink-500" fill="none" stroke="currentColor" strokeWidth="1.8">
          <path strokeLinecap="round" strokeLinejoin="round" d="M21 21l-5.2-5.2m0 0A7.5 7.5 0 105.2 5.2a7.5 7.5 0 0010.6 10.6z" />
        </svg>
        <input
          id={id}
          type="search"
          value={value}
          maxLength={maxLength}
          placeholder={placeholder ?? label}
          onChange={(event) => {
            setValue(event.target.value);
            apply(event.target.value);
          }}
          className="block h-11 w-full rounded-lg border border-ink-300 bg-white pr-3 pl-10 text-base text-ink-900 shadow-sm placeholder:text-ink-500 hover:border-ink-500 focus:border-brand-600 sm:text-sm"
        />
      </div>
    </div>
  );
}
