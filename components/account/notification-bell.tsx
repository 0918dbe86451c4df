"use client";

import Link from "next/link";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { cn } from "@/components/ui/cn";
import { formatDate } from "@/lib/format";
import { CSRF_HEADER_NAME, withCsrfToken } from "./csrf";
import { AreaIcon } from "./icons";

// The bell of both signed-in areas, with the real unread count (never a fixed figure).
// It polls GET /api/v1/notifications every 30 s while the tab is visible, refreshes
// when the tab becomes visible again, and marks notifications read with the CSRF header the
// API requires for cookie-authenticated writes. Failures are only logged.

export const NOTIFICATION_POLL_MS = 30_000;

type NotificationItem = {
  id: number;
  title: string;
  body: string | null;
  link: string | null;
  read_at: string | null;
  created_at: string;
};

function parseList(value: unknown): { items: NotificationItem[]; unread: number } | null {
  if (!value || typeof value !== "object") return null;
  const { notifications, unread_count } = value as { notifications?: unknown; unread_count?: unknown };
  if (!Array.isArray(notifications) || typeof unread_count !== "number") return null;
  const items = notifications
    .filter((item): item is Record<string, unknown> => Boolean(item) && typeof item === "object")
    .filter((item) => typeof item.id === "number" && typeof item.title === "string")
    .map((item) => ({
      id: item.id as number,
      title: item.title as string,
      body: typeof item.body === "string" ? item.body : null,
      link: typeof item.link === "string" && item.link.startsWith("/") && !item.link.startsWith("//") ? item.link : null,
      read_at: typeof item.read_at === "string" ? item.read_at : null,
      created_at: typeof item.created_at === "string" ? item.created_at : "",
    }));
  return { items, unread: unread_count };
}

/** A PUT with the CSRF header (components/account/csrf.ts). */
async function csrfPut(url: string) {
  const response = await withCsrfToken((token) =>
    fetch(url, {
      method: "PUT",
      credentials: "same-origin",
      keepalive: true,
      headers: { Accept: "application/json", [CSRF_HEADER_NAME]: token },
    }),
  );
  if (!response.ok) throw new Error(`PUT ${url} → ${response.status}`);
}

function countText(unread: number) {
  return unread > 99 ? "99+" : String(unread);
}

