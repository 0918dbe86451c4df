"use client";

import Link from "next/link";
import { useEffect, useId, useState } from "react";
import { inputClass } from "@/components/ui/form-field";
import { searchClientOptionsAction } from "@/lib/billing/actions";
import type { ClientOption } from "@/lib/billing/admin-queries";

// "Estado de cuenta" of the back office: choose the client by name or e-mail. Without a search it
// lists the first clients by name; typing searches every client on the server (each word, accents
// and case ignored) a moment after the last key, and each result links to the statement of that
// client for the same period.

/** How long the picker waits after a key before it searches. */
const SEARCH_DELAY_MS = 250;



export function StatementClientPicker({ initialClients, selectedId, keepParams = {} }: { initialClients: ClientOption[]; selectedId: string | null; keepParams?: Record<string, string> }) {
  const [text, setText] = useState("");
  const [found, setFound] = useState<{ text: string; clients: ClientOption[] } | null>(null);
  const [failure, setFailure] = useState<{ text: string; message: string } | null>(null);
  const id = useId();
  const wanted = text.trim();

  useEffect(() => {
    if (!wanted) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      searchClientOptionsAction(wanted)
        .then((outcome) => {
          if (cancelled) return;
          if (outcome.ok) setFound({ text: wanted, clients: outcome.data });
          else setFailure({ text: wanted, message: outcome.message });
        })
        .catch(() => {
          if (!cancelled) setFailure({ text: wanted, message: "No hay conexión con el servidor." });
        });
    }, SEARCH_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [wanted]);

  const matches = !wanted ? initialClients : found?.text === wanted ? found.clients : null;
  const href = (userId: string) => `/admin/statement?${new URLSearchParams({ user_id: userId, ...keepParams }).toString()}`;
  return (
    <div className="rounded-2xl border border-ink-200 bg-white p-4 shadow-card sm:p-5">
      <label htmlFor={id} className="block text-sm font-medium text-ink-800">
        Cliente (nombre o correo electrónico)
      </label>
      <input
        id={id}
        type="search"
        value={text}
        maxLength={200}
        autoComplete="off"
        placeholder="Buscar cliente"
        onChange={(event) => setText(event.target.value)}
        className={`${inputClass} mt-1.5`}
      />
      <div aria-live="polite" className="mt-3 text-sm text-ink-600 empty:hidden">
        {wanted && failure?.text === wanted && matches === null ? (
          <p role="alert">No se pudo buscar: {failure.message} Cambia el texto para intentarlo de nuevo.</p>
        ) : matches === null ? (
          <p>Buscando…</p>
        ) : matches.length === 0 ? (
          <p>Ningún cliente coincide con la búsqueda.</p>
        ) : null}
      </div>
      {matches && matches.length > 0 && (
        <ul aria-label="Clientes" className="mt-3 flex flex-col divide-y divide-ink-100">
          {matches.map((client) => (
            <li key={client.id}>
              <Link
                href={href(client.id)}
                aria-current={client.id === selectedId ? "page" : undefined}
                className="flex min-h-11 flex-col justify-center rounded-lg px-2 py-1.5 text-sm hover:bg-ink-50 aria-[current=page]:bg-brand-50"
              >
                <span className="font-medium text-ink-900">{client.name}</span>
                <span className="break-all text-ink-600">{client.email}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