export function NotificationBell() {
  const [items, setItems] = useState<NotificationItem[]>([]);
  const [unread, setUnread] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const [marking, setMarking] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Each load and each local change takes a number; a response older than the latest is dropped,
  // so a slow poll can never bring back a count that "Marcar todas como leídas" already cleared.
  const generation = useRef(0);

  const load = useCallback(async () => {
    const current = ++generation.current;
    try {
      const response = await fetch("/api/v1/notifications", {
        credentials: "same-origin",
        cache: "no-store",
        headers: { Accept: "application/json" },
      });
      if (!response.ok) throw new Error(`GET /api/v1/notifications → ${response.status}`);
      const list = parseList(await response.json());
      if (!list) throw new Error("GET /api/v1/notifications: respuesta inesperada");
      if (current !== generation.current) return;
      setItems(list.items);
      setUnread(list.unread);
    } catch (error) {
      console.error("Notificaciones:", error);
    }
  }, []);

  // Poll every 30 s, only while the tab is visible; refresh at once when it becomes visible.
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      void load();
      if (timer === undefined) timer = setInterval(() => void load(), NOTIFICATION_POLL_MS);
    };
    const stop = () => {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
    };
    const onVisibility = () => (document.visibilityState === "visible" ? start() : stop());
    if (document.visibilityState === "visible") start();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stop();
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [load]);

  // Escape closes and gives focus back to the bell; a click or focus outside closes.
  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    }
    function onPointerDown(event: PointerEvent) {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    }
    function onFocusIn(event: FocusEvent) {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("focusin", onFocusIn);
    };
  }, [open]);

  const toggle = () => {
    setOpen((value) => !value);
    if (!open) void load();
  };

  async function markAllRead() {
    setMarking(true);
    try {
      await csrfPut("/api/v1/notifications/mark-all-read");
      generation.current++;
      const now = new Date().toISOString();
      setItems((list) => list.map((item) => (item.read_at ? item : { ...item, read_at: now })));
      setUnread(0);
    } catch (error) {
      console.error("Notificaciones:", error);
    } finally {
      setMarking(false);
    }
  }

  /** Marks one entry read; an entry that opens its subject (a link) also closes the list. */
  function markRead(item: NotificationItem, close = true) {
    if (close) setOpen(false);
    if (item.read_at) return;
    generation.current++;
    const now = new Date().toISOString();
    setItems((list) => list.map((entry) => (entry.id === item.id ? { ...entry, read_at: now } : entry)));
    setUnread((count) => (count === null ? count : Math.max(0, count - 1)));
    csrfPut(`/api/v1/notifications/${item.id}/read`).catch((error) => console.error("Notificaciones:", error));
  }

  const label = unread === null ? "Notificaciones" : `Notificaciones (${unread} sin leer)`;

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        className={cn(
          "relative inline-flex size-11 items-center justify-center rounded-lg text-ink-700 hover:bg-ink-100 hover:text-ink-900",
          open && "bg-ink-100 text-ink-900",
        )}
      >
        <AreaIcon name="bell" className="size-6" />
        {unread !== null && unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute top-1 right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-[11px] leading-none font-bold text-white ring-2 ring-white"
          >
            {countText(unread)}
          </span>
        )}
      </button>

      <div
        id={panelId}
        hidden={!open}
        role="region"
        aria-labelledby={headingId}
        className="fixed inset-x-3 top-[4.25rem] z-50 overflow-hidden rounded-2xl border border-ink-200 bg-white shadow-2xl sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96"
      >
        <div className="flex items-center justify-between gap-3 border-b border-ink-200 px-4 py-3">
          <div className="min-w-0">
            <p id={headingId} className="text-sm font-semibold text-ink-900">
              Notificaciones
            </p>
            {unread !== null && <p className="text-xs text-ink-600">{unread === 0 ? "Todo al día" : `${unread} sin leer`}</p>}
          </div>
          <button
            type="button"
            onClick={markAllRead}
            disabled={marking || !unread}
            className="shrink-0 rounded-md px-2 py-1.5 text-xs font-semibold whitespace-nowrap text-brand-700 hover:bg-brand-50 hover:text-brand-800 disabled:cursor-not-allowed disabled:text-ink-600 disabled:hover:bg-transparent sm:text-sm"
          >
            Marcar todas como leídas
          </button>
        </div>
        {items.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-ink-600">No tienes notificaciones.</p>
        ) : (
          <ul className="max-h-96 divide-y divide-ink-100 overflow-y-auto">
            {items.slice(0, 10).map((item) => {
              const content = (
                <>
                  <span
                    aria-hidden="true"
                    className={cn("mt-1.5 size-2 shrink-0 rounded-full", item.read_at ? "bg-transparent" : "bg-brand-600")}
                  />
                  <span className="min-w-0 flex-1">
                    <span className={cn("block text-sm text-ink-900", !item.read_at && "font-semibold")}>
                      {!item.read_at && <span className="sr-only">No leída: </span>}
                      {item.title}
                    </span>
                    {item.body && <span className="mt-0.5 line-clamp-2 block text-sm text-ink-600">{item.body}</span>}
                    {item.created_at && (
                      <time dateTime={item.created_at} className="mt-1 block text-xs text-ink-600">
                        {formatDate(item.created_at)}
                      </time>
                    )}
                  </span>
                </>
              );
              return (
                <li key={item.id}>
                  {item.link ? (
                    <Link href={item.link} onClick={() => markRead(item)} className="flex gap-3 px-4 py-3 hover:bg-ink-50">
                      {content}
                    </Link>
                  ) : item.read_at ? (
                    <div className="flex gap-3 px-4 py-3">{content}</div>
                  ) : (
                    // Without a subject to open, clicking the entry only marks it read.
                    <button type="button" onClick={() => markRead(item, false)} className="flex w-full gap-3 px-4 py-3 text-left hover:bg-ink-50">
                      {content}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
